#!/usr/bin/env bash
# The launch dispatch's GPU tests (see dispatch_launches.cu and, for the
# measured dispatch, measure_launches.cu):
#
#   bash test/gpu/dispatch/check.sh build [DIR]   here: builds every binary
#   bash test/gpu/dispatch/check.sh run [DIR]     on the GPU machine
#
# Each configuration is built plain (clang) and with ferry (clang
# -fpass-plugin, or ferry-cc): sm_80 with its PTX (the driver JIT-compiles
# it on a newer GPU), sm_90a, a fatbinary of sm_80 PTX and sm_90a, and
# -fgpu-rdc (registered by clang-linker-wrapper), and a per-thread default
# stream (cudaLaunchKernel_ptsz). Two
# translation units: other_unit.cu launches a kernel through a pointer.
# run: both builds of each configuration run, their outputs are compared bit
# for bit (the ferry build under each FERRY_DISPATCH mode: model and variant
# expecting the rules' entries, original the kernels as written, measure,
# the default, either), the ferry build runs under racecheck and synccheck (clean) and
# memcheck (which also reports CUDA API errors, such as a search for an
# absent variant: exactly the plain build's report), and with the
# runtime's eager module loading too, and the launch cost is measured.
# measure_launches (sm90a and ptsz): each mode's settled entries, graphs,
# 4 threads x 2 streams, the sanitizers, the report, the trial's cost;
# bench/launch_cost.cu under model and measure.
# robust_launches (sm90a and ptsz): each of its cases (cudaDeviceReset
# before, during and after a trial; the devices in turn; a trial pending at
# exit, with and without a reset there; threads launching while others
# capture graphs; errors the program provokes) in a process of its own,
# the ferry build under each mode: its exit status, output
# and log (the error codes it read) as the plain build's; on sm90a under
# memcheck too,
# with exactly the plain build's API errors.
# FERRY_DISPATCH_PARTS (space-separated; default all) runs a subset of
# robust, measure, cost, dispatch.
# One PASS/FAIL line per check, then "N passed, N failed".
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
verb="${1:-}"
dir="${2:-$root/.carry/dispatch}"
clang="${FERRY_CLANG:-/usr/lib/llvm-22/bin/clang++}"
cuda="${FERRY_CUDA_PATH:-/usr/local/cuda}"
plugin="$root/build/lib/ferry.so"

# FERRY_DISPATCH_CONFIGS (space-separated) runs a subset.
read -r -a configs <<< "${FERRY_DISPATCH_CONFIGS:-sm80 sm90a fatbin rdc ptsz}"
arch_flags() {
  case "$1" in
    sm80) echo "--cuda-gpu-arch=sm_80 --cuda-include-ptx=sm_80" ;;
    sm90a) echo "--cuda-gpu-arch=sm_90a" ;;
    fatbin) echo "--cuda-gpu-arch=sm_80 --cuda-include-ptx=sm_80 --cuda-gpu-arch=sm_90a" ;;
    rdc) echo "--cuda-gpu-arch=sm_90a -fgpu-rdc" ;;
    ptsz) echo "--cuda-gpu-arch=sm_90a -Xclang -fgpu-default-stream=per-thread -DCUDA_API_PER_THREAD_DEFAULT_STREAM=1" ;;
  esac
}

