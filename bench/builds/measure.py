#!/usr/bin/env python3
"""Builds public programs with nvcc and with ferry-cc from their own
Makefiles and CMake files, changing nothing but the compiler, and prints a
table: whether each built, whether the executable holds device code (the
.nv_fatbin section), and, where a GPU run was recorded (--runs), whether
the ferry-cc build's output matched nvcc's.

    bench/builds/measure.py [--ferry-cc build/bin/ferry-cc] [--only NAME...]
    bench/builds/measure.py --pack DIR     # both builds of every program
                                           # with a run, and DIR/run.sh
    bench/builds/measure.py --runs LOG     # the table, with run.sh's results

The programs are bench/builds/programs.txt's, checked out at the commits
bench/real/repos.txt pins, under $FERRY_SRC (default /work/src). Each build
runs in its own scratch directory under $FERRY_BUILDS (default
~/.cache/ferry-builds), outside the repository, from `git archive` of the
pinned commit, at nice 19 and make -j2. Results are cached per program and
compiler: a program is built again only when the compiler changed (for
ferry-cc: its binary, plugin, runtime and headers). A program marked
no-contraction:VAR gets a third pair of builds, both compilers given
nvcc's --fmad=false through the Makefile's VAR, which --pack and run.sh
carry and compare too (docs/PUBLIC_BUILDS.md)."""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

import inputs

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NVCC = "/usr/local/cuda/bin/nvcc"
# What each suite's programs need beside their own directory.
SHARED_PATHS = {
    "zjin-lcf/HeCBench": ["src/include"],
    "yuhc/gpu-rodinia": ["common", "cuda/util"],
    "NVIDIA/cuda-samples": ["Common", "cmake"],
}
MAKE_EXTRA = {"zjin-lcf/HeCBench": ["ARCH=sm_90a"]}


def read_programs():
    programs = []
    for line in open(os.path.join(HERE, "programs.txt")):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [field.strip() for field in line.split("|")]
        repo, directory, build, run = fields[:4]
        words = " ".join(fields[4:]).split()
        also = [w for w in words if not w.startswith(("no-contraction:", "inputs:"))]
        # no-contraction:VAR: a third pair of builds, both compilers given
        # nvcc's --fmad=false through the Makefile's variable VAR.
        no_contraction = [w.split(":", 1)[1] for w in words if w.startswith("no-contraction:")]
        name = os.path.basename(directory).removesuffix("-cuda")
        # inputs:NAME: the files the run reads, written into the packed
        # program's directory by inputs.py's generator NAME.
        generated = [w.split(":", 1)[1] for w in words if w.startswith("inputs:")]
        programs.append(dict(repo=repo, directory=directory, build=build, run=run, name=name, also=also,
                             no_contraction=no_contraction[0] if no_contraction else None,
                             inputs=generated[0] if generated else None))
    return programs


def pinned_commits():
    pins = {}
    for line in open(os.path.join(ROOT, "bench", "real", "repos.txt")):
        if line.strip() and not line.startswith("#"):
            repo, commit = line.split()
            pins[repo] = commit
    return pins


def compiler_key(compiler):
    """What identifies a compiler's builds: for ferry-cc, the contents of
    its binary, plugin, runtime and headers (a rebuild that changes none of
    them keeps the cache); for nvcc, its file's size and time."""
    digest = hashlib.sha256()
    if "ferry-cc" not in os.path.basename(compiler):
        info = os.stat(os.path.realpath(compiler))
        digest.update(f"{compiler} {info.st_size} {info.st_mtime_ns}\n".encode())
        return digest.hexdigest()[:16]
    root = os.path.dirname(os.path.dirname(os.path.realpath(compiler)))
    paths = [compiler, os.path.join(root, "lib", "ferry.so"), os.path.join(root, "lib", "ferry-rt.bc")]
    for directory, _, files in sorted(os.walk(os.path.join(root, "include"))):
        paths += [os.path.join(directory, f) for f in sorted(files)]
    # ferry-cc carries the commit it was built from, which changes with
    # every commit however little the compiler does: left out.
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout
    commit = re.search(r"\(commit ([^)]+)\)", version)
    for path in paths:
        digest.update(os.path.relpath(path, root).encode())
        with open(os.path.realpath(path), "rb") as stream:
            content = stream.read()
        if commit and path == compiler:
            content = content.replace(commit.group(1).encode(), b"")
        digest.update(hashlib.sha256(content).digest())
    return digest.hexdigest()[:16]


