#!/usr/bin/env bash
# Runs the benchmarks built by bench/build.sh on a GPU machine and prints,
# per kernel, the median time of each build (same run) and the speedup of
# each ferry build over legacy (above 1: faster).
# Outputs are compared by checksum: a ferry build that computes anything
# else than the legacy build is reported as a mismatch.
set -uo pipefail
dir="${1:-.carry/bench}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/device: /'
printf "%-14s %-18s %-7s %10s %10s %8s %10s %8s %s\n" kernel config arch legacy_ms ferry_ms ratio collect_ms ratio outputs
for legacy in "$dir"/*.legacy; do
  base="${legacy%.legacy}"
  arch="${base##*.}"
  for variant in legacy ferry ferry-collective; do
    "$base.$variant" > "$base.$variant.csv" || echo "FAIL $base.$variant"
  done
  paste -d, "$base.legacy.csv" "$base.ferry.csv" "$base.ferry-collective.csv" |
    while IFS=, read -r k c lms lrate lsum _ _ fms frate fsum _ _ pms prate psum; do
      same=$([ "$lsum" = "$fsum" ] && [ "$lsum" = "$psum" ] && echo identical || echo MISMATCH)
      awk -v k="$k" -v c="$c" -v a="$arch" -v l="$lms" -v f="$fms" -v p="$pms" -v s="$same" \
        'BEGIN { printf "%-14s %-18s %-7s %10.4f %10.4f %7.3fx %10.4f %7.3fx %s\n", k, c, a, l, f, l / f, p, l / p, s }'
    done
done