build() {
  mkdir -p "$dir"
  local common=(-x cuda --cuda-path="$cuda" -Wno-unknown-cuda-version -O3 -std=c++17)
  local link=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread -Wl,--wrap=cudaLaunchKernel
              -Wl,--wrap=cudaLaunchKernel_ptsz)
  local ferry=(-fpass-plugin="$plugin" -Xclang -load -Xclang "$plugin")
  local failed=0
  "$clang" -x c++ -O2 -I"$cuda/include" -c "$here/launch_record.cpp" -o "$dir/launch_record.o" || failed=1
  for config in "${configs[@]}"; do
    read -r -a archs <<< "$(arch_flags "$config")"
    for build in plain ferry; do
      local flags=()
      [ "$build" = ferry ] && flags=("${ferry[@]}")
      local out="$dir/dispatch.$config.$build"
      local rdc_link=()
      [ "$config" = rdc ] && rdc_link=(--offload-new-driver -fgpu-rdc --cuda-path="$cuda" --cuda-gpu-arch=sm_90a)
      if "$clang" "${common[@]}" "${archs[@]}" "${flags[@]}" -c "$here/dispatch_launches.cu" \
           -o "$out.a.o" -Rpass=ferry -Rpass-missed=ferry 2> "$out.remarks" &&
         "$clang" "${common[@]}" "${archs[@]}" "${flags[@]}" -c "$here/other_unit.cu" -o "$out.b.o" &&
         "$clang" "${rdc_link[@]}" "$out.a.o" "$out.b.o" "$dir/launch_record.o" -o "$out" "${link[@]}"; then
        echo "built $config $build"
      else
        echo "FAIL build $config $build"; sed 's/^/    /' "$out.remarks" | head -20; failed=1
      fi
    done
  done
  # The measured dispatch's own test, and the launch cost under each mode.
  for config in "${configs[@]}"; do
    case "$config" in sm90a|ptsz) ;; *) continue ;; esac
    read -r -a archs <<< "$(arch_flags "$config")"
    for build in plain ferry; do
      local flags=()
      [ "$build" = ferry ] && flags=("${ferry[@]}")
      local out="$dir/measure.$config.$build"
      if "$clang" "${common[@]}" "${archs[@]}" "${flags[@]}" -c "$here/measure_launches.cu" \
           -o "$out.o" -Rpass=ferry -Rpass-missed=ferry 2> "$out.remarks" &&
         "$clang" "$out.o" "$dir/launch_record.o" -o "$out" "${link[@]}"; then
        echo "built measure $config $build"
      else
        echo "FAIL build measure $config $build"; sed 's/^/    /' "$out.remarks" | head -20; failed=1
      fi
      out="$dir/robust.$config.$build"
      if "$clang" "${common[@]}" "${archs[@]}" "${flags[@]}" -c "$here/robust_launches.cu" \
           -o "$out.o" -Rpass=ferry -Rpass-missed=ferry 2> "$out.remarks" &&
         "$clang" "$out.o" "$dir/launch_record.o" -o "$out" "${link[@]}"; then
        echo "built robust $config $build"
      else
        echo "FAIL build robust $config $build"; sed 's/^/    /' "$out.remarks" | head -20; failed=1
      fi
    done
  done
  local bench="$root/bench"
  if "$clang" "${common[@]}" --cuda-gpu-arch=sm_90a "${ferry[@]}" -I"$bench" -c "$bench/launch_cost.cu" \
       -o "$dir/launch_cost.o" &&
     "$clang" "${common[@]}" --cuda-gpu-arch=sm_90a -I"$bench" -DLAUNCH_COST_REFERENCE -c \
       "$bench/launch_cost.cu" -o "$dir/launch_cost.twin.o" &&
     "$clang" "$dir/launch_cost.o" "$dir/launch_cost.twin.o" -o "$dir/launch_cost" \
       -L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread; then
    echo "built launch_cost"
  else
    echo "FAIL build launch_cost"; failed=1
  fi
  # Through the wrapper, sm_90a.
  if "$root/build/bin/ferry-cc" --cuda-gpu-arch=sm_90a -O3 -std=c++17 -c "$here/dispatch_launches.cu" \
       -o "$dir/cc.a.o" && "$root/build/bin/ferry-cc" --cuda-gpu-arch=sm_90a -O3 -c \
       "$here/other_unit.cu" -o "$dir/cc.b.o" &&
     "$clang" "$dir/cc.a.o" "$dir/cc.b.o" "$dir/launch_record.o" -o "$dir/dispatch.ferrycc.ferry" \
       "${link[@]}"; then
    cp "$dir/dispatch.sm90a.plain" "$dir/dispatch.ferrycc.plain"
    echo "built ferrycc ferry"
  else
    echo "FAIL build ferrycc"; failed=1
  fi
  return $failed
}

