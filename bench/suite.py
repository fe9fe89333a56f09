#!/usr/bin/env python3
"""Runs the benchmark suite that `bench/ferry-bench build` built, on a GPU
machine (python3, no packages), and reports it.

Every binary in DIR/bin prints `result,...` lines (see bench/bench.cuh).
This script runs each in turn with a progress line, compares each output
checksum with the legacy build's of the same problem, target and
configuration, prints one table per target (median ms, GB/s or TFLOP/s,
% of the cudaMemcpy roof, speedup over legacy), ferry's remarks, and the
design's targets met or missed; it writes the table as CSV and as a PNG bar
chart on request. The exit status is non-zero when a binary failed or an
output differs from legacy's.
"""
import argparse
import csv
import glob
import os
import subprocess
import sys
import time

PROBLEMS = ["copy_compute", "copy_extern", "copy_as_written", "sgemm", "stencil", "transpose",
            "launch_cost",
            # In the shapes of public legacy code (issues 12 and 13).
            "merge_step", "dct8x8", "bitonic_sort", "reduction", "convolution_rows",
            "lu_perimeter", "copy_read_back"]
PROBLEM_TITLES = {
    "copy_compute": "copy loop",
    "copy_extern": "copy loop, extern tile",
    "copy_as_written": "copy loop as written",
    "launch_cost": "launch cost",
    "sgemm": "SGEMM",
    "stencil": "stencil",
    "transpose": "transpose",
    "merge_step": "merge step",
    "dct8x8": "DCT",
    "bitonic_sort": "bitonic sort",
    "reduction": "reduction",
    "convolution_rows": "conv rows",
    "lu_perimeter": "LU perimeter",
    "copy_read_back": "copy loop, value read back",
}
# Problems whose speed is bound by memory bandwidth: the cudaMemcpy roof is
# a meaningful yardstick for them, not for the SGEMM.
BANDWIDTH_BOUND = {"copy_compute", "copy_extern", "copy_as_written", "stencil", "transpose", "merge_step",
                   "dct8x8", "reduction", "convolution_rows", "lu_perimeter", "copy_read_back"}
BUILD_ORDER = ["legacy", "ferry", "ferry-chunks", "ferry-bulk", "ferry-stages8", "nvcc"]


def log(line=""):
    print(line, flush=True)


def device_name():
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
            capture_output=True, text=True, timeout=30)
        return out.stdout.strip().splitlines()[0] if out.stdout.strip() else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown (no nvidia-smi)"


def list_binaries(bin_dir, archs, problems=None):
    """(problem, arch, build, path) in the order they run."""
    found = []
    for path in glob.glob(os.path.join(bin_dir, "*.*.*")):
        problem, arch, build = os.path.basename(path).split(".", 2)
        if (problem in PROBLEMS and (not archs or arch in archs)
                and (not problems or problem in problems)):
            found.append((problem, arch, build, path))

    def order(item):
        problem, arch, build, _ = item
        rank = BUILD_ORDER.index(build) if build in BUILD_ORDER else len(BUILD_ORDER)
        return (arch, PROBLEMS.index(problem), rank, build)

    return sorted(found, key=order)


def parse_results(stdout):
    results = []
    for line in stdout.splitlines():
        if not line.startswith("result,"):
            continue
        _, problem, config, label, ms, nbytes, flops, checksum = line.split(",")
        results.append(dict(problem=problem, config=config, label=label, ms=float(ms),
                            bytes=float(nbytes), flops=float(flops), checksum=checksum))
    return results


