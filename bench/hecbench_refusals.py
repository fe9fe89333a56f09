#!/usr/bin/env python3
"""Counts ferry's refusals over HeCBench, by reason.

Compiles the device code of every HeCBench `*-cuda` program whose sources
use shared memory (`__shared__`) with one or two ferry plugins (clang 22,
device only, sm_90a, -O3, `-Rpass=ferry -Rpass-missed=ferry
-Rpass-analysis=ferry`) and prints, per plugin, how many copies each
refusal reason kept as written ("not converted: REASON"), and in how many
programs. A reason is its words: the location is dropped, and numbers and
IR value names in it become N and %V, so that one reason at many places
counts as one. A refusal for where the copy's value lands that says why
its load is not staged either ("HAZARD; not staged: WHY") counts under
HAZARD, and again in a row "not staged: WHY" below it. Programs whose
compile fails are counted apart, with their first error.

    python3 bench/hecbench_refusals.py PLUGIN [PLUGIN2]
        [--hecbench DIR] [--only NAME...] [--limit N] [-j N] [--cache DIR]

A copy is one "not converted" remark: each instance of a template is a
copy of its own in the device code; "places" counts their source
locations once. PLUGIN is a built ferry.so (its ferry-rt.bc beside it is linked when
present). With two, the table has a column for each (before, after).
Each program's remarks are cached per plugin (by the plugin's bytes and
the program's sources) under --cache, so a run again costs only what
changed. HeCBench is the checkout of bench/real/repos.txt's commit
(bench/real/fetch.sh), by default /work/src/zjin-lcf/HeCBench.
"""
import argparse
import collections
import concurrent.futures
import datetime
import glob
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CLANG = os.environ.get("FERRY_CLANG", "/usr/lib/llvm-22/bin/clang++")
CUDA = os.environ.get("FERRY_CUDA_PATH", "/usr/local/cuda")
REMARK = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<column>\d+): remark: (?P<text>.*?)"
                    r"(?: \[-Rpass(?P<kind>-missed|-analysis)?=ferry\])?$")


def pinned_commit():
    """HeCBench's commit in bench/real/repos.txt."""
    with open(os.path.join(HERE, "real", "repos.txt")) as listing:
        for line in listing:
            fields = line.split()
            if len(fields) == 2 and fields[0] == "zjin-lcf/HeCBench":
                return fields[1]
    return None


def uses_shared_memory(program_dir):
    for path in glob.glob(os.path.join(program_dir, "**", "*"), recursive=True):
        if os.path.splitext(path)[1] in (".cu", ".cuh", ".h", ".hpp", ".inc") and os.path.isfile(path):
            with open(path, errors="replace") as source:
                if "__shared__" in source.read():
                    return True
    return False


def makefile_flags(program_dir):
    """The .cu files of the Makefile's `source = ...` (all top-level .cu
    files where it names none), and the plain -I and -D flags it always
    gives (outside its ifeq blocks: DEBUG, DUMP and such stay off)."""
    sources, flags = [], []
    makefile = os.path.join(program_dir, "Makefile")
    text = open(makefile, errors="replace").read() if os.path.exists(makefile) else ""
    depth = 0
    for line in text.replace("\\\n", " ").splitlines():
        word = line.split()[0] if line.split() else ""
        if word in ("ifeq", "ifneq", "ifdef", "ifndef"):
            depth += 1
        elif word == "endif":
            depth = max(depth - 1, 0)
        if depth:
            continue
        match = re.match(r"^source\s*:?=(.*)$", line)
        if match:
            sources = [s for s in match.group(1).split() if s.endswith(".cu") and "$" not in s]
        for kind, token in re.findall(r"(-[ID])\s*([^\s$()]+)", line):
            if kind == "-I":
                path = os.path.normpath(os.path.join(program_dir, token))
                flag = "-I" + path if os.path.isdir(path) else None
            else:
                flag = "-D" + token
            if flag and flag not in flags:
                flags.append(flag)
    sources = [s for s in sources if os.path.exists(os.path.join(program_dir, s))]
    if not sources:
        sources = sorted(os.path.basename(p) for p in glob.glob(os.path.join(program_dir, "*.cu")))
    return sources, flags