run() {
  local passed=0 failed=0
  report() { echo "$1 $2"; if [ "$1" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi; }
  local sanitizer="$cuda/bin/compute-sanitizer"
  command -v compute-sanitizer > /dev/null && sanitizer=$(command -v compute-sanitizer)
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | sed 's/^/device: /'
  local parts=" ${FERRY_DISPATCH_PARTS:-robust measure cost dispatch} "
  [[ "$parts" == *" robust "* ]] && run_robust
  [[ "$parts" == *" measure "* ]] && run_measure
  [[ "$parts" == *" cost "* ]] && run_cost
  if [[ "$parts" != *" dispatch "* ]]; then
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    return
  fi
  local extra=(ferrycc)
  [ -n "${FERRY_DISPATCH_CONFIGS:-}" ] && extra=()
  for config in "${configs[@]}" "${extra[@]}"; do
    local mode=any # under the sanitizers: the default, measure
    local base="$dir/dispatch.$config"
    [ -x "$base.ferry" ] || { report FAIL "$config: not built"; continue; }
    if "$base.plain" "$base.plain.out" plain > "$base.plain.log" 2>&1; then
      report PASS "$config run-plain"
    else
      report FAIL "$config run-plain: $(tail -n3 "$base.plain.log" | tr '\n' ' ')"
    fi
    # Each mode: what the launches may run, and the outputs as plain's.
    local dispatch expected
    for dispatch in model variant original measure; do
      case "$dispatch" in model|variant) expected=ferry ;; original) expected=plain ;; *) expected=any ;; esac
      if FERRY_DISPATCH=$dispatch "$base.ferry" "$base.$dispatch.out" "$expected" > "$base.$dispatch.log" 2>&1 &&
         cmp -s "$base.plain.out" "$base.$dispatch.out"; then
        report PASS "$config run-ferry ($dispatch)"
      else
        report FAIL "$config run-ferry ($dispatch): $(grep -E 'FAIL|failed' "$base.$dispatch.log" | head -5 | tr '\n' ' ')$(cmp -s "$base.plain.out" "$base.$dispatch.out" || echo 'outputs differ')"
      fi
    done
    grep '^dispatch:' "$base.model.log" | sed "s/^/    $config: /"
    if CUDA_MODULE_LOADING=EAGER "$base.ferry" "$base.eager.out" "$mode" > "$base.eager.log" 2>&1 &&
       cmp -s "$base.plain.out" "$base.eager.out"; then
      report PASS "$config eager-loading"
    else
      report FAIL "$config eager-loading: $(tail -n3 "$base.eager.log" | tr '\n' ' ')"
    fi
    [ "$config" = ferrycc ] && continue
    for tool in racecheck synccheck; do
      if timeout 120 "$sanitizer" --tool "$tool" --error-exitcode 86 "$base.ferry" "$base.$tool.out" "$mode" \
           > "$base.$tool.log" 2>&1 && cmp -s "$base.plain.out" "$base.$tool.out" &&
         grep -qE '(RACECHECK SUMMARY: 0 hazards|ERROR SUMMARY: 0 errors)' "$base.$tool.log"; then
        report PASS "$config $tool"
      else
        report FAIL "$config $tool: $(grep -E 'SUMMARY|FAIL' "$base.$tool.log" | tail -n2 | tr '\n' ' ')"
      fi
    done
    # memcheck also reports the API errors of the program's own launches
    # that fail on purpose (past the shared-memory limits): the ferry build
    # must report exactly what the plain build reports.
    timeout 120 "$sanitizer" --tool memcheck "$base.plain" "$base.memcheck-plain.out" plain \
      > "$base.memcheck-plain.log" 2>&1
    timeout 120 "$sanitizer" --tool memcheck "$base.ferry" "$base.memcheck.out" "$mode" \
      > "$base.memcheck.log" 2>&1
    local plain_summary ferry_summary
    plain_summary=$(grep -E 'ERROR SUMMARY' "$base.memcheck-plain.log" | tail -n1)
    ferry_summary=$(grep -E 'ERROR SUMMARY' "$base.memcheck.log" | tail -n1)
    if [ -n "$ferry_summary" ] && [ "$plain_summary" = "$ferry_summary" ] &&
       cmp -s "$base.plain.out" "$base.memcheck.out"; then
      report PASS "$config memcheck (${ferry_summary#*SUMMARY: }, as plain)"
    else
      report FAIL "$config memcheck: ferry '$ferry_summary', plain '$plain_summary'"
    fi
  done
  for build in plain ferry; do
    FERRY_DISPATCH=model "$dir/dispatch.sm90a.$build" /dev/null "$build" bench 2>&1 | grep '^bench'
    FERRY_DISPATCH=model "$dir/dispatch.sm80.$build" /dev/null "$build" bench 2>&1 | grep 'seed_extern' | sed 's/^bench:/bench: sm_80 PTX:/'
  done
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