def extract(program, commit, source, work):
    """The program's directory and its suite's shared ones, at the pinned
    commit, into work (a scratch copy of the repository's layout), each
    replacing what an earlier build left there."""
    paths = [program["directory"]] + program["also"] + SHARED_PATHS.get(program["repo"], [])
    present = [p for p in paths if subprocess.run(["git", "-C", source, "cat-file", "-e", f"{commit}:{p}"],
                                                   capture_output=True).returncode == 0]
    for path in present:
        shutil.rmtree(os.path.join(work, path), ignore_errors=True)
    os.makedirs(work, exist_ok=True)
    archive = subprocess.run(["git", "-C", source, "archive", commit] + present, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", work], input=archive.stdout, check=True)


def executables(directory):
    found = []
    for top, _, files in os.walk(directory):
        if "CMakeFiles" in top:
            continue
        for f in files:
            path = os.path.join(top, f)
            if f.endswith((".so", ".sh", ".py", ".pl")) or not os.access(path, os.X_OK) or os.path.islink(path):
                continue
            with open(path, "rb") as stream:
                if stream.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def has_device_code(path):
    sections = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True).stdout
    return ".nv_fatbin" in sections


# The option the no-contraction pair adds: nvcc's own, which ferry-cc
# translates (-Xarch_device -ffp-contract=off), so that the two builds
# still differ in the compiler alone.
NO_CONTRACTION = "--fmad=false"


def build(program, compiler, work, log, extra=()):
    source_dir = os.path.join(work, program["directory"])
    nice = ["nice", "-n", "19"]
    if program["build"] == "cmake":
        build_dir = os.path.join(source_dir, "build")
        steps = [nice + ["cmake", "-S", source_dir, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                         f"-DCMAKE_CUDA_COMPILER={compiler}"],
                 nice + ["cmake", "--build", build_dir, "-j2"]]
        look_in = build_dir
    else:
        variables = program["build"].split(":", 1)[1].split(",")
        steps = [nice + ["make", "-C", source_dir, "-j2"] + [f"{v}={compiler}" for v in variables]
                 + MAKE_EXTRA.get(program["repo"], []) + list(extra)]
        look_in = source_dir
    before = set(executables(look_in))
    for step in steps:
        with open(log, "a") as stream:
            stream.write("$ " + " ".join(step) + "\n")
            stream.flush()
            if subprocess.run(step, stdout=stream, stderr=subprocess.STDOUT).returncode != 0:
                return None
    made = [p for p in executables(look_in) if p not in before]
    return max(made, key=os.path.getmtime) if made else None


def load_results(scratch):
    """Every compiler's cached results (one file a compiler, so that the
    builds of two compilers can run at once)."""
    results = {}
    for name in sorted(os.listdir(scratch)):
        if name.startswith("results-") and name.endswith(".json"):
            results.update(json.load(open(os.path.join(scratch, name))))
    return results


def builds_of(program, compilers):
    """(label, compiler, extra make arguments) of each build a program
    gets: one a compiler, and for a program marked no-contraction, one
    more a compiler with NO_CONTRACTION ("nvcc-nofma", "ferry-nofma")."""
    for label, compiler in compilers.items():
        yield label, compiler, ()
        if program.get("no_contraction"):
            yield f"{label}-nofma", compiler, (f"{program['no_contraction']}={NO_CONTRACTION}",)