def normalize(text):
    text = re.sub(r"%[\w.]+", "%V", text)
    text = re.sub(r"\d+", "N", text)
    return text


def digest(paths):
    h = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as data:
            h.update(data.read())
    return h.hexdigest()[:16]


def compile_program(plugin, program_dir, cache_dir):
    """{'status': 'ok'|'failed', 'error': str, 'remarks': [[loc, kind, text]]},
    from the cache where the plugin and the sources are the same."""
    name = os.path.basename(program_dir)
    sources, makefile = makefile_flags(program_dir)
    files = sorted(p for p in glob.glob(os.path.join(program_dir, "**", "*"), recursive=True)
                   if os.path.isfile(p) and os.path.splitext(p)[1] in
                   (".cu", ".cuh", ".h", ".hpp", ".inc", ".cpp"))
    key = digest([plugin] + files)
    cached = os.path.join(cache_dir, name + ".json")
    if os.path.exists(cached):
        with open(cached) as data:
            result = json.load(data)
        if result.get("key") == key:
            return name, result
    runtime = os.path.join(os.path.dirname(plugin), "ferry-rt.bc")
    flags = ["-x", "cuda", "--cuda-path=" + CUDA, "-Wno-unknown-cuda-version", "--cuda-device-only",
             "--cuda-gpu-arch=sm_90a", "-O3", "-std=c++17", "-w", "-fpass-plugin=" + plugin,
             "-Rpass=ferry", "-Rpass-missed=ferry", "-Rpass-analysis=ferry", "-I" + program_dir,
             # nvcc finds CUDA 13's cub and thrust there by itself; clang does not.
             "-I" + os.path.join(CUDA, "include", "cccl")] + makefile
    if os.path.exists(runtime):
        flags += ["-Xclang", "-mlink-builtin-bitcode", "-Xclang", runtime]
    result = {"key": key, "status": "ok", "error": "", "remarks": []}
    for source in sources:
        command = ["nice", CLANG] + flags + ["-c", source, "-o", os.devnull]
        try:
            proc = subprocess.run(command, cwd=program_dir, capture_output=True, text=True,
                                  timeout=600)
            output, failed = proc.stderr, proc.returncode != 0
        except subprocess.TimeoutExpired:
            output, failed = "", True
            result["error"] = "%s: timed out" % source
        for line in output.splitlines():
            match = REMARK.match(line)
            if match and "ferry" in line:
                location = "%s:%s:%s" % (os.path.normpath(os.path.join(source, "..", match["file"]))
                                         if not match["file"].startswith("/") else match["file"],
                                         match["line"], match["column"])
                result["remarks"].append([location, match["kind"] or "", match["text"]])
        if failed:
            result["status"] = "failed"
            if not result["error"]:
                errors = [l for l in output.splitlines() if "error" in l]
                result["error"] = "%s: %s" % (source, (errors or ["exit %d" % proc.returncode])[0][:200])
    os.makedirs(cache_dir, exist_ok=True)
    with open(cached, "w") as data:
        json.dump(result, data)
    return name, result


# A refusal for where the copy's value lands says why its load is not
# staged either after this; such a reason counts under its hazard, and
# again under the hazard and why not staged (a row of its own below it).
NOT_STAGED = "; not staged: "


