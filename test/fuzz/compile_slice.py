#!/usr/bin/env python3
"""Compile-only slice of the differential fuzzer, for CI (no GPU).

    compile_slice.py --clang CLANG --opt OPT --llc LLC --ptxas PTXAS --plugin ferry.so \
        --cuda-path DIR --work DIR [--seed 7] [--parts 3] [--kernels 100]

Generates PARTS x KERNELS kernels (gen.py) and takes each part, for sm_80 and
sm_90a and for each of ferry's configurations, through clang's device compile
with the plugin (which verifies what it changed), opt's verifier, llc and
ptxas. Prints the counts and exits non-zero on any crash, verifier failure,
llc or ptxas failure. Standard library only.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIGS = [
    ("ferry", []),
    ("bulk", ["-mllvm", "-ferry-collective=always", "-mllvm", "-ferry-bulk=auto"]),
    ("stages2", ["-mllvm", "-ferry-cost-model=false", "-mllvm", "-ferry-stages=2"]),
]
ARCHS = ["sm_80", "sm_90a"]
CRASH = re.compile(r"PLEASE submit a bug report|Stack dump|LLVM ERROR|Assertion .* failed|UNREACHABLE|Segmentation fault")


def classify(proc):
    """'crash', 'verifier' or None for a finished tool run."""
    err = proc.stderr or ""
    if proc.returncode < 0 or proc.returncode >= 128 or CRASH.search(err):
        return "crash"
    if re.search(r"internal error|[Bb]roken module|verification failed|does not verify", err):
        return "verifier"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for t in ("clang", "opt", "llc", "ptxas", "plugin", "cuda-path", "work"):
        ap.add_argument("--" + t, required=True)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--parts", type=int, default=3)
    ap.add_argument("--kernels", type=int, default=100)
    ap.add_argument("--configs", type=int, default=2, help="launch configurations a kernel (they do not matter here)")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    parts = []
    for p in range(a.parts):
        cu = os.path.join(a.work, "part%d.cu" % p)
        subprocess.check_call([sys.executable, os.path.join(HERE, "gen.py"), "--seed", str(a.seed), "--base",
                               str(p * a.kernels), "--kernels", str(a.kernels), "--configs", str(a.configs),
                               "--generation", "2", "--out", cu])
        parts.append(cu)
    ferry = ["-fpass-plugin=" + a.plugin, "-Xclang", "-load", "-Xclang", a.plugin]
    common = ["-x", "cuda", "--cuda-path=" + a.cuda_path, "-Wno-unknown-cuda-version", "-O3", "-std=c++17", "-w",
              "--cuda-device-only", "-S", "-emit-llvm", "-Rpass=ferry"]
    jobs = [(cu, arch, name, flags) for cu in parts for arch in ARCHS for name, flags in CONFIGS]
    counts = dict(compiles=0, crashes=0, verifier=0, llc=0, ptxas=0, converted=0, pipelined=0, other=0)
    failures = []

    def one(job):
        cu, arch, name, flags = job
        base = "%s.%s.%s" % (cu[:-3], arch, name)
        steps = [
            ("clang", [a.clang] + common + ["--cuda-gpu-arch=" + arch] + ferry + flags + [cu, "-o", base + ".ll"]),
            ("opt", [a.opt, "-passes=verify", "-disable-output", base + ".ll"]),
            ("llc", [a.llc, "-mtriple=nvptx64-nvidia-cuda", "-mcpu=" + arch, "-O3", base + ".ll", "-o", base + ".ptx"]),
            ("ptxas", [a.ptxas, "-arch=" + arch, base + ".ptx", "-o", base + ".cubin"]),
        ]
        res = dict(conv=0, pipe=0, fail=None)
        for step, cmd in steps:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            if step == "clang":
                res["conv"] = len(re.findall(r"remark: converted", p.stderr))
                res["pipe"] = len(re.findall(r"pipelined its loop", p.stderr))
            kind = classify(p)
            if kind or p.returncode != 0:
                res["fail"] = (step, kind or "error", " ".join(cmd), p.stderr[-2000:])
                break
        for f in (".ll", ".ptx", ".cubin"):
            if not res["fail"] and os.path.exists(base + f):
                os.unlink(base + f)
        return res

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for res in ex.map(one, jobs):
            counts["compiles"] += 1
            counts["converted"] += res["conv"]
            counts["pipelined"] += res["pipe"]
            if res["fail"]:
                step, kind, cmd, err = res["fail"]
                failures.append(res["fail"])
                if kind == "crash":
                    counts["crashes"] += 1
                elif kind == "verifier" or step == "opt":
                    counts["verifier"] += 1
                elif step in ("llc", "ptxas"):
                    counts[step] += 1
                else:
                    counts["other"] += 1
    for step, kind, cmd, err in failures:
        print("FAIL (%s, %s): %s\n%s" % (step, kind, cmd, err))
    print("compile slice: %d kernels, %d compiles (%s x %s): %d converted copies, %d pipelined loops; "
          "%d crashes, %d verifier failures, %d llc failures, %d ptxas failures, %d other failures" % (
              a.parts * a.kernels, counts["compiles"], "/".join(ARCHS), "/".join(c[0] for c in CONFIGS),
              counts["converted"], counts["pipelined"], counts["crashes"], counts["verifier"], counts["llc"],
              counts["ptxas"], counts["other"]))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