# The measured dispatch: measure_launches in each mode and under the
# sanitizers, its report, the trial's cost, and launch_cost.
run_measure() {
  local config
  for config in "${configs[@]}"; do
    case "$config" in sm90a|ptsz) ;; *) continue ;; esac
    local base="$dir/measure.$config"
    [ -x "$base.ferry" ] || { report FAIL "measure $config: not built"; continue; }
    if "$base.plain" "$base.plain.out" plain > "$base.plain.log" 2>&1; then
      report PASS "measure $config run-plain"
    else
      report FAIL "measure $config run-plain: $(tail -n3 "$base.plain.log" | tr '\n' ' ')"
    fi
    local dispatch expected
    for dispatch in measure model variant original unknown; do
      case "$dispatch" in measure|unknown) expected=measure ;; model) expected=rules ;; variant) expected=variant ;; *) expected=original ;; esac
      local value=$dispatch
      [ "$dispatch" = unknown ] && value=fastest
      rm -f "$base.$dispatch.report"
      if FERRY_DISPATCH=$value FERRY_DISPATCH_REPORT="$base.$dispatch.report" "$base.ferry" \
           "$base.$dispatch.out" "$expected" > "$base.$dispatch.log" 2>&1 &&
         cmp -s "$base.plain.out" "$base.$dispatch.out" &&
         { [ "$dispatch" != unknown ] || grep -q "FERRY_DISPATCH=fastest is not one of measure, model, original, variant; measure is used" "$base.$dispatch.log"; }; then
        report PASS "measure $config $dispatch"
      else
        report FAIL "measure $config $dispatch: $(grep -E 'FAIL|failed|ferry:' "$base.$dispatch.log" | head -5 | tr '\n' ' ')$(cmp -s "$base.plain.out" "$base.$dispatch.out" || echo 'outputs differ')"
      fi
      grep '^measure:' "$base.$dispatch.log" | sed "s/^/    $config $dispatch: /"
    done
    sed "s/^/    $config report: /" "$base.measure.report"
    "$base.plain" "$base.small-plain.out" plain small > /dev/null 2>&1
    for tool in racecheck synccheck memcheck; do
      # racecheck cannot follow 4 host threads launching into the legacy
      # default stream at once (the plain build hangs or loses track of a
      # launch too): there the threads take turns; ptsz runs them at once.
      local order=
      [ "$tool" = racecheck ] && [ "$config" = sm90a ] && order=serial
      if timeout 200 "$sanitizer" --tool "$tool" --error-exitcode 86 "$base.ferry" "$base.$tool.out" any small $order \
           > "$base.$tool.log" 2>&1 && cmp -s "$base.small-plain.out" "$base.$tool.out" &&
         grep -qE '(RACECHECK SUMMARY: 0 hazards|ERROR SUMMARY: 0 errors)' "$base.$tool.log"; then
        report PASS "measure $config $tool"
      else
        report FAIL "measure $config $tool: $(grep -E 'SUMMARY|FAIL|Program hit' "$base.$tool.log" | sort | uniq -c | head -n5 | tr '\n' ' ') $(tail -n2 "$base.$tool.log" | tr '\n' ' ')"
        # For comparison: the plain build under the same tool and limit.
        timeout 200 "$sanitizer" --tool "$tool" "$base.plain" /dev/null plain small $order > "$base.$tool-plain.log" 2>&1
        echo "    plain build under $tool: exit $?, $(grep -E 'SUMMARY' "$base.$tool-plain.log" | tail -n1)"
      fi
    done
  done
}