def measure(programs, compilers, scratch):
    results = load_results(scratch)
    pins = pinned_commits()
    source_root = os.environ.get("FERRY_SRC", "/work/src")
    for program in programs:
        for label, compiler, extra in builds_of(program, compilers):
            key = compiler_key(compiler) + (" " + " ".join(extra) if extra else "")
            entry_key = f"{program['repo']}/{program['directory']}:{label}"
            entry = results.get(entry_key)
            if entry and entry.get("key") == key:
                continue
            work = os.path.join(scratch, label, program["repo"])
            extract(program, pins[program["repo"]], os.path.join(source_root, program["repo"]), work)
            log = os.path.join(scratch, label, program["name"] + ".log")
            open(log, "w").close()
            print(f"building {program['name']} with {label}", file=sys.stderr, flush=True)
            executable = build(program, compiler, work, log, extra)
            results[entry_key] = dict(key=key, built=executable is not None,
                                      executable=executable,
                                      device_code=bool(executable) and has_device_code(executable), log=log)
            mine = {k: v for k, v in results.items() if k.endswith(":" + label)}
            json.dump(mine, open(os.path.join(scratch, f"results-{label}.json"), "w"), indent=1)
    return results


RUN_SCRIPT = r"""#!/bin/bash
# run.sh [SECONDS]: runs both builds of every program in programs.list with
# its arguments, within SECONDS in all (default 130): nvcc's build twice,
# ferry-cc's once, the three of a program at once, 8 programs at a time
# (the GPU time-slices between them; each job's limit is what is left of
# the whole). stdout is compared with the lines that report time or speed
# left out. nvcc's two runs tell whether the program's output is
# deterministic: where they differ, only the lines they agree on are
# compared. One line a program, "NAME RESULT", then each build's seconds.
# A program with a no-contraction pair (nvcc-nofma, ferry-nofma: both
# built with --fmad=false) runs it too, and a second line,
# "NAME/no-contraction RESULT", compares the two on the same lines.
cd "$(dirname "$0")"
limit=${1:-130}
export DEADLINE=$(( $(date +%s) + limit ))
filter() { grep -viE 'time|[0-9.] *(ms|us|s|sec|seconds|msec|secs)\b|GB/s|gflop|throughput|bandwidth|elapsed|speed|perf' || true; }
run_job() {  # NAME BUILD TAG ARGS... (an argument @OUT: a file of the run's own, its
            # contents then appended to the run's stdout and compared with it)
  local name=$1 build=$2 tag=$3; shift 3
  local left=$(( DEADLINE - $(date +%s) ))
  local dir=programs/$name args=() arg
  [ "$left" -gt 1 ] || { echo skipped > "$dir/$tag.rc"; return; }
  for arg in "$@"; do args+=("${arg//@OUT/$tag.data}"); done
  local start=$EPOCHREALTIME
  (cd "$dir" && timeout -k 2 "$left" "./$build" "${args[@]}" > "$tag.out" 2> "$tag.err"; echo $? > "$tag.rc"
   if [ -f "$tag.data" ]; then cat "$tag.data" >> "$tag.out"; fi)
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f\n", b - a }' > "$dir/$tag.seconds"
}
run_program() {  # NAME ARGS...
  local name=$1; shift
  run_job "$name" nvcc nvcc1 "$@" & run_job "$name" nvcc nvcc2 "$@" & run_job "$name" ferry ferry "$@" &
  if [ -f "programs/$name/nvcc-nofma" ]; then
    run_job "$name" nvcc-nofma nvcc-nofma "$@" & run_job "$name" ferry-nofma ferry-nofma "$@" &
  fi
  wait
}
compare_no_contraction() {  # NAME: the no-contraction pair's line, on the lines nvcc's two runs agree on
  local name=$1 dir=programs/$1 n f
  [ -f "$dir/nvcc-nofma" ] || return
  n=$(cat "$dir/nvcc-nofma.rc" 2>/dev/null || echo none); f=$(cat "$dir/ferry-nofma.rc" 2>/dev/null || echo none)
  local seconds="(s: nvcc $(cat "$dir/nvcc-nofma.seconds" 2>/dev/null || echo -), ferry-cc $(cat "$dir/ferry-nofma.seconds" 2>/dev/null || echo -))"
  if [ "$n" = none ] || [ "$n" = skipped ] || [ "$f" = none ] || [ "$f" = skipped ] || [ "$n" = 124 ] || [ "$f" = 124 ]; then
    echo "$name/no-contraction not run within the call's limit"; return; fi
  if [ "$n" != "$f" ]; then echo "$name/no-contraction exit codes differ: nvcc=$n ferry-cc=$f $seconds"; return; fi
  filter < "$dir/nvcc-nofma.out" > "$dir/nvcc-nofma.kept"; filter < "$dir/ferry-nofma.out" > "$dir/ferry-nofma.kept"
  if [ ! -s "$dir/nvcc1.kept" ] || [ "$(wc -l < "$dir/nvcc-nofma.kept")" != "$(wc -l < "$dir/nvcc1.kept")" ] ||
     [ "$(wc -l < "$dir/ferry-nofma.kept")" != "$(wc -l < "$dir/nvcc1.kept")" ]; then
    echo "$name/no-contraction line counts differ from the default builds' $seconds"; return; fi
  awk -v second="$dir/nvcc2.kept" -v n="$dir/nvcc-nofma.kept" -v f="$dir/ferry-nofma.kept" -v name="$name" -v s="$seconds" '
    { getline b < second; getline x < n; getline y < f }
    $0 == b { stable++; if (x != y) { bad++; if (bad <= 3) shown = shown "\n  < " x "\n  > " y } }
    END { others = NR > stable ? ", of " NR ": the others vary between nvcc runs" : ""
          printf "%s/no-contraction %s (%d lines%s) %s%s\n", name, (bad ? "differs" : "same"), stable, others, s, shown }
    ' "$dir/nvcc1.kept"
}
compare() {  # NAME: the result line
  local name=$1 dir=programs/$1 n1 n2 f
  n1=$(cat "$dir/nvcc1.rc" 2>/dev/null || echo none); n2=$(cat "$dir/nvcc2.rc" 2>/dev/null || echo none)
  f=$(cat "$dir/ferry.rc" 2>/dev/null || echo none)
  local seconds="(s: nvcc $(cat "$dir/nvcc1.seconds" 2>/dev/null || echo -), ferry-cc $(cat "$dir/ferry.seconds" 2>/dev/null || echo -))"
  if [ "$n1" = none ] || [ "$f" = none ] || [ "$n1" = skipped ] || [ "$f" = skipped ]; then
    echo "$name not run within the call's limit"; return; fi
  if [ "$n1" = 124 ] || [ "$n1" = 137 ] || [ "$f" = 124 ] || [ "$f" = 137 ]; then
    echo "$name past the call's limit (exit nvcc=$n1 ferry-cc=$f) $seconds"; return; fi
  if [ "$n1" != "$f" ]; then echo "$name exit codes differ: nvcc=$n1 ferry-cc=$f $seconds"
    sed 's/^/  ferry-cc: /' "$dir/ferry.err" | head -3; return; fi
  filter < "$dir/nvcc1.out" > "$dir/nvcc1.kept"; filter < "$dir/nvcc2.out" > "$dir/nvcc2.kept"
  filter < "$dir/ferry.out" > "$dir/ferry.kept"
  local lines=$(wc -l < "$dir/nvcc1.kept") code=""
  [ "$f" != 0 ] && code=", both exit $f"
  if cmp -s "$dir/nvcc1.kept" "$dir/nvcc2.kept"; then
    if [ "$lines" = 0 ] && [ ! -s "$dir/ferry.kept" ]; then echo "$name same (0 lines: prints timings alone$code) $seconds"
    elif cmp -s "$dir/nvcc1.kept" "$dir/ferry.kept"; then echo "$name same ($lines lines$code) $seconds"
    else echo "$name differs $seconds"; diff "$dir/nvcc1.kept" "$dir/ferry.kept" | head -6 | sed 's/^/  /'; fi
    return
  fi
  # nvcc's own runs differ: the lines both agree on, by position.
  local stable varying
  if [ "$(wc -l < "$dir/nvcc2.kept")" != "$lines" ] || [ "$(wc -l < "$dir/ferry.kept")" != "$lines" ]; then
    echo "$name nondeterministic: line counts vary $seconds"; return; fi
  awk -v second="$dir/nvcc2.kept" -v ferry="$dir/ferry.kept" -v name="$name" -v s="$seconds" '
    { getline b < second; getline c < ferry }
    $0 == b { stable++; if (c != $0) bad++ } $0 != b { varying++ }
    END { printf "%s %s: nondeterministic (%d of %d lines vary between nvcc runs), the other %d %s %s\n", name,
          bad ? "differs" : "same", varying, NR, stable, bad ? "lines: " bad " differ" : "same", s }' "$dir/nvcc1.kept"
}
export -f run_job run_program filter compare_no_contraction
# clang's OpenMP runtime, which ferry-cc builds of -Xcompiler -fopenmp
# programs load, where the GPU machine has none of its own.
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
echo "# $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
ls programs/*/*.xz | xargs -P 16 -n 4 xz -d
chmod +x programs/*/nvcc* programs/*/ferry*
while IFS='|' read -r name args; do printf '%s\0' "$name $args"; done < programs.list |
  xargs -0 -P 8 -I{} bash -c 'run_program {}'
while IFS='|' read -r name args; do compare "$name"; compare_no_contraction "$name"; done < programs.list
"""


