#!/usr/bin/env python3
"""IR robustness of ferry's passes, for CI (no GPU).

    ir_robustness.py --opt OPT --plugin ferry.so --stress LLVM-STRESS --inputs DIR --work DIR \
        [--seed 11] [--mutants 3] [--stress-modules 60]

Two sources of modules, each run through
`opt -load-pass-plugin=ferry.so -passes=ferry-lower,ferry-pipeline,ferry-async-copy,verify`
(half of them with -ferry-collective=always -ferry-bulk=auto):

- llvm-stress modules retargeted to nvptx64-nvidia-cuda: the function becomes
  a kernel of sm_80 or sm_90a whose pointer arguments are global memory (cast
  to generic, as clang emits), with a __shared__ array, loads of global memory
  stored into it and CTA barriers inserted at random places;
- mutants of the lit suite's .ll inputs (every .ll under --inputs): 1 to 3
  textual mutations each (constants, predicates, opcodes, address spaces,
  alignments, targets, barriers, volatile, deleted or swapped lines).

A module the verifier rejects before the passes is dropped (counted). Prints
the counts and exits non-zero on any crash or verifier failure; failing inputs
are kept under --work with the command that fails. Standard library only.
"""
import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys

BARRIER = "call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)"
BARRIER_DECL = "declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)"
DATALAYOUT = 'target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"'
TRIPLE = 'target triple = "nvptx64-nvidia-cuda"'
CRASH = re.compile(r"PLEASE submit a bug report|Stack dump|LLVM ERROR|Assertion .* failed|UNREACHABLE|Segmentation fault")
VERIFY = re.compile(r"internal error|[Bb]roken module|verification failed|does not verify|Instruction does not dominate")
PASSES = "-passes=ferry-lower,ferry-pipeline,ferry-async-copy,verify"
OPTIONS = [[], ["-ferry-collective=always", "-ferry-bulk=auto"]]


def is_instruction(line):
    s = line.strip()
    return (line.startswith("  ") and s and not s.startswith(";") and not s.endswith(":")
            and not s.startswith(("br ", "ret", "switch", "unreachable", "}")) and "phi " not in s)


