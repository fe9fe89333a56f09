#!/usr/bin/env python3
"""The fuzzer's shape families, each told by ferry's remarks: how many
kernels of a generated part reach each rule, converted or refused
(build.py's rates.txt; generator-alias-staged.test).

    remark_counts.py --map PART.json --remarks PART.remarks --source PART.cu \
        [--family alias --remark "versioned this loop" --at-least 0.6] ...

prints one line per SHAPE_REMARKS entry of the part's families, "NAME: N of
M FAMILY kernels"; with --family/--remark/--at-least (repeatable, in
triples), the share of that family's kernels with that remark must reach the
fraction, else it says TOO FEW and exits 1: a generator that stopped
exercising a rule fails. Standard library only.
"""
import argparse
import json
import re
import sys

# Generation 3's shapes and generation 4's (README.md): (name, the family it
# counts, or None for any, the remark's text). A copy-loop kernel's only
# loop with a copy is the one around its copy loop: any ring in it is the
# copy loop's (whose remark names it only when the stage count is ferry's
# choice).
SHAPE_REMARKS = [
    ("copy-loop ring", "copyloop", "pipelined its loop"),
    ("copy loop refused", None, "the loop around this block-strided copy loop is not pipelined"),
    ("read-back slot", None, "read it back from the iteration's slot"),
    ("read-back refused", None, "is read back from the shared array with no barrier"),
    ("top barrier refused", None, "the loop reads the shared array with no barrier between that read and the end"),
    ("block-uniform source", None, "block-uniform"),
    ("guarded ring", None, "guard of the iteration it issues"),
    ("guard refused", None, "the copy's guard depends on"),
    ("alias versioned", "alias", "versioned this loop on a run-time check"),
    ("alias refused", "alias", "and it stays as written:"),
    ("staged", "staged", "staged the copy's load"),
    ("not staged", "staged", "the load is not staged"),
]


def kernel_remarks(kmap, remarks_text, srcname):
    """Each kernel's remarks (by its source lines), in the part's order."""
    lines = {}
    for m in re.finditer(r"^(?:.*/)?%s:(\d+):\d+: remark: (.*)$" % re.escape(srcname), remarks_text, re.M):
        lines.setdefault(int(m.group(1)), []).append(m.group(2))
    return [(k, [r for ln in range(k["first_line"], k["last_line"] + 1) for r in lines.get(ln, [])])
            for k in kmap["kernels"]]


def shape_counts(kmap, remarks_text, srcname):
    """Per SHAPE_REMARKS entry: how many of the part's kernels have that remark."""
    out = {name: 0 for name, _, _ in SHAPE_REMARKS}
    for k, rs in kernel_remarks(kmap, remarks_text, srcname):
        for name, family, text in SHAPE_REMARKS:
            if family in (None, k["features"].get("family")):
                out[name] += any(text in r for r in rs)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--map", required=True, nargs="+", help="gen.py --map files")
    ap.add_argument("--remarks", required=True, nargs="+", help="each part's -Rpass output, in --map's order")
    ap.add_argument("--family", action="append", default=[])
    ap.add_argument("--remark", action="append", default=[])
    ap.add_argument("--at-least", action="append", type=float, default=[])
    a = ap.parse_args()
    if not (len(a.family) == len(a.remark) == len(a.at_least)) or len(a.map) != len(a.remarks):
        sys.exit("remark_counts: --family, --remark and --at-least go in triples; one --remarks a --map")
    pairs = []
    for mp, rp in zip(a.map, a.remarks):
        with open(mp) as f:
            km = json.load(f)
        with open(rp) as f:
            pairs += kernel_remarks(km, f.read(), km["source"].split("/")[-1])
    families = {}
    for k, _ in pairs:
        fam = k["features"].get("family", "copy")
        families[fam] = families.get(fam, 0) + 1
    for name, family, text in SHAPE_REMARKS:
        if family is None or family not in families:
            continue
        n = sum(1 for k, rs in pairs if k["features"].get("family") == family and any(text in r for r in rs))
        print("%s: %d of %d %s kernels" % (name, n, families[family], family))
    failed = False
    for family, text, frac in zip(a.family, a.remark, a.at_least):
        total = families.get(family, 0)
        n = sum(1 for k, rs in pairs if k["features"].get("family") == family and any(text in r for r in rs))
        ok = total > 0 and n >= frac * total
        failed |= not ok
        print("%s %s: %d of %d kernels with \"%s\" (at least %.0f %%)" % (
            "OK" if ok else "TOO FEW", family, n, total, text, 100 * frac))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