def pack(programs, results, directory):
    """Both builds of each program with a run, xz-compressed, with the files
    its arguments name or its generator writes (inputs.py), and run.sh
    (what an earlier pack left there is removed first)."""
    shutil.rmtree(os.path.join(directory, "programs"), ignore_errors=True)
    shutil.rmtree(os.path.join(directory, "lib"), ignore_errors=True)
    os.makedirs(os.path.join(directory, "programs"), exist_ok=True)
    listing = []
    for program in programs:
        if program["run"] in ("no", "slow"):
            continue
        labels = ["nvcc", "ferry"]
        builds = [results.get(f"{program['repo']}/{program['directory']}:{label}") for label in labels]
        if not all(b and b["built"] and os.path.isfile(b["executable"]) for b in builds):
            continue
        pair = [results.get(f"{program['repo']}/{program['directory']}:{label}-nofma") for label in labels]
        if program.get("no_contraction") and all(b and b["built"] and os.path.isfile(b["executable"]) for b in pair):
            labels += ["nvcc-nofma", "ferry-nofma"]
            builds += pair
        target = os.path.join(directory, "programs", program["name"])
        os.makedirs(target, exist_ok=True)
        for label, entry in zip(labels, builds):
            with open(os.path.join(target, label + ".xz"), "wb") as out:
                subprocess.run(["xz", "-9", "-T2", "-c", entry["executable"]], stdout=out, check=True)
            # The shared libraries a build loads that a GPU machine may lack
            # (clang's libomp, for -Xcompiler -fopenmp): carried along.
            libraries = subprocess.run(["ldd", entry["executable"]], capture_output=True, text=True).stdout
            for match in re.finditer(r"(libomp\S*) => (\S+)", libraries):
                os.makedirs(os.path.join(directory, "lib"), exist_ok=True)
                shutil.copy(match.group(2), os.path.join(directory, "lib", match.group(1)))
        if program["inputs"]:
            inputs.GENERATORS[program["inputs"]](target)
        arguments = "" if program["run"] == "-" else program["run"]
        program_dir = os.path.dirname(builds[0]["executable"])
        for word in arguments.split():
            path = os.path.join(program_dir, word)
            if "/" in word and os.path.isfile(path):
                os.makedirs(os.path.join(target, os.path.dirname(word)), exist_ok=True)
                shutil.copy(path, os.path.join(target, word))
        listing.append(f"{program['name']}|{arguments}")
    open(os.path.join(directory, "programs.list"), "w").write("\n".join(listing) + "\n")
    with open(os.path.join(directory, "run.sh"), "w") as stream:
        stream.write(RUN_SCRIPT)
    os.chmod(os.path.join(directory, "run.sh"), 0o755)


