#!/usr/bin/env python3
"""Compile time of bench/real: each program compiled (device and host, to an
object file, as build.sh compiles it) plain, with ferry, and with ferry
without a pass under test, in alternating rounds, one compile at a time.

    python3 bench/real/compile_time.py SRC [--rounds N] [--arch sm_90a]
        [--only "P1 P2"] [--off -ferry-alias-version=false] [--drivers DIR]

SRC is the public checkouts' folder (fetch.sh); the programs are the
folders of DIR (default bench/real) that hold a driver.cu. A compile's time is its
CPU time (user + system, from the kernel's accounting of the child), so
that other work on the machine changes it less than it changes the wall
clock; each program's figure is the median of its rounds. The table gives,
per program, plain's seconds and ferry's and ferry-without's over plain's,
and the totals; the last line is ferry's total over ferry-without's, the
figure a pass's compile-time budget is checked against.
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def directive(name, path):
    with open(path) as f:
        for line in f:
            m = re.match(r"^// %s: *(.*)$" % re.escape(name), line)
            if m:
                return m.group(1).strip()
    return ""


def cpu_seconds(argv):
    """Runs argv; returns the child's user + system CPU seconds, or None if
    it failed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.stderr.write("compile failed: %s\n%s\n" % (" ".join(argv), result.stderr[-2000:]))
        return None
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("src")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--arch", default="sm_90a")
    ap.add_argument("--only", default="")
    ap.add_argument("--off", default="-ferry-alias-version=false",
                    help="the -mllvm option that turns the pass under test off")
    ap.add_argument("--drivers", default=HERE, help="the folder of the programs' folders")
    ap.add_argument("--plugin", default=os.path.join(ROOT, "build", "lib", "ferry.so"))
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    ap.add_argument("--cuda", default=os.environ.get("FERRY_CUDA_PATH", "/usr/local/cuda"))
    args = ap.parse_args()
    src = os.path.abspath(args.src)
    if not os.path.isdir(src):
        sys.exit("compile_time: no folder %s (run bench/real/fetch.sh %s)" % (src, args.src))
    if not os.path.isfile(args.plugin):
        sys.exit("compile_time: no plugin at %s (cmake --build build first)" % args.plugin)
    only = set(args.only.split())
    drivers = os.path.abspath(args.drivers)
    programs = sorted(d for d in os.listdir(drivers)
                      if os.path.isfile(os.path.join(drivers, d, "driver.cu")) and (not only or d in only))
    if not programs:
        sys.exit("compile_time: no program in %s%s" % (drivers, " named " + args.only if only else ""))
    arch = ["--cuda-gpu-arch=" + args.arch]
    if args.arch == "sm_80":
        arch.append("--cuda-include-ptx=sm_80")
    plugin = ["-fpass-plugin=" + args.plugin, "-Xclang", "-load", "-Xclang", args.plugin]
    builds = [("plain", []), ("ferry", plugin), ("without", plugin + ["-mllvm", args.off])]
    times = {(p, b): [] for p in programs for b, _ in builds}
    failed = set()
    with tempfile.TemporaryDirectory() as tmp:
        obj = os.path.join(tmp, "out.o")
        for r in range(args.rounds):
            # Alternate the builds' order round by round.
            order = builds if r % 2 == 0 else list(reversed(builds))
            for i, name in enumerate(programs):
                if name in failed:
                    continue
                drv = os.path.join(drivers, name, "driver.cu")
                flags = directive("real-flags", drv).replace("$SRC", src).replace(
                    "$HERE", os.path.join(drivers, name)).split()
                common = [args.clang, "-x", "cuda", "--cuda-path=" + args.cuda,
                          "-Wno-unknown-cuda-version", "-O3", "-std=c++17",
                          "-I" + os.path.join(args.cuda, "include", "cccl"), "-I" + src, "-I" + drivers]
                for build, extra in order:
                    t = cpu_seconds(common + flags + arch + extra + ["-c", drv, "-o", obj])
                    if t is None:
                        failed.add(name)
                        break
                    times[(name, build)].append(t)
                print("compile_time: round %d/%d, %d/%d %s" % (r + 1, args.rounds, i + 1,
                                                               len(programs), name),
                      file=sys.stderr, flush=True)
    kept = [p for p in programs if p not in failed]
    med = {k: statistics.median(v) for k, v in times.items() if v and k[0] in kept}
    print("# bench/real compile time, %s, CPU seconds (user + system), median of %d rounds; "
          "'without': ferry with -mllvm %s" % (args.arch, args.rounds, args.off))
    print("%-22s %8s %8s %8s %9s" % ("program", "plain s", "ferry", "without", "ferry/wo"))
    total = {b: 0.0 for b, _ in builds}
    for p in kept:
        for b, _ in builds:
            total[b] += med[(p, b)]
        print("%-22s %8.2f %7.3fx %7.3fx %8.3fx" % (
            p, med[(p, "plain")], med[(p, "ferry")] / med[(p, "plain")],
            med[(p, "without")] / med[(p, "plain")], med[(p, "ferry")] / med[(p, "without")]))
    if kept:
        print("%-22s %8.2f %7.3fx %7.3fx %8.3fx" % (
            "total", total["plain"], total["ferry"] / total["plain"],
            total["without"] / total["plain"], total["ferry"] / total["without"]))
        print("ferry over ferry without (%s): %.3fx of the total CPU time, %d programs"
              % (args.off, total["ferry"] / total["without"], len(kept)))
    for p in sorted(failed):
        print("failed: %s" % p)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
