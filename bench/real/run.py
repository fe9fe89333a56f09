#!/usr/bin/env python3
"""Runs the real programs built by bench/real/build.sh on a GPU machine and
prints the table; see run.sh for the command line.

For every PROGRAM and target (sm_90a, sm_80) in OUT:
  identity   every timed run of the plain and the ferry binary prints the
             same output hash (FNV-1a over every output byte), and so do the
             two --small runs (the ferry one under racecheck)
  racecheck, synccheck
             the ferry (and nocost) binary at --small under compute-sanitizer, with
             FERRY_DISPATCH=variant unless the environment or --modes sets it
             (each variant runs wherever it can launch): 0 hazards,
             0 errors, exit 0 (when it fails, the plain binary goes through
             the same tool, reported beside it, to tell a ferry regression
             from a bug of the program)
  timing     ROUNDS rounds; in each, every build runs once (each run prints
             time_ms, the median of RUNS timed runs of the program's
             launches), in turns: the build list (plain, ferry[, nocost])
             rotated by round + program index + target index, so each build
             goes first as often as the others over as many rounds as there
             are builds, and neighbours in the list differ in order. The
             ratio of a round is plain / ferry (above 1: ferry faster); the
             table gives the median over the rounds and their spread
             (min-max), and the geometric mean of the medians per target.
  nocost     where build.sh --nocost made PROGRAM.ARCH.nocost (ferry with
             -ferry-cost-model=false, for programs whose copies the cost
             model refused), it runs, is checked and is timed like ferry's
             build: plain / nocost is what the refusals saved or cost
  converted  'remark: converted' lines in PROGRAM.ARCH.remarks (ferry's
             remarks of the device compile), beside 'not converted'
  trial      kernels whose variant is a trial variant (K__ferry_trial: it
             runs only where the measured dispatch timed its launch shape
             faster), from the same remarks
  profile    (--profile) Nsight Compute on the plain sm_90a binary, the first
             launch of each kernel: achieved occupancy, long-scoreboard
             stalls, issue-slot use and DRAM throughput, and a class:
               exposed  long-scoreboard stalls >= 25 % of the warps' active
                        cycles, issue slots busy < 50 %, DRAM < 60 % of peak:
                        warps wait on global loads that nothing else hides;
                        moving loads earlier can win here
               hidden   otherwise, with the reason: 'dram' (>= 60 %: the
                        kernel is bandwidth-bound, moving loads cannot make
                        the bytes come faster), 'issue' (>= 50 %: the
                        schedulers have other warps' work to issue), 'lsb'
                        (< 25 %: the warps mostly wait on something else,
                        barriers or shared memory)
             A program's class is its longest kernel's.
The environment passes through to every binary (FERRY_DISPATCH=model ... as
the launch runtime reads it); FERRY_* variables are printed in the header.
--modes measure,model times the ferry binary under each FERRY_DISPATCH mode
as a build of its own (ferry@measure, ferry@model) in the same rounds, so
the measured dispatch and the model's static choice alternate with plain.
--control times the plain binary a second time as a build of its own
(plain#aa) in the same rounds: its column, plain / plain again, is the A/A
control, the spread a ratio of that program shows with nothing changed.
Logs and CSV files go to --logs (default OUT/logs); the table prints last.
"""
import argparse
import csv
import glob
import lzma
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

TARGETS = ["sm_90a", "sm_80"]


