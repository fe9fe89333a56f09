#!/usr/bin/env bash
# Runs the real programs that bench/real/build.sh put in OUT, on a GPU
# machine (driver, compute-sanitizer, ncu and python3; no LLVM needed):
#
#   bash OUT/run.sh [OUT] [--only "P1 P2"] [--targets sm_90a,sm_80]
#                   [--rounds 3] [--runs 11] [--no-sanitize] [--profile]
#                   [--logs DIR] [--timeout SECONDS] [--modes measure,model]
#                   [--control]
#
# OUT defaults to the folder of this script (build.sh copies it there).
# Binaries packed by build.sh --pack (*.xz) are unpacked first. What it
# checks and how it times (rounds alternating plain and ferry, ratio =
# plain / ferry, median and spread of the rounds, geomean per target), and
# the profile's classes: see run.py. The environment passes through, so
#   FERRY_DISPATCH=model bash OUT/run.sh
# repeats the run with the launch runtime's model dispatch. The table
# prints last; logs and CSV (runs.csv, summary.csv, profile.csv) go to
# --logs (default OUT/logs).
here="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$here/run.py" "$@"
