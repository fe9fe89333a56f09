#!/usr/bin/env bash
# Runs the benchmarks built by bench/build.sh on a GPU machine and prints,
# per kernel, legacy and ferry medians (same run) and their ratio.
# Outputs are compared by checksum: a ferry build that computes anything
# else than the legacy build is reported as a mismatch.
set -uo pipefail
dir="${1:-.carry/bench}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/device: /'
printf "%-14s %-20s %-8s %10s %10s %8s %s\n" kernel config arch legacy_ms ferry_ms speedup outputs
for legacy in "$dir"/*.legacy; do
  base="${legacy%.legacy}"
  arch="${base##*.}"
  "$legacy" > "$base.legacy.csv" || { echo "FAIL $legacy"; continue; }
  "$base.ferry" > "$base.ferry.csv" || { echo "FAIL $base.ferry"; continue; }
  paste -d, "$base.legacy.csv" "$base.ferry.csv" | while IFS=, read -r k c lms lrate lsum k2 c2 fms frate fsum; do
    same=$([ "$lsum" = "$fsum" ] && echo identical || echo MISMATCH)
    awk -v k="$k" -v c="$c" -v a="$arch" -v l="$lms" -v f="$fms" -v s="$same" \
      'BEGIN { printf "%-14s %-20s %-8s %10.4f %10.4f %7.3fx %s\n", k, c, a, l, f, l / f, s }'
  done
done