def count(results):
    """reason -> (copies, places, programs), converted copies, and the
    failed programs. A reason "HAZARD; not staged: WHY" counts both as
    HAZARD and as (HAZARD, WHY)."""
    copies = collections.Counter()
    places = collections.defaultdict(set)
    programs = collections.defaultdict(set)
    converted = 0
    failed = {}
    for name, result in results.items():
        if result["status"] != "ok":
            failed[name] = result["error"]
            continue
        for location, kind, text in result["remarks"]:
            if kind == "-missed" and text.startswith("not converted: "):
                reason = normalize(text[len("not converted: "):])
                head, _, why = reason.partition(NOT_STAGED)
                for key in [head] + ([(head, why)] if why else []):
                    copies[key] += 1
                    places[key].add((name, location))
                    programs[key].add(name)
            elif kind == "" and text.startswith("converted "):
                converted += 1
    table = {reason: (copies[reason], len(places[reason]), len(programs[reason]))
             for reason in copies}
    return table, converted, failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("plugins", nargs="+", metavar="PLUGIN", help="ferry.so (one or two)")
    parser.add_argument("--hecbench", default="/work/src/zjin-lcf/HeCBench")
    parser.add_argument("--only", nargs="+", default=[], metavar="NAME",
                        help="these programs only (e.g. laplace3d-cuda)")
    parser.add_argument("--limit", type=int, default=0, help="the first N programs only")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--cache", default=os.path.join(HERE, "..", ".carry", "hecbench-refusals"))
    parser.add_argument("--width", type=int, default=100, help="columns of a reason")
    args = parser.parse_args()
    if len(args.plugins) > 2:
        parser.error("one or two plugins")
    plugins = [os.path.abspath(p) for p in args.plugins]
    for plugin in plugins:
        if not os.path.isfile(plugin):
            parser.error("no plugin at %s" % plugin)

    commit = ""
    if os.path.exists(os.path.join(args.hecbench, ".git")):
        commit = subprocess.run(["git", "-C", args.hecbench, "rev-parse", "HEAD"],
                                capture_output=True, text=True).stdout.strip()
    if commit and pinned_commit() and commit != pinned_commit():
        print("warning: %s is at %s, bench/real/repos.txt pins %s" % (args.hecbench, commit or "?",
              pinned_commit()), file=sys.stderr)
    programs = sorted(d for d in glob.glob(os.path.join(args.hecbench, "src", "*-cuda"))
                      if os.path.isdir(d))
    if args.only:
        programs = [d for d in programs if os.path.basename(d) in args.only]
    programs = [d for d in programs if uses_shared_memory(d)]
    if args.limit:
        programs = programs[:args.limit]

    columns = []
    for plugin in plugins:
        cache_dir = os.path.join(args.cache, hashlib.sha256(plugin.encode()).hexdigest()[:12])
        results = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            jobs = [pool.submit(compile_program, plugin, d, cache_dir) for d in programs]
            for done, job in enumerate(concurrent.futures.as_completed(jobs), 1):
                name, result = job.result()
                results[name] = result
                print("[%d/%d] %s %s" % (done, len(jobs), name, result["status"]),
                      file=sys.stderr, flush=True)
        columns.append(count(results))

    print("HeCBench %s (%s), %s; %d *-cuda programs that use __shared__; device code, sm_90a, -O3"
          % (commit[:12] or "?", args.hecbench, datetime.date.today().isoformat(), len(programs)))
    for index, plugin in enumerate(plugins):
        table, converted, failed = columns[index]
        print("%s: %s: %d compiled, %d failed to build, %d copies converted" % (
            "before" if len(plugins) == 2 and index == 0 else "after" if len(plugins) == 2 else "plugin",
            plugin, len(programs) - len(failed), len(failed), converted))
    print()
    heads = ["plugin"] if len(plugins) == 1 else ["before", "after"]
    print("%-*s  %s" % (args.width, "", "  ".join("%22s" % h for h in heads)))
    print("%-*s  %s" % (args.width, "not converted: reason",
                        "  ".join("%22s" % "copies places programs" for _ in heads)))
    reasons = set()
    for table, _, _ in columns:
        reasons |= set(table)
    def weight(reason):
        return -max(table.get(reason, (0, 0, 0))[0] for table, _, _ in columns)
    def row(reason, shown):
        cells = ["%6d %6d %8d" % columns[i][0].get(reason, (0, 0, 0)) for i in range(len(columns))]
        shown = shown if len(shown) <= args.width else shown[:args.width - 3] + "..."
        print("%-*s  %s" % (args.width, shown, "  ".join("%22s" % c for c in cells)))
    for reason in sorted((r for r in reasons if isinstance(r, str)), key=lambda r: (weight(r), r)):
        row(reason, reason)
        whys = [r for r in reasons if isinstance(r, tuple) and r[0] == reason]
        for key in sorted(whys, key=lambda r: (weight(r), r[1])):
            row(key, "    not staged: " + key[1])
    for index, (_, _, failed) in enumerate(columns):
        if failed:
            print()
            print("failed to build (%s): %d" % (heads[index] if len(columns) == 2 else "plugin",
                                                len(failed)))
            for name in sorted(failed):
                print("  %s: %s" % (name, failed[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