def run_binary(path, timeout):
    """(results, error or None, seconds)."""
    start = time.time()
    try:
        proc = subprocess.run([path], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return [], "timed out after %d s" % timeout, time.time() - start
    except OSError as err:
        return [], str(err), time.time() - start
    seconds = time.time() - start
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        return [], "exit %d: %s" % (proc.returncode, " | ".join(tail)), seconds
    return parse_results(proc.stdout), None, seconds


def variant_name(build, label):
    """The column a result belongs to: the build, or for the nvcc
    references the kernel's own label."""
    if build == "nvcc":
        return label
    return build + (" " + label if label else "")


def build_rows(measured, roof_gbps):
    """One row per (arch, problem, config, variant), legacy first, with
    ratios and the output check filled in."""
    rows = []
    legacy = {}
    for r in measured:
        # (A build's further results, such as launch_cost's plain twin in
        # the same process, are not the legacy reference.)
        if r["build"] == "legacy" and not r["label"]:
            legacy[(r["arch"], r["problem"], r["config"])] = r
    for r in measured:
        key = (r["arch"], r["problem"], r["config"])
        base = legacy.get(key)
        gbps = r["bytes"] / r["ms"] / 1e6 if r["bytes"] else 0.0
        row = dict(arch=r["arch"], problem=r["problem"], config=r["config"],
                   variant=variant_name(r["build"], r["label"]), build=r["build"],
                   median_ms=r["ms"], gbps=gbps,
                   pct_roof=(100.0 * gbps / roof_gbps
                             if roof_gbps and r["problem"] in BANDWIDTH_BOUND else None),
                   tflops=r["flops"] / r["ms"] / 1e9 if r["flops"] else None,
                   speedup=base["ms"] / r["ms"] if base else None,
                   checksum=r["checksum"])
        if r["build"] == "legacy":
            row["output"] = "reference"
        elif base is None:
            row["output"] = "no legacy"
        else:
            row["output"] = "same" if r["checksum"] == base["checksum"] else "DIFFERS"
        rows.append(row)
    # Grouped by case (in the order the binaries printed them), legacy
    # first, then ferry, then the references.
    first_seen = {}
    for i, row in enumerate(rows):
        first_seen.setdefault((row["arch"], row["problem"], row["config"]), i)

    def order(item):
        i, row = item
        build = row["build"]
        rank = BUILD_ORDER.index(build) if build in BUILD_ORDER else len(BUILD_ORDER)
        return (first_seen[(row["arch"], row["problem"], row["config"])], rank, i)

    return [row for _, row in sorted(enumerate(rows), key=order)]


def case_title(problem, config):
    if problem == "copy_compute":
        return "copy loop %s blk/SM" % config.split("_")[0]
    if problem == "copy_extern":
        return "extern tile %s blk/SM" % config.split("_")[0]
    if problem == "copy_as_written":
        return "as written %s blk/SM" % config.split("_")[0]
    if problem == "copy_read_back":
        return "read back %s blk/SM" % config.split("_")[0]
    if problem == "launch_cost":
        return "launch cost"
    return "%s %s" % (PROBLEM_TITLES.get(problem, problem), config.replace("_", " "))


def print_table(rows, arch):
    log()
    log("== %s: medians; %% roof = bandwidth over the cudaMemcpy roof's; x = legacy ms / ms" % arch)
    log("%-22s %-46s %10s %12s %6s %8s  %s" % ("case", "variant", "ms", "rate", "roof", "vs legacy", "output"))
    last_case = None
    for row in rows:
        if row["arch"] != arch:
            continue
        case = case_title(row["problem"], row["config"])
        if row["problem"] == "launch_cost":
            rate = "%.0f ns" % (row["median_ms"] * 1e6)
        elif row["tflops"]:
            rate = "%.2f TFLOP/s" % row["tflops"]
        else:
            rate = "%.0f GB/s" % row["gbps"]
        roof = ("%.0f%%" % row["pct_roof"]) if row["pct_roof"] is not None else ""
        speedup = ("%.2fx" % row["speedup"]) if row["speedup"] else "-"
        log("%-22s %-46s %10.4f %12s %6s %8s  %s" % (
            case if case != last_case else "", row["variant"][:46], row["median_ms"], rate, roof,
            speedup, row["output"]))
        last_case = case


def print_remarks(remarks_dir, archs):
    """What ferry did to each benchmark, from the remarks of its build."""
    log()
    log("== ferry's remarks (%s)" % remarks_dir)
    for arch in archs:
        for problem in PROBLEMS:
            path = os.path.join(remarks_dir, "%s.%s.ferry.txt" % (problem, arch))
            if not os.path.exists(path):
                continue
            with open(path) as f:
                lines = [l.strip() for l in f if "remark:" in l]
            converted = sum(1 for l in lines if "remark: converted" in l)
            log("%s %s: %d copies converted" % (problem, arch, converted))
            seen = set()
            for l in lines:
                # Source location, then the remark without clang's flag tag.
                location, _, text = l.partition(" remark: ")
                text = text.rsplit(" [-R", 1)[0]
                if (location, text) in seen:
                    continue
                seen.add((location, text))
                log("    %s %s" % (location, text))


def check_targets(rows, archs):
    """The design's targets: the copy loop's ferry build at >= 90% of the
    roof at 8, 4 and 2 blocks per SM and >= 70% at 1; with an extern tile,
    through the launch dispatch, >= 85% at 8, 4 and 2 and >= 75% at 1; the
    launch dispatch's cost per launch within 2% of legacy's; the SGEMM's ferry
    build at least as fast as the best hand-written asynchronous variant of
    the same tiling; and never below 0.98x legacy."""
    log()
    log("== targets")
    for arch in archs:
        for row in rows:
            if row["arch"] != arch or row["build"] != "ferry":
                continue
            if row["problem"] in ("copy_compute", "copy_extern") and row["pct_roof"] is not None:
                one = row["config"].startswith("1_")
                if row["problem"] == "copy_compute":
                    want = 70.0 if one else 90.0
                else:
                    want = 75.0 if one else 85.0
                log("%-4s %s %s: ferry %.0f%% of roof (target %.0f%%)" % (
                    "met" if row["pct_roof"] >= want else "MISS", arch,
                    case_title(row["problem"], row["config"]), row["pct_roof"], want))
            if row["problem"] == "sgemm":
                refs = [r for r in rows if r["arch"] == arch and r["problem"] == "sgemm"
                        and r["config"] == row["config"] and r["build"] == "nvcc"]
                if refs:
                    best = min(refs, key=lambda r: r["median_ms"])
                    log("%-4s %s %s: ferry %.4f ms, best hand-written async %.4f ms (%s)" % (
                        "met" if row["median_ms"] <= best["median_ms"] else "MISS", arch,
                        case_title(row["problem"], row["config"]), row["median_ms"],
                        best["median_ms"], best["variant"]))
            if row["problem"] == "launch_cost":
                # Against the plain twin in the same process: launch times
                # differ between processes by more than the dispatch costs.
                twins = [r for r in rows if r["arch"] == arch and r["problem"] == "launch_cost"
                         and r["build"] == "ferry" and r["variant"] != row["variant"]]
                if twins and row["variant"] == "ferry":
                    ratio = twins[0]["median_ms"] / row["median_ms"]
                    log("%-4s %s launch cost: ferry %.0f ns a launch, the plain build %.0f ns in "
                        "the same process (%.3fx; target >= 0.98x)" % (
                            "met" if ratio >= 0.98 else "MISS", arch, row["median_ms"] * 1e6,
                            twins[0]["median_ms"] * 1e6, ratio))
                continue
            if row["speedup"] is not None and row["speedup"] < 0.98:
                log("MISS %s %s: ferry %.2fx legacy (never slower than 0.98x)" % (
                    arch, case_title(row["problem"], row["config"]), row["speedup"]))


CSV_FIELDS = ["arch", "problem", "config", "variant", "build", "median_ms", "gbps", "pct_roof",
              "tflops", "speedup", "output", "checksum"]


def write_csv(rows, path, roof_ms, roof_gbps):
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(CSV_FIELDS)
        out.writerow(["any", "memcpy", "d2d", "cudaMemcpy roof", "nvcc", "%.4f" % roof_ms,
                      "%.1f" % roof_gbps, "100.0", "", "", "", ""])
        for row in rows:
            out.writerow([
                row["arch"], row["problem"], row["config"], row["variant"], row["build"],
                "%.6f" % row["median_ms"], "%.1f" % row["gbps"],
                "" if row["pct_roof"] is None else "%.1f" % row["pct_roof"],
                "" if row["tflops"] is None else "%.3f" % row["tflops"],
                "" if row["speedup"] is None else "%.3f" % row["speedup"],
                row["output"], row["checksum"]])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", required=True, help="what ferry-bench build wrote")
    parser.add_argument("--csv", help="write the table here as CSV")
    parser.add_argument("--png", help="write a bar chart of the speedups here")
    parser.add_argument("--arch", action="append",
                        help="only this target (sm_80, sm_90a); repeatable")
    parser.add_argument("--problem", action="append",
                        help="only this problem (merge_step, dct8x8, ...); repeatable")
    parser.add_argument("--timeout", type=int, default=120, help="seconds a binary may run")
    args = parser.parse_args()

    bin_dir = os.path.join(args.dir, "bin")
    log("device: %s" % device_name())
    failures = []

    roof_path = os.path.join(bin_dir, "memcpy_roof")
    log("[roof] cudaMemcpy device to device ...")
    roof, error, seconds = run_binary(roof_path, args.timeout)
    roof_ms = roof_gbps = 0.0
    if error or not roof:
        failures.append("memcpy_roof: %s" % (error or "no result"))
        log("FAIL memcpy_roof: %s" % (error or "no result"))
    else:
        roof_ms = roof[0]["ms"]
        roof_gbps = roof[0]["bytes"] / roof_ms / 1e6
        log("[roof] %.4f ms, %.0f GB/s (%.1f s)" % (roof_ms, roof_gbps, seconds))

    binaries = list_binaries(bin_dir, args.arch, args.problem)
    measured = []
    for i, (problem, arch, build, path) in enumerate(binaries, 1):
        prefix = "[%2d/%d] %s %s %s" % (i, len(binaries), problem, arch, build)
        log(prefix + " ...")
        results, error, seconds = run_binary(path, args.timeout)
        if error:
            failures.append("%s %s %s: %s" % (problem, arch, build, error))
            log("%s FAILED: %s" % (prefix, error))
            continue
        for r in results:
            r.update(arch=arch, build=build)
        measured.extend(results)
        summary = ", ".join("%s%s %.3f ms" % (r["config"], " " + r["label"] if r["label"] else "", r["ms"])
                            for r in results)
        log("%s: %.1f s: %s" % (prefix, seconds, summary))

    rows = build_rows(measured, roof_gbps)
    archs = sorted({arch for _, arch, _, _ in binaries})
    log()
    log("device: %s; roof: cudaMemcpy D2D of 256 MiB, %.4f ms, %.0f GB/s" % (
        device_name(), roof_ms, roof_gbps))
    for arch in archs:
        print_table(rows, arch)
    print_remarks(os.path.join(args.dir, "remarks"), archs)
    check_targets(rows, archs)

    differs = [r for r in rows if r["output"] != "same" and r["output"] != "reference"]
    for r in differs:
        failures.append("%s %s %s %s: output %s" % (r["arch"], r["problem"], r["config"],
                                                    r["variant"], r["output"]))
    if args.csv:
        write_csv(rows, args.csv, roof_ms, roof_gbps)
        log("csv: %s" % args.csv)
    if args.png:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import chart
        chart.write_speedup_chart(rows, args.png, "ferry bench: %s" % device_name())
        log("png: %s" % args.png)

    log()
    if failures:
        log("%d problems:" % len(failures))
        for f in failures:
            log("  " + f)
        return 1
    log("all outputs match legacy's; %d measurements" % len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