def sh(cmd, timeout, env=None, log=None):
    """Runs cmd; returns (exit status, output). 124 on a timeout."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, env=env, text=True, errors="replace")
        rc, text = p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        rc, text = 124, (e.stdout or b"").decode("utf-8", "replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
    except OSError as e:
        rc, text = 127, str(e)
    if log:
        with open(log, "w") as f:
            f.write(" ".join(cmd) + "\n" + text)
    return rc, text


def parse_run(text):
    """time_ms and hash, the driver's last lines (a public program's own
    printf may leave no newline before them, so they need not start one)."""
    t = re.findall(r"time_ms ([0-9.eE+-]+)$", text, re.M)
    h = re.findall(r"hash ([0-9a-f]{16})$", text, re.M)
    return (float(t[-1]) if t else None), (h[-1] if h else None)


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def unpack(out):
    """Unpacks the binaries that build.sh --pack compressed (PROGRAM.ARCH.BUILD.xz)."""
    for xz in glob.glob(os.path.join(out, "*.xz")):
        binary = xz[:-3]
        if not os.path.exists(binary):
            with lzma.open(xz) as f, open(binary, "wb") as g:
                shutil.copyfileobj(f, g)
    for build in ("plain", "ferry", "nocost"):
        for b in glob.glob(os.path.join(out, "*." + build)):
            os.chmod(b, 0o755)


def sanitizer_path():
    return os.environ.get("COMPUTE_SANITIZER") or shutil.which("compute-sanitizer") or \
        "/usr/local/cuda/bin/compute-sanitizer"


def ncu_path():
    return os.environ.get("NCU") or shutil.which("ncu") or "/usr/local/cuda/bin/ncu"


def racecheck_options(logs):
    """Racecheck options this compute-sanitizer accepts (they change between
    releases): hazards and analysis reported, cp.async tracked."""
    rc, text = sh([sanitizer_path(), "--help"], 60, log=os.path.join(logs, "sanitizer-help.txt"))
    opts = []
    for opt, value in (("--racecheck-report", "all"), ("--racecheck-memcpy-async", "yes")):
        if opt in text:
            opts += [opt, value]
    return opts


def binary_of(build):
    """The binary a build runs: ferry@MODE is the ferry binary, plain#aa the
    plain one."""
    return build.split("@")[0].split("#")[0]


# The control's build: the plain binary timed again (binary_of).
CONTROL = "plain#aa"


def column_name(build):
    """A ratio column's name: the mode of ferry@MODE, A/A for the control."""
    return "A/A" if build == CONTROL else build.split("@")[-1] if "@" in build else "ratio"


def env_of(build):
    """The environment of a build: ferry@MODE runs with FERRY_DISPATCH=MODE."""
    if "@" not in build:
        return None
    env = dict(os.environ)
    env["FERRY_DISPATCH"] = build.split("@", 1)[1]
    return env


def sanitize(tool, binary, logs, tag, timeout, race_opts, env=None):
    """(ok, detail, hash) of binary --small under compute-sanitizer TOOL."""
    san = sanitizer_path()
    opts = ["--tool", tool]
    if tool == "racecheck":
        opts += race_opts
    log = os.path.join(logs, f"{tag}.{tool}.log")
    rc, text = sh([san] + opts + ["--error-exitcode", "86", binary, "--small"], timeout, env=env, log=log)
    _, h = parse_run(text)
    if rc == 124:
        return False, f"timed out after {timeout}s", h
    summary = [l for l in text.splitlines() if "SUMMARY" in l]
    last = summary[-1].strip() if summary else "no summary"
    if rc != 0:
        return False, f"exit {rc}: {last}", h
    if tool == "racecheck" and "RACECHECK SUMMARY" in text:
        ok = re.search(r"RACECHECK SUMMARY: 0 hazards displayed \(0 errors, 0 warnings\)", text)
    else:
        ok = re.search(r"ERROR SUMMARY: 0 errors", text)
    return bool(ok), ("clean" if ok else last), h


# Nsight Compute metrics, each with fallbacks (names differ between releases);
# the first one this ncu accepts is used.
METRICS = {
    "duration_us": ["gpu__time_duration.sum"],
    "occupancy": ["sm__warps_active.avg.pct_of_peak_sustained_active"],
    "lsb_pct": ["smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct",
                "smsp__pcsamp_warps_issue_stalled_long_scoreboard"],
    "lsb_per_issue": ["smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"],
    "issue_pct": ["smsp__issue_active.avg.pct_of_peak_sustained_active"],
    "dram_pct": ["dram__throughput.avg.pct_of_peak_sustained_elapsed",
                 "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed"],
}


def classify(k):
    lsb, issue, dram = k.get("lsb_pct"), k.get("issue_pct"), k.get("dram_pct")
    if lsb is None or issue is None or dram is None:
        return "?"
    if dram >= 60:
        return "hidden (dram)"
    if issue >= 50:
        return "hidden (issue)"
    if lsb < 25:
        return "hidden (lsb)"
    return "exposed"


