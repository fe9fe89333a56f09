#!/usr/bin/env python3
"""Checks run.py's handling of a binary that hangs or loses its context.

    check_runner.py EMULATED_BINARY CASES

EMULATED_BINARY is a generated part built with -DFUZZ_EMULATE (emulate.h),
whose FUZZ_EMULATE_HANG_AT=N / FUZZ_EMULATE_STICKY_AT=N make the N-th launch
of each process hang or fail with a sticky error. run.py's run_slice must
record that case (HANG, or LAUNCH then a restart) and resume with the next
one in a new process, so that every other case still runs. Prints one line
per fault: "KIND: index status ...".
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402


def main():
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