def mutate(text, r):
    """One textual mutation of an IR module (the verifier judges the result)."""
    lines = text.split("\n")
    body = [i for i, l in enumerate(lines) if is_instruction(l)]
    kind = r.randrange(14)
    if not body:
        kind = 7
    if kind == 0:  # an integer constant
        cands = [(i, m) for i in body for m in re.finditer(r"\b(i8|i16|i32|i64) (-?\d+)\b", lines[i])]
        if cands:
            i, m = r.choice(cands)
            v = r.choice([0, 1, -1, 2, 3, 4, 7, 15, 16, 17, 31, 32, 63, 255, 256, 1023, 1024, 4096, 65536, 2 ** 31 - 1, -2 ** 31])
            lines[i] = lines[i][:m.start(2)] + str(v) + lines[i][m.end(2):]
    elif kind == 1:  # a comparison's predicate
        cands = [i for i in body if re.search(r"icmp (eq|ne|slt|sle|sgt|sge|ult|ule|ugt|uge) ", lines[i])]
        if cands:
            i = r.choice(cands)
            lines[i] = re.sub(r"icmp (eq|ne|slt|sle|sgt|sge|ult|ule|ugt|uge) ",
                              "icmp %s " % r.choice(["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]),
                              lines[i], count=1)
    elif kind == 2:  # delete an instruction
        del lines[r.choice(body)]
    elif kind == 3:  # duplicate an instruction (a store or a call: no new name)
        cands = [i for i in body if re.match(r"\s+(store|call void|tail call void)", lines[i])]
        if cands:
            i = r.choice(cands)
            lines.insert(i, lines[i])
    elif kind == 4:  # an address space
        cands = [(i, m) for i, l in enumerate(lines) for m in re.finditer(r"addrspace\((\d)\)", l)]
        if cands:
            i, m = r.choice(cands)
            lines[i] = lines[i][:m.start(1)] + str(r.choice([0, 1, 3, 4, 5])) + lines[i][m.end(1):]
    elif kind == 5:  # an alignment
        cands = [(i, m) for i in body for m in re.finditer(r"align (\d+)", lines[i])]
        if cands:
            i, m = r.choice(cands)
            lines[i] = lines[i][:m.start(1)] + str(r.choice([1, 2, 4, 8, 16, 32])) + lines[i][m.end(1):]
    elif kind == 6:  # a binary operator
        cands = [i for i in body if re.search(r"= (add|sub|mul|shl|lshr|and|or|xor|udiv|urem)\b", lines[i])]
        if cands:
            i = r.choice(cands)
            lines[i] = re.sub(r"= (add|sub|mul|shl|lshr|and|or|xor|udiv|urem)\b",
                              "= " + r.choice(["add", "sub", "mul", "shl", "lshr", "and", "or", "xor"]), lines[i], count=1)
    elif kind == 7:  # the target
        cands = [i for i, l in enumerate(lines) if '"target-cpu"=' in l]
        if cands:
            i = r.choice(cands)
            cpu = r.choice(["sm_70", "sm_75", "sm_80", "sm_86", "sm_90", "sm_90a", "sm_100a"])
            ptx = r.choice(["ptx63", "ptx70", "ptx78", "ptx80", "ptx88"])
            lines[i] = re.sub(r'"target-cpu"="[^"]*"', '"target-cpu"="%s"' % cpu, lines[i])
            lines[i] = re.sub(r'"target-features"="[^"]*"', '"target-features"="+%s,+%s"' % (ptx, cpu), lines[i])
    elif kind == 8:  # a barrier somewhere
        i = r.choice(body)
        lines.insert(i, "  " + BARRIER)
        if BARRIER_DECL not in text:
            lines.append(BARRIER_DECL)
    elif kind == 9:  # swap two neighbouring instructions
        cands = [i for i in body if i + 1 in body]
        if cands:
            i = r.choice(cands)
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif kind == 10:  # pointer attributes
        cands = [(i, m) for i, l in enumerate(lines) if l.startswith("define")
                 for m in re.finditer(r"(noalias |readonly |writeonly |nocapture |captures\(none\) )", l)]
        if cands and r.random() < 0.6:
            i, m = r.choice(cands)
            lines[i] = lines[i][:m.start()] + lines[i][m.end():]
        else:
            cands = [i for i, l in enumerate(lines) if l.startswith("define") and "ptr" in l]
            if cands:
                i = r.choice(cands)
                lines[i] = re.sub(r"\bptr (addrspace\(\d\) )?%", lambda m: m.group(0).replace("%", "noalias %"), lines[i], count=1)
    elif kind == 11:  # volatile
        cands = [i for i in body if re.search(r"= load (?!volatile)|^\s+store (?!volatile)", lines[i])]
        if cands:
            i = r.choice(cands)
            lines[i] = re.sub(r"= load ", "= load volatile ", lines[i], count=1)
            lines[i] = re.sub(r"^(\s+)store ", r"\1store volatile ", lines[i], count=1)
    elif kind == 12:  # a GEP's element type
        cands = [i for i in body if re.search(r"getelementptr (inbounds |nuw |nusw )*(i8|i16|i32|i64|float|double)\b", lines[i])]
        if cands:
            i = r.choice(cands)
            lines[i] = re.sub(r"(getelementptr (?:inbounds |nuw |nusw )*)(i8|i16|i32|i64|float|double)\b",
                              lambda m: m.group(1) + r.choice(["i8", "i16", "i32", "i64", "<4 x i32>"]), lines[i], count=1)
    else:  # a branch's targets
        cands = [i for i, l in enumerate(lines) if re.match(r"\s+br i1 ", l)]
        if cands:
            i = r.choice(cands)
            lines[i] = re.sub(r"label (%[\w.]+), label (%[\w.]+)", r"label \2, label \1", lines[i])
    return "\n".join(lines)


def retarget_stress(text, r):
    """An llvm-stress module as an NVPTX kernel that copies global memory into shared memory."""
    m = re.search(r"define void @(\w+)\(([^)]*)\) \{\nBB:\n", text)
    if not m:
        return None
    params = [p.strip() for p in m.group(2).split(",")]
    new_params, prologue = [], []
    for n, p in enumerate(params):
        ty = p.rsplit(" ", 1)[0]
        if ty == "ptr":
            if n == 2 and r.random() < 0.7:
                new_params.append("ptr addrspace(1) %%p%d" % n)
                prologue.append("  %%%d = addrspacecast ptr addrspace(3) @sh to ptr" % n)
            else:
                new_params.append("ptr addrspace(1) %%p%d" % n)
                prologue.append("  %%%d = addrspacecast ptr addrspace(1) %%p%d to ptr" % (n, n))
        else:
            new_params.append("%s %%p%d" % (ty, n))
            prologue.append("  %%%d = %s %s %%p%d, 0" % (n, "fadd" if ty in ("float", "double") else "add", ty, n))
    cpu = r.choice(["sm_80", "sm_90a"])
    head = "define ptx_kernel void @%s(%s) #0 {\nBB:\n%s\n" % (m.group(1), ", ".join(new_params), "\n".join(prologue))
    text = text[:m.start()] + head + text[m.end():]
    # Loads of global memory stored into the shared array, and barriers.
    lines = text.split("\n")
    out = []
    glob = [ "%%%d" % n for n, p in enumerate(params) if p.startswith("ptr") and not (n == 2 and "@sh" in head)]
    for l in lines:
        out.append(l)
        lm = re.match(r"\s+(%\w+) = load (i32|i64|float|double|<4 x i32>|<2 x i32>|i16|i8), ptr (%\d+), align (\d+)$", l)
        if lm and lm.group(3) in glob and r.random() < 0.6:
            size = {"i8": 1, "i16": 2, "i32": 4, "float": 4, "i64": 8, "double": 8, "<2 x i32>": 8, "<4 x i32>": 16}[lm.group(2)]
            slot = r.randrange(0, 64) * size
            out.append("  %%sp%d = getelementptr inbounds i8, ptr addrspace(3) @sh, i32 %d" % (len(out), slot))
            out.append("  store %s %s, ptr addrspace(3) %%sp%d, align %d" % (lm.group(2), lm.group(1), len(out) - 1, size))
            if r.random() < 0.7:
                out.append("  " + BARRIER)
        elif is_instruction(l) and r.random() < 0.05:
            out.append("  " + BARRIER)
        elif is_instruction(l) and r.random() < 0.06 and any(q.startswith("ptr addrspace(1) %p0") for q in new_params[:1]):
            # A fresh copy of an element of the first argument, often in one
            # of llvm-stress's loops, sometimes followed by a barrier.
            ty, size = r.choice([("i32", 4), ("i64", 8), ("<4 x i32>", 16), ("i16", 2), ("float", 4)])
            n = len(out)
            out.append("  %%gp%d = getelementptr inbounds %s, ptr addrspace(1) %%p0, i32 %d" % (n, ty, r.randrange(64)))
            out.append("  %%gv%d = load %s, ptr addrspace(1) %%gp%d, align %d" % (n, ty, n, size))
            out.append("  %%sq%d = getelementptr inbounds %s, ptr addrspace(3) @sh, i32 %d" % (n, ty, r.randrange(64)))
            out.append("  store %s %%gv%d, ptr addrspace(3) %%sq%d, align %d" % (ty, n, n, size))
            if r.random() < 0.5:
                out.append("  " + BARRIER)
    text = "\n".join(out)
    text = re.sub(r"(source_filename = .*\n)", r"\1%s\n%s\n\n@sh = internal addrspace(3) global [1024 x i8] poison, align 16\n" % (DATALAYOUT, TRIPLE), text, count=1)
    text += "\n%s\nattributes #0 = { convergent nounwind \"target-cpu\"=\"%s\" \"target-features\"=\"+ptx80,+%s\" }\n" % (BARRIER_DECL, cpu, cpu)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for t in ("opt", "plugin", "stress", "inputs", "work"):
        ap.add_argument("--" + t, required=True)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--mutants", type=int, default=3, help="mutants of each lit input")
    ap.add_argument("--stress-modules", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    r = random.Random(a.seed)
    modules = []  # (name, text)
    inputs = sorted(os.path.join(d, f) for d, _, fs in os.walk(a.inputs) for f in fs
                    if f.endswith(".ll") and "/fuzz/" not in os.path.join(d, f) + "/")
    for path in inputs:
        with open(path) as f:
            src = f.read()
        for m in range(a.mutants):
            text = src
            for _ in range(r.randint(1, 3)):
                text = mutate(text, r)
            modules.append(("%s.m%d" % (os.path.relpath(path, a.inputs).replace("/", "_")[:-3], m), text))
    stress = shutil.which(a.stress)
    if not stress:
        sys.exit("ir robustness: no llvm-stress at %s" % a.stress)
    if stress:
        for s in range(a.stress_modules):
            seed = a.seed * 1000 + s
            p = subprocess.run([stress, "-seed=%d" % seed, "-size=%d" % r.choice([20, 40, 80])],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            t = retarget_stress(p.stdout, r) if p.returncode == 0 else None
            if t:
                modules.append(("stress%d" % seed, t))
    counts = dict(modules=len(modules), dropped=0, run=0, crashes=0, verifier=0, diagnostics=0, changed=0)
    failures = []

    def one(item):
        name, text = item
        path = os.path.join(a.work, name + ".ll")
        with open(path, "w") as f:
            f.write(text)
        p = subprocess.run([a.opt, "-passes=verify", "-disable-output", path], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            os.unlink(path)
            return "dropped", None
        opts = OPTIONS[sum(map(ord, name)) % 2]
        cmd = [a.opt, "-load-pass-plugin=" + a.plugin, PASSES] + opts + ["-S", path, "-o", path + ".out"]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        err = p.stderr
        if p.returncode < 0 or p.returncode >= 128 or CRASH.search(err):
            return "crash", (" ".join(cmd), err[-1500:])
        if VERIFY.search(err):
            return "verifier", (" ".join(cmd), err[-1500:])
        kind = "diagnostic" if p.returncode != 0 else "ok"
        changed = False
        if p.returncode == 0 and os.path.exists(path + ".out"):
            with open(path + ".out") as f:
                changed = "cp.async" in f.read()
            os.unlink(path + ".out")
        os.unlink(path)
        return kind, changed

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for kind, info in ex.map(one, modules):
            if kind == "dropped":
                counts["dropped"] += 1
                continue
            counts["run"] += 1
            if kind == "crash":
                counts["crashes"] += 1
                failures.append(info)
            elif kind == "verifier":
                counts["verifier"] += 1
                failures.append(info)
            elif kind == "diagnostic":
                counts["diagnostics"] += 1
            elif info:
                counts["changed"] += 1
    for cmd, err in failures:
        print("FAIL: %s\n%s" % (cmd, err))
    print("ir robustness: %(modules)d modules, %(dropped)d dropped by the verifier, %(run)d through ferry "
          "(%(changed)d given cp.async, %(diagnostics)d diagnosed): %(crashes)d crashes, %(verifier)d verifier failures" % counts)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