def profile_program(out, name, logs, timeout, chosen):
    """Profiles the first launch of each kernel of NAME.sm_90a.plain."""
    binary = os.path.join(out, f"{name}.sm_90a.plain")
    rc, sass = sh(["cuobjdump", "-sass", binary], 60)
    kernels = sorted(set(re.findall(r"Function : (\S+)", sass)))
    rows = []
    for kernel in kernels:
        metrics = [m for m in chosen.values() if m]
        log = os.path.join(logs, f"{name}.ncu.{kernel[:60]}.log")
        cmd = [ncu_path(), "--kernel-name-base", "mangled", "-k", kernel, "-c", "1",
               "--metrics", ",".join(metrics), "--csv", "--page", "raw", binary, "--runs", "1"]
        rc, text = sh(cmd, timeout, log=log)
        row = {"program": name, "kernel": kernel}
        lines = [l for l in text.splitlines() if l.startswith('"')]
        if "No kernels were profiled" in text:
            continue  # a kernel of the binary that this input never launches
        if rc != 0 or len(lines) < 2:
            row["error"] = (text.strip().splitlines() or ["no output"])[-1][:120]
            rows.append(row)
            continue
        table = list(csv.reader(lines))
        header, units, values = table[0], table[1], table[-1]
        for key, metric in chosen.items():
            if metric and metric in header:
                v = values[header.index(metric)].replace(",", "")
                try:
                    x = float(v)
                except ValueError:
                    continue
                unit = units[header.index(metric)] if len(units) > header.index(metric) else ""
                if key == "duration_us":
                    x = {"nsecond": x / 1000, "ns": x / 1000, "usecond": x, "us": x, "msecond": x * 1000,
                         "ms": x * 1000, "second": x * 1e6, "s": x * 1e6}.get(unit, x)
                row[key] = x
        row["class"] = classify(row)
        rows.append(row)
    return rows


def choose_metrics(logs):
    """The first accepted name of each metric, from ncu --query-metrics."""
    rc, text = sh([ncu_path(), "--query-metrics"], 120, log=os.path.join(logs, "ncu-query-metrics.txt"))
    names = set(re.findall(r"^(\S+)", text, re.M))
    chosen = {}
    for key, candidates in METRICS.items():
        chosen[key] = None
        for c in candidates:
            base = c.rsplit(".", 2)[0] if c.count(".") >= 2 else c.split(".")[0]
            if c.split(".")[0] in names or base in names or not names:
                chosen[key] = c
                break
    return chosen


def short_name(mangled):
    """The kernel's own name from an Itanium-mangled one (_Z6kernelPf,
    _ZN8dwt_cuda12fdwt97KernelILi192ELi8EEEvPKfPfiii -> fdwt97Kernel<192,8>)."""
    if not mangled.startswith("_Z"):
        return mangled
    nested = mangled.startswith("_ZN")
    names, rest = [], mangled[3:] if nested else mangled[2:]
    while rest[:1].isdigit() and (nested or not names):
        n = int(re.match(r"\d+", rest).group(0))
        skip = len(str(n))
        names.append(rest[skip:skip + n])
        rest = rest[skip + n:]
    if not names:
        return mangled
    args = re.match(r"I((?:Li-?\d+E)+)E", rest)
    targs = "<" + ",".join(re.findall(r"Li(-?\d+)E", args.group(1))) + ">" if args else ""
    return names[-1] + targs


