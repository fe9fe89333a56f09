#!/usr/bin/env python3
"""Compares, kernel by kernel, the floating-point arithmetic of nvcc's PTX
and ferry-cc's for every program of programs.txt: the count of fma, mul,
add, sub and neg of each type (docs/PUBLIC_BUILDS.md, "Multiply-add
contraction"). Each CUDA source is compiled to PTX by the line its own
Makefile runs (this script stands in for the compiler: each compile
becomes a -ptx one, and the objects and programs it would write are left
empty), cuda-samples' by `-arch=sm_90a -O3 -std=c++17`.

    bench/builds/arithmetic.py [--ferry-cc build/bin/ferry-cc] [--only NAME...]

One line a kernel with floating-point arithmetic, then the totals: the
kernels whose counts are nvcc's exactly; "counts", the sum over kernels of
|ferry-cc's count - nvcc's| over the instruction forms; "shape", the same
over each count's share of the kernel's total, in hundredths (which a
different unroll factor leaves alone). Run it with ferry-cc before and
after a change to see whether the change brings its PTX closer to nvcc's.
The PTX lies under $FERRY_BUILDS/arithmetic (default ~/.cache/ferry-builds).
"""
import argparse
import collections
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402

ENTRY = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+)?\.(?:entry|func)\s+(?:\([^)]*\)\s*)?(\w+)")
ARITHMETIC = re.compile(r"^\s*(?:@%p\d+\s+)?((?:fma|mul|add|sub|neg)(?:\.\w+)*\.(?:f16|f16x2|bf16|f32|f64))\s")
COMPILER_MODE = "FERRY_ARITHMETIC_COMPILER"


def act_as_compiler(argv):
    """The Makefile's compiler: each .cu source to $FERRY_ARITHMETIC_PTX/<source>.ptx
    by the real compiler, with the line's own options; the output file touched."""
    compiler, ptx_dir = os.environ[COMPILER_MODE], os.environ["FERRY_ARITHMETIC_PTX"]
    options, sources, output, i = [], [], None, 0
    while i < len(argv):
        if argv[i] == "-o" and i + 1 < len(argv):
            output, i = argv[i + 1], i + 2
            continue
        if argv[i].endswith(".cu"):
            sources.append(argv[i])
        elif argv[i] not in ("-c", "-dc") and not argv[i].endswith(".o") and not argv[i].startswith("-l"):
            options.append(argv[i])
        i += 1
    os.makedirs(ptx_dir, exist_ok=True)
    for source in sources:
        ptx = os.path.join(ptx_dir, os.path.basename(source) + ".ptx")
        with open(ptx + ".log", "w") as log:
            subprocess.run([compiler] + options + [source, "-ptx", "-o", ptx], stdout=log, stderr=log)
    if output:
        open(output, "a").close()
        os.chmod(output, 0o755)
    return 0


def compile_program(program, compiler, work, ptx_dir):
    """Every CUDA source of the program to PTX under ptx_dir, by its own build line."""
    source_dir = os.path.join(work, program["directory"])
    env = dict(os.environ, **{COMPILER_MODE: compiler, "FERRY_ARITHMETIC_PTX": ptx_dir})
    log = open(os.path.join(work, program["name"] + ".arithmetic.log"), "w")
    if program["build"] == "cmake":
        for source in sorted(glob.glob(os.path.join(source_dir, "*.cu"))):
            subprocess.run([sys.executable, __file__, f"-I{os.path.join(work, 'Common')}", "-arch=sm_90a", "-O3",
                            "-std=c++17", "-c", source, "-o", "/dev/null"], env=env, stdout=log, stderr=log)
        return
    variables = program["build"].split(":", 1)[1].split(",")
    wrapper = os.path.join(work, "compiler")
    with open(wrapper, "w") as stream:
        stream.write(f'#!/bin/sh\nexec {sys.executable} {os.path.abspath(__file__)} "$@"\n')
    os.chmod(wrapper, 0o755)
    subprocess.run(["nice", "-n", "19", "make", "-B", "-C", source_dir, "-j2"] + [f"{v}={wrapper}" for v in variables]
                   + measure.MAKE_EXTRA.get(program["repo"], []), env=env, stdout=log, stderr=log)


def kernel_counts(ptx_dir):
    """{source:kernel: Counter of instruction forms}, ferry's variants left out."""
    kernels = {}
    for path in sorted(glob.glob(os.path.join(ptx_dir, "*.ptx"))):
        kernel = None
        for line in open(path):
            entry = ENTRY.match(line)
            if entry:
                kernel = os.path.basename(path)[:-4] + ":" + entry.group(1)
                kernels[kernel] = collections.Counter()
                continue
            instruction = ARITHMETIC.match(line)
            if instruction and kernel:
                kernels[kernel][instruction.group(1)] += 1
    return {k: v for k, v in kernels.items() if "__ferry" not in k}


def distances(nvcc, ferry):
    forms = set(nvcc) | set(ferry)
    counts = sum(abs(ferry[f] - nvcc[f]) for f in forms)
    total_n, total_f = sum(nvcc.values()), sum(ferry.values())
    shape = 100 * sum(abs(ferry[f] / total_f - nvcc[f] / total_n) for f in forms) if total_f else 200
    return counts, shape


def main():
    if os.environ.get(COMPILER_MODE):
        return act_as_compiler(sys.argv[1:])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ferry-cc", default=os.path.join(measure.ROOT, "build", "bin", "ferry-cc"))
    parser.add_argument("--only", nargs="*", help="program names (the directory's, without -cuda)")
    options = parser.parse_args()
    scratch = os.path.join(os.environ.get("FERRY_BUILDS", os.path.expanduser("~/.cache/ferry-builds")), "arithmetic")
    pins = measure.pinned_commits()
    source_root = os.environ.get("FERRY_SRC", "/work/src")
    compilers = dict(nvcc=measure.NVCC, ferry=os.path.abspath(options.ferry_cc))
    totals = collections.Counter()
    for program in measure.read_programs():
        if options.only and program["name"] not in options.only:
            continue
        counts = {}
        for label, compiler in compilers.items():
            work = os.path.join(scratch, label, program["repo"])
            measure.extract(program, pins[program["repo"]], os.path.join(source_root, program["repo"]), work)
            ptx_dir = os.path.join(scratch, label, "ptx", program["name"])
            for old in glob.glob(os.path.join(ptx_dir, "*.ptx")):
                os.remove(old)
            compile_program(program, compiler, work, ptx_dir)
            counts[label] = kernel_counts(ptx_dir)
        for kernel, nvcc in counts["nvcc"].items():
            ferry = counts["ferry"].get(kernel)
            if not nvcc or not ferry:
                continue
            count_distance, shape_distance = distances(nvcc, ferry)
            totals["kernels"] += 1
            totals["exact"] += count_distance == 0
            totals["counts"] += count_distance
            totals["shape"] += shape_distance
            print(f"{program['name']} {kernel} counts {count_distance} shape {shape_distance:.1f}")
    print(f"{totals['kernels']} kernels with floating-point arithmetic in both: {totals['exact']} with nvcc's counts "
          f"exactly; counts {totals['counts']}, shape {totals['shape']:.0f}")


if __name__ == "__main__":
    sys.exit(main())
