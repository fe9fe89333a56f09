#!/usr/bin/env python3
"""Runs ferry's differential fuzzer on a GPU machine and writes its report.

    python3 run.py [--dir DIR] [--out OUTDIR] [--workers 12] [--time-limit 420]
                   [--dispatch measure,model,original,variant]

DIR (default: this script's folder) is what test/fuzz/build.py wrote:
manifest.json and bin/fuzz.BUILD.xz. Every build runs every kernel x
configuration, in slices spread over WORKERS processes sharing the GPU. A
binary checks each launch against its CPU reference and prints a hash of the
output; a launch that hangs (5 s) or leaves a sticky error ends its process,
which is recorded and resumed after that case; a process silent for 60 s is
killed and its current case recorded as a hang. With --dispatch, every ferry
build runs once under each FERRY_DISPATCH mode named (a row BUILD@MODE, each
compared with the plain build of its target); without it, under the
binary's default (measure). Writes OUTDIR/report.md and OUTDIR/results.json
and prints the summary last. Standard library only.
"""
import argparse
import collections
import json
import lzma
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

SILENCE_S = int(os.environ.get("FUZZ_SILENCE_S", "60"))


def run_entries(builds, modes):
    """The rows to run: (name, build, FERRY_DISPATCH or None). A plain build
    runs once (it has no dispatch); a ferry build once per mode."""
    entries = []
    for b in builds:
        if b.startswith("plain-") or not modes:
            entries.append((b, b, None))
        else:
            entries += [("%s@%s" % (b, m), b, m) for m in modes]
    return entries


