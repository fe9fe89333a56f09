#!/usr/bin/env python3
"""Builds ferry's differential fuzzer: generated kernels, one binary per build.

    test/fuzz/build.py [--out .carry/fuzz] [--seed 1] [--parts 11] [--kernels 64] [--configs 16] [--jobs 2]
                       [--generation 4] [--shape-parts 1] [--families shapes,alias,staged]

Generates PARTS sources of KERNELS kernels each (gen.py; kernel i of seed S is
the same whatever the other counts), and with generation 3 and up SHAPE_PARTS
more of each shape-family group in FAMILIES (gen.py's families at SHAPE_BASE,
the alias and staged families of generation 4 at their bases), compiles each part once per build
(plain clang, and ferry's configurations) for sm_90a and for sm_80 (PTX that the
driver JIT-compiles on newer GPUs), links each build's parts with one host
driver into one stripped binary, compressed (xz), and writes OUT/manifest.json
(the builds with their exact command lines, the kernels with their features and
configurations) and ferry's conversion and pipelining rates per build from its
-Rpass remarks (OUT/rates.txt). run.py, copied into OUT, runs it all on a GPU
machine. Standard library only.
"""
import argparse
import concurrent.futures
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import time

from remark_counts import SHAPE_REMARKS, shape_counts  # the families' shapes, told by their remarks

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHAPE_BASE = 100000  # gen.py's: generation 3's families start at this kernel index
# Each shape-family group's first kernel index (gen.py, gen_alias.py,
# gen_staged.py): generation 3's four families, then generation 4's two.
FAMILY_BASES = {"shapes": SHAPE_BASE, "alias": 200000, "staged": 300000}

# Each build: its ferry flags (None: plain clang, no plugin). "bulk" leaves
# out the prefetch so that the loops no ring takes get the single-stage
# collective and bulk forms; "O0" is ferry at -O0 (the dispatch's variants
# optimized alone: ferry-optimize-variants), against the plain -O3 build.
CONFIGS = [
    ("plain", None),
    ("ferry", []),
    ("bulk", ["-mllvm", "-ferry-collective=always", "-mllvm", "-ferry-bulk=auto",
              "-mllvm", "-ferry-prefetch=never"]),
    ("stages2", ["-mllvm", "-ferry-cost-model=false", "-mllvm", "-ferry-stages=2"]),
    ("O0", ["-O0"]),
]
ARCHS = [("sm_90a", ["--cuda-gpu-arch=sm_90a"]),
         ("sm_80", ["--cuda-gpu-arch=sm_80", "--cuda-include-ptx=sm_80"])]
REMARKS = ["-Rpass=ferry", "-Rpass-missed=ferry", "-Rpass-analysis=ferry"]


def tools(args):
    clang = os.environ.get("FERRY_CLANG", "/usr/lib/llvm-22/bin/clang++")
    cuda = os.environ.get("FERRY_CUDA_PATH", "/usr/local/cuda")
    plugin = os.environ.get("FERRY_PLUGIN", os.path.join(ROOT, "build", "lib", "ferry.so"))
    common = ["-x", "cuda", "--cuda-path=" + cuda, "-Wno-unknown-cuda-version", "-O3", "-std=c++17", "-w"]
    link = ["-L" + os.path.join(cuda, "lib64"), "-lcudart_static", "-ldl", "-lrt", "-pthread"]
    ferry = ["-fpass-plugin=" + plugin, "-Xclang", "-load", "-Xclang", plugin]
    return clang, common, link, ferry, plugin


def build_flags(args, config_flags, arch_flags):
    clang, common, _, ferry, _ = tools(args)
    flags = list(common) + list(arch_flags)
    if config_flags is not None:
        flags += ferry + config_flags
    return flags


