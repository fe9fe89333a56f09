#!/usr/bin/env bash
# Runs the benchmarks built by bench/build.sh on a GPU machine: each
# variant of a benchmark in turn, in one run. Prints, per kernel, the median
# time of the legacy build and, per ferry variant, its median and its
# speedup over legacy (above 1: faster); writes the same as CSV to
# $BENCH_CSV (default DIR/results.csv). Outputs are compared by checksum: a
# variant that computes anything else than legacy is marked MISMATCH.
set -uo pipefail
dir="${1:-.carry/bench}"
csv="${BENCH_CSV:-$dir/results.csv}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/device: /'
echo "benchmark,arch,kernel,config,variant,median_ms,rate,speedup,outputs" > "$csv"
for legacy in "$dir"/*.legacy; do
  base="${legacy%.legacy}"
  arch="${base##*.}"
  bench="$(basename "${base%.*}")"
  "$legacy" > "$base.legacy.csv" || { echo "FAIL $legacy"; continue; }
  header="$(printf "%-13s %-17s %-7s %10s" kernel config arch legacy_ms)"
  variants=()
  for run in "$base".ferry*; do
    case "$run" in *.remarks | *.csv) continue ;; esac
    variant="${run##*.}"
    echo "running $bench $arch $variant" >&2
    "$run" > "$base.$variant.csv" || { echo "FAIL $run"; continue; }
    variants+=("$variant")
    header+="$(printf " %16s %7s" "$variant" speedup)"
  done
  echo "$header"
  while IFS=, read -r kernel config ms rate sum; do
    line="$(printf "%-13s %-17s %-7s %10.4f" "$kernel" "$config" "$arch" "$ms")"
    echo "$bench,$arch,$kernel,$config,legacy,$ms,$rate,1,reference" >> "$csv"
    for variant in "${variants[@]}"; do
      IFS=, read -r _ _ vms vrate vsum < <(grep "^$kernel,$config," "$base.$variant.csv")
      same=$([ "$vsum" = "$sum" ] && echo identical || echo MISMATCH)
      speedup=$(awk -v l="$ms" -v v="$vms" 'BEGIN { printf "%.3f", l / v }')
      line+="$(printf " %16.4f %6sx" "$vms" "$speedup")"
      [ "$same" = identical ] || line+=" MISMATCH"
      echo "$bench,$arch,$kernel,$config,$variant,$vms,$vrate,$speedup,$same" >> "$csv"
    done
    echo "$line"
  done < "$base.legacy.csv"
done
echo "csv: $csv"