# The host's cost of a launch: measure_launches' trial cost, launch_cost.
run_cost() {
  local base="$dir/measure.sm90a"
  for round in 1 2; do
    "$base.plain" /dev/null plain bench 2>&1 | grep '^bench' | sed 's/^bench: plain/bench: plain build/'
    for dispatch in model measure; do
      FERRY_DISPATCH=$dispatch "$base.ferry" /dev/null "$dispatch" bench 2>&1 | grep '^bench'
    done
  done
  for round in 1 2 3; do
    for dispatch in model measure; do
      echo "launch_cost $dispatch: $(FERRY_DISPATCH=$dispatch "$dir/launch_cost" 2>&1 | tr '\n' ' ')"
    done
  done
}

# robust_launches: each case in a process of its own, as the plain build
# runs it, under each mode; on sm90a under memcheck too.
run_robust() {
  local config case dispatch
  for config in "${configs[@]}"; do
    case "$config" in sm90a|ptsz) ;; *) continue ;; esac
    local base="$dir/robust.$config"
    [ -x "$base.ferry" ] || { report FAIL "robust $config: not built"; continue; }
    for case in reset reset-large devices exit exit-reset capture errors; do
      local b="$base.$case"
      timeout 120 "$base.plain" "$b.plain.out" "$case" > "$b.plain.log" 2>&1
      local plain_status=$?
      if [ "$plain_status" -eq 0 ]; then
        report PASS "robust $config $case run-plain"
      else
        report FAIL "robust $config $case run-plain: exit $plain_status: $(tail -n3 "$b.plain.log" | tr '\n' ' ')"
      fi
      for dispatch in measure model original variant; do
        FERRY_DISPATCH=$dispatch timeout 120 "$base.ferry" "$b.$dispatch.out" "$case" \
          > "$b.$dispatch.log" 2>&1
        local status=$?
        if [ "$status" -eq "$plain_status" ] && cmp -s "$b.plain.out" "$b.$dispatch.out" &&
           cmp -s "$b.plain.log" "$b.$dispatch.log"; then
          report PASS "robust $config $case ($dispatch)"
        else
          report FAIL "robust $config $case ($dispatch): exit $status (plain $plain_status)$(cmp -s "$b.plain.out" "$b.$dispatch.out" || echo ', outputs differ')$(diff "$b.plain.log" "$b.$dispatch.log" | head -6 | tr '\n' ' ')"
        fi
      done
      [ "$config" = sm90a ] || continue
      timeout 200 "$sanitizer" --tool memcheck "$base.plain" "$b.memcheck-plain.out" "$case" small \
        > "$b.memcheck-plain.log" 2>&1
      plain_status=$?
      timeout 200 "$sanitizer" --tool memcheck "$base.ferry" "$b.memcheck.out" "$case" small \
        > "$b.memcheck.log" 2>&1
      status=$?
      local plain_summary ferry_summary
      plain_summary=$(grep -E 'ERROR SUMMARY' "$b.memcheck-plain.log" | tail -n1)
      ferry_summary=$(grep -E 'ERROR SUMMARY' "$b.memcheck.log" | tail -n1)
      if [ -n "$ferry_summary" ] && [ "$plain_summary" = "$ferry_summary" ] &&
         [ "$status" -eq "$plain_status" ] && cmp -s "$b.memcheck-plain.out" "$b.memcheck.out"; then
        report PASS "robust $config $case memcheck (${ferry_summary#*SUMMARY: }, as plain)"
      else
        report FAIL "robust $config $case memcheck: exit $status (plain $plain_status), ferry '$ferry_summary', plain '$plain_summary'$(cmp -s "$b.memcheck-plain.out" "$b.memcheck.out" || echo ', outputs differ')"
        grep -E 'Program hit|Invalid' "$b.memcheck.log" | sort | uniq -c | head -4 | sed 's/^/    ferry: /'
      fi
    done
  done
}

case "$verb" in
  build) build ;;
  run) run ;;
  *) echo "usage: $0 build|run [DIR]" >&2; exit 2 ;;
esac