def fmt(x, spec=".2f"):
    return "-" if x is None else format(x, spec)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", nargs="?", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--only", default="", help="programs, separated by spaces or commas")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--runs", type=int, default=11, help="timed runs a binary makes (its median is one time)")
    ap.add_argument("--no-sanitize", action="store_true", help="skip racecheck and synccheck")
    ap.add_argument("--profile", action="store_true", help="Nsight Compute profile of each program's kernels")
    ap.add_argument("--logs", default=None, help="folder for logs and CSV (default OUT/logs)")
    ap.add_argument("--timeout", type=int, default=120, help="seconds a run may take")
    ap.add_argument("--modes", default="", help="FERRY_DISPATCH modes to run the ferry binary under, as"
                    " builds of their own (ferry@MODE) in the same alternating rounds, e.g. measure,model")
    ap.add_argument("--control", action="store_true", help="time the plain binary again as a build of its own"
                    " (plain#aa) in the same rounds: the A/A control")
    a = ap.parse_args()

    out = os.path.abspath(a.out)
    logs = os.path.abspath(a.logs or os.path.join(out, "logs"))
    os.makedirs(logs, exist_ok=True)
    unpack(out)
    only = set(a.only.replace(",", " ").split())
    targets = [t for t in a.targets.split(",") if t]
    programs = sorted({os.path.basename(p).split(".")[0] for p in glob.glob(os.path.join(out, "*.plain"))})
    if only:
        programs = [p for p in programs if p in only]
    if not programs:
        print(f"no PROGRAM.ARCH.plain binaries in {out} (run bench/real/build.sh)")
        return 2

    rc, dev = sh(["nvidia-smi", "--query-gpu=name,driver_version,compute_cap", "--format=csv,noheader"], 30)
    device = dev.strip().splitlines()[0] if rc == 0 and dev.strip() else "unknown device"
    print(f"device: {device}")
    envs = " ".join(f"{k}={v}" for k, v in sorted(os.environ.items()) if k.startswith("FERRY_"))
    print(f"environment: {envs or '(no FERRY_* variables)'}")
    print(f"programs: {' '.join(programs)}; targets: {' '.join(targets)}; rounds {a.rounds}, runs {a.runs}")
    sys.stdout.flush()

    pairs = [(p, t) for p in programs for t in targets
             if os.path.exists(os.path.join(out, f"{p}.{t}.plain")) and os.path.exists(os.path.join(out, f"{p}.{t}.ferry"))]
    modes = [m for m in a.modes.replace(",", " ").split() if m]
    ferry_builds = [f"ferry@{m}" for m in modes] or ["ferry"]
    control = [CONTROL] if a.control else []
    # The columns of ratios: each ferry build's, then the A/A control's.
    ratio_builds = ferry_builds + control
    res = {}
    for (p, t) in pairs:
        builds = ["plain"] + ferry_builds + (["nocost"] if os.path.exists(os.path.join(out, f"{p}.{t}.nocost")) else []) \
            + control
        res[(p, t)] = {"builds": builds, "times": {b: [] for b in builds}, "hashes": set(), "errors": [],
                       "ratios": {b: [] for b in builds[1:]}}
    any_nocost = any("nocost" in r["builds"] for r in res.values())

    # Converted copies, from the remarks.
    for (p, t) in pairs:
        for build, suffix in (("ferry", "remarks"), ("nocost", "nocost.remarks")):
            path = os.path.join(out, f"{p}.{t}.{suffix}")
            text = open(path, errors="replace").read() if os.path.exists(path) else ""
            names = ferry_builds if build == "ferry" else [build]
            for name in names:
                res[(p, t)][f"converted_{name}"] = len(re.findall(r"remark: converted", text)) if text else None
                res[(p, t)][f"missed_{name}"] = len(re.findall(r"remark: not converted", text)) if text else None
                res[(p, t)][f"trial_{name}"] = len(re.findall(
                    r"remark: the kernel stays as written and its converted copy is the variant \S+__ferry_trial:",
                    text)) if text else None

    # Sanitizers and the --small identity, for each ferry build.
    if not a.no_sanitize:
        race_opts = racecheck_options(logs)
        print("racecheck options: " + " ".join(["--tool", "racecheck"] + race_opts))
        for (p, t) in pairs:
            r = res[(p, t)]
            tag = f"{p}.{t}"
            plain = os.path.join(out, f"{tag}.plain")
            rc, text = sh([plain, "--small"], a.timeout, log=os.path.join(logs, f"{tag}.plain.small.log"))
            _, small_plain = parse_run(text)
            r["small_identical"] = True
            for build in r["builds"][1:]:
                if binary_of(build) == "plain":
                    continue  # the control: the plain binary, checked above
                binary = os.path.join(out, f"{tag}.{binary_of(build)}")
                # The variant wherever it can launch (a trial variant too,
                # which the measured dispatch runs only where it timed
                # faster), unless the caller chose a mode.
                env = env_of(build)
                if env is None and "FERRY_DISPATCH" not in os.environ:
                    env = dict(os.environ, FERRY_DISPATCH="variant")
                for tool in ("racecheck", "synccheck"):
                    t0 = time.time()
                    ok, detail, h = sanitize(tool, binary, logs, f"{tag}.{build}", 4 * a.timeout, race_opts,
                                             env)
                    if not ok:
                        pok, pdetail, _ = sanitize(tool, plain, logs, tag + ".plain", 4 * a.timeout, race_opts)
                        detail += f"; plain build: {pdetail}"
                    if not ok or r.get(tool) is None:
                        r[tool] = "clean" if ok else "FAIL"
                    print(f"{'PASS' if ok else 'FAIL'} {tag}.{build} {tool} ({detail}, {time.time() - t0:.0f}s)")
                    if tool == "racecheck":
                        same = h is not None and h == small_plain
                        r["small_identical"] = r["small_identical"] and same
                        print(f"{'PASS' if same else 'FAIL'} {tag}.{build} small-identity (plain {small_plain}, {build} {h})")
            sys.stdout.flush()

    # Timing rounds. The builds of a program take turns at going first: in
    # round R the order is the build list rotated by R + program index +
    # target index, so over as many rounds as builds each runs in each place.
    runs_csv = open(os.path.join(logs, "runs.csv"), "w", newline="")
    runs_w = csv.writer(runs_csv)
    runs_w.writerow(["round", "program", "target", "build", "position", "time_ms", "hash", "exit"])
    for rnd in range(a.rounds):
        for (p, t) in pairs:
            r = res[(p, t)]
            builds = r["builds"]
            k = (rnd + programs.index(p) + targets.index(t)) % len(builds)
            order = builds[k:] + builds[:k]
            got = {}
            for pos, build in enumerate(order):
                tag = f"{p}.{t}.{build}"
                rc, text = sh([os.path.join(out, f"{p}.{t}.{binary_of(build)}"), "--runs", str(a.runs)],
                              a.timeout, env=env_of(build), log=os.path.join(logs, f"{tag}.round{rnd}.log"))
                ms, h = parse_run(text)
                runs_w.writerow([rnd, p, t, build, pos, ms, h, rc])
                if rc != 0 or ms is None or h is None:
                    r["errors"].append(f"{build} round {rnd}: exit {rc}: {(text.strip().splitlines() or [''])[-1][:100]}")
                    continue
                got[build] = ms
                r["times"][build].append(ms)
                r["hashes"].add((build, h))
            for b in builds[1:]:
                if "plain" in got and b in got and got[b] > 0:
                    r["ratios"][b].append(got["plain"] / got[b])
            print(f"round {rnd} {p} {t}: " + ", ".join(f"{b} {fmt(got.get(b), '.4f')} ms" for b in builds)
                  + f" (order {' '.join(order)})")
            sys.stdout.flush()
    runs_csv.close()

    # Profile.
    prof = {}
    if a.profile:
        chosen = choose_metrics(logs)
        print("ncu metrics: " + ", ".join(f"{k}={v}" for k, v in chosen.items()))
        with open(os.path.join(logs, "profile.csv"), "w", newline="") as f:
            keys = ["program", "kernel", "duration_us", "occupancy", "lsb_pct", "lsb_per_issue",
                    "issue_pct", "dram_pct", "class", "error"]
            w = csv.DictWriter(f, fieldnames=keys)
            w.writeheader()
            for p in programs:
                rows = profile_program(out, p, logs, 4 * a.timeout, chosen)
                prof[p] = rows
                for row in rows:
                    w.writerow({k: row.get(k) for k in keys})
        print()
        print("Profile (Nsight Compute, plain sm_90a build, first launch of each kernel):")
        print(f"{'program':<12} {'kernel':<34} {'us':>9} {'occ%':>6} {'lsb%':>6} {'lsb/iss':>7} {'issue%':>6} {'dram%':>6}  class")
        for p in programs:
            for k in prof[p]:
                if "error" in k:
                    print(f"{p:<12} {short_name(k['kernel'])[:34]:<34} error: {k['error']}")
                    continue
                print(f"{p:<12} {short_name(k['kernel'])[:34]:<34} {fmt(k.get('duration_us'), '.1f'):>9} {fmt(k.get('occupancy'), '.1f'):>6}"
                      f" {fmt(k.get('lsb_pct'), '.1f'):>6} {fmt(k.get('lsb_per_issue'), '.2f'):>7} {fmt(k.get('issue_pct'), '.1f'):>6}"
                      f" {fmt(k.get('dram_pct'), '.1f'):>6}  {k.get('class', '?')}")
        print("class: exposed = long-scoreboard stalls >= 25 % of active warp cycles, issue < 50 %, DRAM < 60 %;"
              " otherwise hidden (by dram, issue or lsb)")

    def program_class(p):
        rows = [k for k in prof.get(p, []) if "class" in k and k.get("duration_us") is not None]
        return max(rows, key=lambda k: k["duration_us"])["class"] if rows else "-"

    # Summary CSV and the table.
    def stats(xs):
        return (statistics.median(xs), min(xs), max(xs)) if xs else (None, None, None)

    failures = 0
    with open(os.path.join(logs, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["program", "target", "build", "converted", "not_converted", "trial_kernels", "identical",
                    "racecheck",
                    "synccheck", "plain_ms", "build_ms", "ratio_median", "ratio_min", "ratio_max", "rounds", "class"])
        for (p, t) in pairs:
            r = res[(p, t)]
            hashes = {h for _, h in r["hashes"]}
            r["identical"] = len(hashes) == 1 and {b for b, _ in r["hashes"]} == set(r["builds"]) \
                and not r["errors"] and r.get("small_identical", True)
            failures += (not r["identical"]) + (r.get("racecheck") == "FAIL") + (r.get("synccheck") == "FAIL")
            pm = statistics.median(r["times"]["plain"]) if r["times"]["plain"] else None
            r["plain_ms"] = pm
            for b in r["builds"][1:]:
                r[b] = stats(r["ratios"][b])
                bm = statistics.median(r["times"][b]) if r["times"][b] else None
                w.writerow([p, t, b, r.get(f"converted_{b}"), r.get(f"missed_{b}"), r.get(f"trial_{b}"), r["identical"],
                            r.get("racecheck", "skipped"), r.get("synccheck", "skipped"), pm, bm, *r[b],
                            len(r["ratios"][b]), program_class(p)])
    for (p, t) in pairs:
        for e in res[(p, t)]["errors"]:
            print(f"ERROR {p} {t}: {e}")
    print()
    print(f"Real programs, plain clang 22 vs clang 22 + ferry, {device}")
    print(f"ratio = plain time / ferry time, median of {a.rounds} rounds [min-max] (above 1: ferry faster);"
          f" a time is the median of {a.runs} runs")
    if any_nocost:
        print("nocost = plain time / time of ferry without its cost model (-ferry-cost-model=false), median;"
              " built where the cost model refused a copy")
    print("conv = copies converted (remarks, per target), nocost's in brackets; trial = kernels whose variant is"
          " a trial variant (K__ferry_trial), per target; same = every output hash equal")
    if a.control:
        print("A/A = plain time / time of the plain binary run again as a build of its own: the control")
    head = f"{'program':<12} {'conv 90a/80':>13} {'trial':>5} {'same':>4} {'race':>4} {'sync':>4}"
    for t in targets:
        head += f" {'ms ' + t:>9}" + "".join(f" {column_name(b) + ' ' + t:>22}" for b in ratio_builds)
        head += f" {'nocost':>7}" if any_nocost else ""
    head += "  class"
    print(head)
    for p in programs:
        here = [t for t in targets if (p, t) in res]
        conv = "/".join(str(res[(p, t)][f"converted_{ferry_builds[0]}"]) for t in here)
        if any(res[(p, t)]["converted_nocost"] is not None for t in here):
            conv += " (" + "/".join(str(res[(p, t)]["converted_nocost"]) for t in here) + ")"
        trial = "/".join(str(res[(p, t)].get(f"trial_{ferry_builds[0]}")) for t in here)
        same = all(res[(p, t)]["identical"] for t in here)
        race = "-" if a.no_sanitize else ("ok" if all(res[(p, t)].get("racecheck") == "clean" for t in here) else "FAIL")
        sync = "-" if a.no_sanitize else ("ok" if all(res[(p, t)].get("synccheck") == "clean" for t in here) else "FAIL")
        line = f"{p:<12} {conv:>13} {trial:>5} {'yes' if same else 'NO':>4} {race:>4} {sync:>4}"
        for t in targets:
            r = res.get((p, t))
            if r is None or r.get(ferry_builds[0], (None,))[0] is None:
                line += f" {'-':>9}" + f" {'-':>22}" * len(ratio_builds) + (f" {'-':>7}" if any_nocost else "")
                continue
            line += f" {fmt(r['plain_ms'], '.3f'):>9}"
            for b in ratio_builds:
                med, lo, hi = r.get(b, (None, None, None))
                line += f" {'-':>22}" if med is None else f" {med:>8.3f}x [{lo:.3f}-{hi:.3f}]"
            if any_nocost:
                nc = r.get("nocost", (None,))[0]
                line += f" {fmt(nc, '.3f') + 'x' if nc else '-':>7}"
        line += f"  {program_class(p)}"
        print(line)
    foot = f"{'geomean':<12} {'':>13} {'':>5} {'':>4} {'':>4} {'':>4}"
    for t in targets:
        foot += f" {'':>9}"
        for b in ratio_builds:
            meds = [res[(p, t)][b][0] for p in programs if (p, t) in res and res[(p, t)][b][0]]
            foot += f" {fmt(geomean(meds), '.3f') + 'x':>9} {'(min ' + fmt(min(meds, default=None), '.3f') + ')':>12}"
        if any_nocost:
            foot += f" {'':>7}"
    print(foot)
    print(f"{failures} failed checks; logs and CSV in {logs}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