def table(programs, results, runs):
    rows = ["| program | nvcc builds | ferry-cc builds | device code (nvcc / ferry-cc) | GPU run |", "|---|---|---|---|---|"]
    counts = dict(nvcc=0, ferry=0, device=0, same=0, ran=0)
    for program in programs:
        n = results.get(f"{program['repo']}/{program['directory']}:nvcc") or {}
        f = results.get(f"{program['repo']}/{program['directory']}:ferry") or {}
        counts["nvcc"] += bool(n.get("built"))
        counts["ferry"] += bool(f.get("built"))
        counts["device"] += bool(f.get("device_code"))
        if not n.get("built"):
            run = "not run: nvcc does not build it"
        elif not f.get("built"):
            run = "not compared: ferry-cc does not build it"
        elif program["run"] == "no":
            run = "not run: needs data the repository does not hold"
        elif program["run"] == "slow":
            run = "not run: its input takes longer than the call allows"
        else:
            run = runs.get(program["name"], "not run")
            # The seconds are wall time among 24 processes sharing the GPU:
            # the log keeps them, the table does not.
            run = re.sub(r" \(s: [^)]*\)$", "", run)
            if re.match(r"same \(0 lines", run):
                run = "ran alike, nothing to compare: prints timings alone (both exit 0)"
            counts["ran"] += program["name"] in runs and not run.startswith("ran alike")
            if program["inputs"] and program["name"] in runs:
                run += "; on a generated input"
            paired = runs.get(program["name"] + "/no-contraction")
            if paired:
                run += "; built with --fmad=false by both: " + re.sub(r" \(s: [^)]*\)$", "", paired)
        counts["same"] += run.startswith("same")
        mark = lambda flag: "yes" if flag else "no"
        rows.append(f"| {program['repo'].split('/')[1]} {program['name']} | {mark(n.get('built'))} | "
                    f"{mark(f.get('built'))} | {mark(n.get('device_code'))} / {mark(f.get('device_code'))} | {run} |")
    rows.append(f"| **{len(programs)} programs** | {counts['nvcc']} | {counts['ferry']} | ferry-cc: {counts['device']} |"
                f" {counts['same']} of {counts['ran']} run the same |")
    return "\n".join(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ferry-cc", default=os.path.join(ROOT, "build", "bin", "ferry-cc"))
    parser.add_argument("--only", nargs="*", help="program names (the directory's, without -cuda)")
    parser.add_argument("--pack", help="write both builds of the programs with a run and run.sh there")
    parser.add_argument("--runs", help="run.sh's output, to fill the table's last column")
    parser.add_argument("--compiler", choices=["nvcc", "ferry", "both"], default="both", help="which builds to make")
    parser.add_argument("--no-build", action="store_true", help="the cached results alone")
    options = parser.parse_args()
    scratch = os.environ.get("FERRY_BUILDS", os.path.expanduser("~/.cache/ferry-builds"))
    os.makedirs(scratch, exist_ok=True)
    programs = read_programs()
    if options.only:
        programs = [p for p in programs if p["name"] in options.only]
    compilers = dict(nvcc=NVCC, ferry=os.path.abspath(options.ferry_cc))
    if options.compiler != "both":
        compilers = {options.compiler: compilers[options.compiler]}
    if options.no_build:
        results = load_results(scratch)
    else:
        results = measure(programs, compilers, scratch)
    if options.pack:
        pack(programs, results, options.pack)
    runs = {}
    if options.runs:
        for line in open(options.runs):
            words = line.split()
            if len(words) >= 2 and not line.startswith(" "):
                runs[words[0]] = " ".join(words[1:])
    print(table(programs, results, runs))


if __name__ == "__main__":
    main()