def run_slice(exe, lo, hi, results, deadline, dispatch=None):
    """Runs cases [lo, hi) of one binary, resuming after each death;
    dispatch: the FERRY_DISPATCH it runs under (None: as the environment
    has it)."""
    env = dict(os.environ, FERRY_DISPATCH=dispatch) if dispatch else None
    nxt = lo
    while nxt < hi:
        if time.time() > deadline:
            for i in range(nxt, hi):
                results.setdefault(i, ("NOTRUN", ""))
            return
        p = subprocess.Popen([exe, "--from", str(nxt), "--to", str(hi)], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, bufsize=1, env=env)
        lines = queue.Queue()

        def reader(stream, q):  # its own process's stream and queue, never the next one's
            for line in stream:
                q.put(line)
            q.put(None)

        threading.Thread(target=reader, args=(p.stdout, lines), daemon=True).start()
        current, done, tail = None, False, []
        while True:
            try:
                line = lines.get(timeout=SILENCE_S)
            except queue.Empty:
                p.kill()
                if current is not None:
                    results[current] = ("HANG", "no output for %d s" % SILENCE_S)
                break
            if line is None:
                break
            w = line.split()
            if not w:
                continue
            if w[0] == "B":
                current = int(w[1])
            elif w[0] == "R":
                idx = int(w[1])
                results[idx] = (w[4], " ".join(w[5:]))
                if current == idx:
                    current = None
                nxt = max(nxt, idx + 1)
            elif w[0] == "DONE":
                done = True
            elif w[0] != "STICKY":
                tail = (tail + [line.rstrip()])[-5:]
        p.wait()
        if done:
            return
        if current is not None:
            results.setdefault(current, ("DIED", "exit %s %s" % (p.returncode, " | ".join(tail))))
            nxt = max(nxt, current + 1)
        elif p.returncode not in (3, 4):
            # Not the driver's own exit after a hang (3) or a sticky error
            # (4), and between cases: skip the next one so that it cannot loop.
            results.setdefault(nxt, ("DIED", "exit %s between cases %s" % (p.returncode, " | ".join(tail))))
            nxt += 1


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", default=here)
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--workers", type=int, default=12)
    ap.add_argument("--time-limit", type=float, default=420, help="seconds; cases not started by then are NOTRUN")
    ap.add_argument("--slices", type=int, default=6, help="slices a build")
    ap.add_argument("--builds", default="")
    ap.add_argument("--dispatch", default="", help="FERRY_DISPATCH modes, comma-separated, each ferry build run under each")
    args = ap.parse_args()
    modes = [m for m in args.dispatch.split(",") if m]
    for m in modes:
        if m not in ("measure", "model", "original", "variant"):
            sys.exit("run: --dispatch %s: not one of measure, model, original, variant" % m)
    t0 = time.time()
    deadline = t0 + args.time_limit
    with open(os.path.join(args.dir, "manifest.json")) as f:
        man = json.load(f)
    builds = sorted(man["builds"])
    if args.builds:
        builds = [b for b in builds if b in args.builds.split(",")]
    # Global case index -> (kernel, configuration), in the binary's order.
    cases = []
    for k in man["kernels"]:
        for c in range(len(k["configs"])):
            cases.append((k, c))
    n = len(cases)
    tmp = tempfile.mkdtemp(prefix="fuzz-")
    exes = {}
    for b in builds:
        exe = os.path.join(tmp, "fuzz." + b)
        with lzma.open(os.path.join(args.dir, man["builds"][b]["binary"])) as f, open(exe, "wb") as g:
            shutil.copyfileobj(f, g)
        os.chmod(exe, 0o755)
        exes[b] = exe
    try:
        gpu = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.strip()
    except OSError:
        gpu = ""
    entries = run_entries(builds, modes)
    results = {name: {} for name, _, _ in entries}
    # Slices: every row cut in the same places, interleaved so that all
    # rows progress together.
    step = (n + args.slices - 1) // args.slices
    jobs = queue.Queue()
    for s in range(args.slices):
        for name, b, mode in entries:
            jobs.put((name, b, mode, s * step, min(n, (s + 1) * step)))

    def worker():
        while True:
            try:
                name, b, mode, lo, hi = jobs.get_nowait()
            except queue.Empty:
                return
            run_slice(exes[b], lo, hi, results[name], deadline, mode)

    threads = [threading.Thread(target=worker) for _ in range(args.workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.time() - t0
    shutil.rmtree(tmp, ignore_errors=True)
    report(man, entries, cases, results, gpu, wall, args.out)


def family(k):
    """The kernel's family: a shape family's name, or "copy" (gen.py's Kernel)."""
    return k["features"].get("family", "copy")


def describe(k, c):
    f = k["features"]
    cfg = k["configs"][c]
    if "family" in f:
        extra = "".join(" %s=%s" % (key, f[key]) for key in sorted(f) if key not in ("type", "bytes", "family", "variant"))
        return "%s %s %s %dB%s; trip %d, grid %d, block %dx%d, overlap %s%s" % (
            f["family"], f["variant"], f["type"], f["bytes"], extra, cfg["trip"], cfg["gx"], cfg["bx"], cfg["by"],
            cfg.get("overlap", "?"), " (%s%s)" % (cfg["kind"], ", stores on loads" if cfg.get("hit") else "")
            if cfg.get("kind") else "")
    return ("%s %dB %dD%s%s %s k %s step %d%s%s%s%s copies %d; trip %d, grid %d, block %dx%d, dynamic %d, shared %d" % (
        f["type"], f["bytes"], f["dims"], " extern" if f["extern"] else "", " annotated" if f["annotated"] else "",
        f["counter"], f["cmp"], f["step"], " nested" if f["nested"] else "", " stepped" if f["stepped"] else "",
        " guard" if f["guard"] else "", " overlap" if f["overlap"] else "", f["copies"], cfg["trip"], cfg["gx"],
        cfg["bx"], cfg["by"], cfg["dyn"], cfg["shared"]))


def report(man, entries, cases, results, gpu, wall, out):
    n = len(cases)
    builds = [name for name, _, _ in entries]
    build_of = {name: b for name, b, _ in entries}
    lines = ["# ferry differential fuzzer: report", "",
             "Device: %s. Seed %d, %d kernels x %d configurations = %d cases a build; %d rows; wall %.0f s." % (
                 gpu or "unknown", man["seed"], len(man["kernels"]), man["configs"], n, len(builds), wall), ""]
    summary = {}
    by_family = {}
    lines += ["| build | compared | wrong results | differs from plain | launch failures, plain too | ferry-only at the 48 KiB limit | ferry-only elsewhere | hangs | died | not run |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    details = collections.defaultdict(list)
    for b in builds:
        arch = man["builds"][build_of[b]]["arch"]
        plain = results.get("plain-" + arch, {})
        r = results[b]
        cnt = collections.Counter()
        for i, (k, c) in enumerate(cases):
            st, detail = r.get(i, ("NOTRUN", ""))
            pst, pdetail = plain.get(i, ("NOTRUN", ""))
            if st in ("OK", "WRONG"):
                cnt["compared"] += 1
                h = detail.split()[-1]
                if st == "WRONG":
                    cnt["wrong"] += 1
                    details[b].append(("WRONG", i, k, c, detail))
                if b != "plain-" + arch and pst in ("OK", "WRONG") and pdetail.split()[-1] != h:
                    cnt["differs"] += 1
                    if st == "OK":
                        details[b].append(("DIFFERS", i, k, c, detail + " (plain: %s %s)" % (pst, pdetail)))
            elif st == "LAUNCH":
                if b.startswith("plain-") or pst not in ("OK", "WRONG"):
                    cnt["launch_plain_too"] += 1
                else:
                    shared = k["configs"][c]["shared"]
                    if shared >= 40 * 1024:
                        cnt["launch_limit"] += 1
                        details[b].append(("LAUNCH at limit", i, k, c, detail))
                    else:
                        cnt["launch_other"] += 1
                        details[b].append(("LAUNCH", i, k, c, detail))
            elif st == "HANG":
                cnt["hang"] += 1
                details[b].append(("HANG", i, k, c, detail))
            elif st in ("DIED", "SETUP", "GENBUG"):
                cnt["died"] += 1
                details[b].append((st, i, k, c, detail))
            else:
                cnt["notrun"] += 1
        summary[b] = dict(cnt)
        for i, (k, c) in enumerate(cases):
            st = r.get(i, ("NOTRUN", ""))[0]
            fam = by_family.setdefault(family(k), {}).setdefault(b, collections.Counter())
            fam["cases"] += 1
            fam["compared"] += st in ("OK", "WRONG")
            fam["wrong"] += st == "WRONG"
            fam["overlapping"] += st in ("OK", "WRONG") and bool(k["configs"][c].get("overlap"))
        lines.append("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |" % (
            b, cnt["compared"], cnt["wrong"], cnt["differs"], cnt["launch_plain_too"], cnt["launch_limit"],
            cnt["launch_other"], cnt["hang"], cnt["died"], cnt["notrun"]))
    fams = sorted(by_family)
    lines += ["", "Per family (compared / wrong; overlapping launches compared):", "",
              "| build | " + " | ".join(fams) + " |", "|---|" + "---|" * len(fams)]
    for b in builds:
        lines.append("| %s | %s |" % (b, " | ".join("%d / %d; %d" % (by_family[f][b]["compared"], by_family[f][b]["wrong"],
                                                                   by_family[f][b]["overlapping"]) for f in fams)))
    lines += ["", "A launch failure counts as ferry-only when the plain build of the same target ran the case; "
              "\"at the 48 KiB limit\": the launch asks for 40 KiB of shared memory or more (static tiles plus dynamic).",
              "", "ferry's rates over the generated kernels (from -Rpass=ferry at build time):", ""]
    for b, r in sorted(man["rates"].items()):
        lines.append("- %s: %d of %d kernels converted (%.1f %%), %d pipelined (%.1f %%), %d prefetched (%.1f %%)" % (
            b, r["converted"], r["kernels"], 100.0 * r["converted"] / max(1, r["kernels"]), r["pipelined"],
            100.0 * r["pipelined"] / max(1, r["kernels"]), r.get("prefetched", 0),
            100.0 * r.get("prefetched", 0) / max(1, r["kernels"])) +
            "".join("; %s %d" % kv for kv in r.get("shapes", {}).items() if kv[1]))
    lines += ["", "## Findings", "",
              "Reproduce case KERNEL:CONFIG of a build: `%s`, compile it with the build's line below, run "
              "`./KERNEL --only KERNEL:CONFIG`." % man["reproduce"], ""]
    for b in sorted(set(build_of.values())):
        lines.append("- %s: `%s`" % (b, man["builds"][b]["standalone"]))
    for b in builds:
        if not details[b]:
            continue
        lines += ["", "### %s (%d)" % (b, len(details[b])), ""]
        shown = collections.Counter()
        for kind, i, k, c, detail in details[b]:
            shown[kind] += 1
            if shown[kind] > 40:
                continue
            lines.append("- %s: kernel %d config %d (%s): %s; %s" % (kind, k["index"], c, k["part"], detail, describe(k, c)))
        for kind, m in shown.items():
            if m > 40:
                lines.append("- ... %d more %s" % (m - 40, kind))
    text = "\n".join(lines) + "\n"
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(dict(device=gpu, wall=wall, summary=summary,
                       families={f: {b: dict(c) for b, c in v.items()} for f, v in by_family.items()},
                       results={b: {str(i): list(v) for i, v in results[b].items() if v[0] != "OK"} for b in builds},
                       hashes_ok={b: sum(1 for v in results[b].values() if v[0] == "OK") for b in builds}), f)
    print(text[text.index("| build"):text.index("A launch failure")])
    print("fuzz: %d cases a build on %s, %.0f s; report in %s" % (n, gpu or "unknown GPU", wall, os.path.join(out, "report.md")))


if __name__ == "__main__":
    main()
