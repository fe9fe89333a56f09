#!/usr/bin/env python3
"""Checks run.py's handling of a binary that hangs or loses its context.

    check_runner.py EMULATED_BINARY CASES
    check_runner.py --dispatch FAKE_BINARY

EMULATED_BINARY is a generated part built with -DFUZZ_EMULATE (emulate.h),
whose FUZZ_EMULATE_HANG_AT=N / FUZZ_EMULATE_STICKY_AT=N make the N-th launch
of each process hang or fail with a sticky error. run.py's run_slice must
record that case (HANG, or LAUNCH then a restart) and resume with the next
one in a new process, so that every other case still runs. Prints one line
per fault: "KIND: index status ...". With --dispatch: the rows --dispatch
makes of a plain and a ferry build, and what FERRY_DISPATCH a run_slice
gives its binary (FAKE_BINARY prints it as its one case's result).
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402


def dispatch(exe):
    print("rows: %s" % " ".join("%s(%s)" % (name, mode) for name, _, mode in
                                run.run_entries(["ferry-sm_80", "plain-sm_80"], ["measure", "model"])))
    print("rows without modes: %s" % " ".join(name for name, _, _ in run.run_entries(["ferry-sm_80"], [])))
    for mode in ("model", None):
        results = {}
        run.run_slice(exe, 0, 1, results, time.time() + 60, mode)
        print("ran under %s: %s" % (mode, results[0][1]))


def main():
    if sys.argv[1] == "--dispatch":
        return dispatch(sys.argv[2])
    exe, cases = sys.argv[1], int(sys.argv[2])
    for kind, var in (("none", None), ("hang", "FUZZ_EMULATE_HANG_AT"), ("sticky", "FUZZ_EMULATE_STICKY_AT")):
        if var:
            os.environ[var] = "3"
        results = {}
        run.run_slice(exe, 0, cases, results, time.time() + 120)
        print("%s: %s" % (kind, " ".join("%d %s" % (i, results.get(i, ("MISSING",))[0]) for i in range(cases))))
        if var:
            del os.environ[var]


if __name__ == "__main__":
    main()