def kernel_rates(kmap, remarks_text, srcname):
    """Per kernel of one part: (converted, pipelined, prefetched) from the remarks' source lines."""
    lines = {}
    for m in re.finditer(r"^(?:.*/)?%s:(\d+):\d+: remark: (.*)$" % re.escape(srcname), remarks_text, re.M):
        lines.setdefault(int(m.group(1)), []).append(m.group(2))
    out = {}
    for k in kmap["kernels"]:
        conv = pipe = pref = False
        for ln in range(k["first_line"], k["last_line"] + 1):
            for r in lines.get(ln, []):
                conv |= r.startswith("converted")
                pipe |= "pipelined its loop" in r
                pref |= r.startswith("left") and "prefetched its source" in r
        out[k["index"]] = (conv, pipe, pref)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, ".carry", "fuzz"),
                    help="what the GPU machine needs: binaries, sources, manifest, run.py")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "fuzz"), help="objects and remarks")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--parts", type=int, default=11)
    ap.add_argument("--kernels", type=int, default=64, help="kernels a part")
    ap.add_argument("--configs", type=int, default=16, help="launch configurations a kernel")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--generation", type=int, default=4, help="gen.py's feature set")
    ap.add_argument("--shape-parts", type=int, default=1,
                    help="generation 3 and up: parts of KERNELS kernels of each shape-family group in --families, "
                         "after the PARTS parts")
    ap.add_argument("--families", default="shapes,alias,staged",
                    help="the shape-family groups: shapes (generation 3's copy-loop, read-back, uniform-source and "
                         "guarded-copy families), alias (alias versioning, generation 4), staged (staged copies, "
                         "generation 4)")
    ap.add_argument("--builds", default="", help="comma-separated subset, e.g. plain-sm_90a,ferry-sm_90a")
    args = ap.parse_args()
    clang, common, link, ferry, plugin = tools(args)
    if not os.path.isfile(plugin):
        sys.exit("build: no plugin at %s (cmake --build build first)" % plugin)
    out = os.path.abspath(args.out)
    work = os.path.abspath(args.work)
    src, binp = os.path.join(out, "src"), os.path.join(out, "bin")
    obj, rem = os.path.join(work, "obj"), os.path.join(work, "remarks")
    for d in (src, obj, binp, rem):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    t0 = time.time()

    # Sources.
    gen = os.path.join(HERE, "gen.py")
    parts, kmaps = [], []
    bases = [p * args.kernels for p in range(args.parts)]
    for fam in [f for f in args.families.split(",") if f]:
        if fam not in FAMILY_BASES:
            sys.exit("build: --families %s: not one of %s" % (fam, ", ".join(FAMILY_BASES)))
        if args.generation >= (3 if fam == "shapes" else 4):
            bases += [FAMILY_BASES[fam] + p * args.kernels for p in range(args.shape_parts)]
    for base in bases:
        name = "part_%d_%d" % (args.seed, base)
        cu, js = os.path.join(src, name + ".cu"), os.path.join(src, name + ".json")
        subprocess.check_call([sys.executable, gen, "--seed", str(args.seed), "--base", str(base), "--kernels",
                               str(args.kernels), "--configs", str(args.configs), "--generation", str(args.generation),
                               "--out", cu, "--map", js])
        parts.append((name, cu, "fuzz_part_%d_%d" % (args.seed, base)))
        with open(js) as f:
            kmaps.append(json.load(f))
    drv = os.path.join(src, "driver.cu")
    subprocess.check_call([sys.executable, gen, "--driver"] + [p[2] for p in parts] + ["--out", drv])

    builds = [(c, a, cf, af) for c, cf in CONFIGS for a, af in ARCHS]
    if args.builds:
        want = set(args.builds.split(","))
        builds = [b for b in builds if "%s-%s" % (b[0], b[1]) in want]

    # Compile: every part for every build, the driver once (host only).
    jobs = []
    drv_obj = os.path.join(obj, "driver.o")
    jobs.append(("driver", [clang] + common + ["--cuda-host-only", "-c", drv, "-o", drv_obj], None))
    for c, a, cf, af in builds:
        b = "%s-%s" % (c, a)
        os.makedirs(os.path.join(obj, b), exist_ok=True)
        for name, cu, _ in parts:
            flags = build_flags(args, cf, af) + (REMARKS if cf is not None else [])
            jobs.append((b, [clang] + flags + ["-c", cu, "-o", os.path.join(obj, b, name + ".o")],
                         os.path.join(rem, "%s.%s.remarks" % (b, name))))
    failures = []

    def compile_one(job):
        b, cmd, remarks = job
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if remarks:
            with open(remarks, "w") as f:
                f.write(r.stderr)
        if r.returncode != 0:
            return (b, cmd, r.returncode, r.stderr[-3000:])
        return None

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        for res in ex.map(compile_one, jobs):
            if res:
                failures.append(res)
                print("build: FAIL %s: %s\n%s" % (res[0], " ".join(res[1]), res[3]), file=sys.stderr)
    t_compile = time.time() - t0

    # Link, strip, compress.
    manifest_builds = {}
    for c, a, cf, af in builds:
        b = "%s-%s" % (c, a)
        objs = [os.path.join(obj, b, name + ".o") for name, _, _ in parts]
        if not all(os.path.exists(o) for o in objs):
            continue
        exe = os.path.join(binp, "fuzz." + b)
        r = subprocess.run([clang, drv_obj] + objs + ["-o", exe] + link, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            failures.append((b, "link", r.returncode, r.stderr[-3000:]))
            continue
        subprocess.check_call(["strip", exe])
        with open(exe, "rb") as f, lzma.open(exe + ".xz", "wb", preset=6) as g:
            shutil.copyfileobj(f, g)
        os.unlink(exe)
        flags = build_flags(args, cf, af)
        manifest_builds[b] = dict(config=c, arch=a, binary="bin/fuzz.%s.xz" % b,
                                  compile=" ".join([clang] + flags + ["-c", "PART.cu", "-o", "PART.o"]),
                                  standalone=" ".join([clang] + flags + ["KERNEL.cu", "-o", "KERNEL"] + link))

    # Rates: a kernel is converted when ferry converted any of its copies,
    # pipelined when it pipelined any of its loops, prefetched when
    # ferry-prefetch kept a loop's copies plain and prefetched their sources.
    rates = {}
    for c, a, cf, af in builds:
        if cf is None:
            continue
        b = "%s-%s" % (c, a)
        conv = pipe = pref = total = 0
        for (name, cu, _), km in zip(parts, kmaps):
            path = os.path.join(rem, "%s.%s.remarks" % (b, name))
            if not os.path.exists(path):
                continue
            with open(path) as f:
                per = kernel_rates(km, f.read(), os.path.basename(cu))
            total += len(per)
            conv += sum(1 for v in per.values() if v[0])
            pipe += sum(1 for v in per.values() if v[1])
            pref += sum(1 for v in per.values() if v[2])
        rates[b] = dict(kernels=total, converted=conv, pipelined=pipe, prefetched=pref)
        shapes = {name: 0 for name, _, _ in SHAPE_REMARKS}
        for (name, cu, _), km in zip(parts, kmaps):
            path = os.path.join(rem, "%s.%s.remarks" % (b, name))
            if km["kernels"] and km["kernels"][0]["index"] >= SHAPE_BASE and os.path.exists(path):
                with open(path) as f:
                    for s, v in shape_counts(km, f.read(), os.path.basename(cu)).items():
                        shapes[s] += v
        if args.generation >= 3:
            rates[b]["shapes"] = shapes

    kernels = []
    for (name, cu, pname), km in zip(parts, kmaps):
        for k in km["kernels"]:
            kernels.append(dict(index=k["index"], name=k["name"], part=name, features=k["features"],
                                configs=[dict(trip=c["trip"], gx=c["gx"], bx=c["bx"], by=c["by"], dyn=c["dyn"],
                                              shared=c["dyn"] + (0 if k["features"]["extern"] else k["features"]["static_bytes"]),
                                              overlap=c["overlap"], kind=c.get("kind", ""), hit=c.get("hit", False))
                                         for c in k["configs"]]))
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True).stdout.strip()
    manifest = dict(seed=args.seed, plugin=plugin, commit=commit, parts=args.parts, kernels_per_part=args.kernels, configs=args.configs,
                    shape_parts=args.shape_parts if args.generation >= 3 else 0, families=args.families,
                    builds=manifest_builds, kernels=kernels, rates=rates,
                    generation=args.generation,
                    reproduce="python3 test/fuzz/gen.py --seed %d --base KERNEL --kernels 1 --configs %d --generation %d "
                              "--standalone --out KERNEL.cu" % (args.seed, args.configs, args.generation),
                    compile_seconds=round(t_compile), failures=len(failures))
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    shutil.copy(os.path.join(HERE, "run.py"), os.path.join(out, "run.py"))
    cases = sum(len(k["configs"]) for k in kernels)
    with open(os.path.join(out, "rates.txt"), "w") as f:
        for b, r in rates.items():
            line = "%-14s %d kernels: %d converted (%.1f %%), %d pipelined (%.1f %%), %d prefetched (%.1f %%)" % (
                b, r["kernels"], r["converted"], 100.0 * r["converted"] / max(1, r["kernels"]),
                r["pipelined"], 100.0 * r["pipelined"] / max(1, r["kernels"]),
                r["prefetched"], 100.0 * r["prefetched"] / max(1, r["kernels"]))
            if "shapes" in r:
                line += "; shape-family kernels reaching " + ", ".join("%s %d" % kv for kv in r["shapes"].items())
            print(line)
            f.write(line + "\n")
    size = sum(os.path.getsize(os.path.join(binp, x)) for x in os.listdir(binp))
    print("build: %d kernels x %d configurations = %d cases a build, %d builds, %d compile failures, "
          "%.0f s, binaries %.1f MiB (xz) in %s" % (len(kernels), args.configs, cases, len(manifest_builds),
                                                    len(failures), time.time() - t0, size / 2.0 ** 20, binp))
    print("build: remarks in %s" % rem)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
