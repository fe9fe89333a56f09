#!/usr/bin/env bash
# The launch dispatch's GPU tests (see dispatch_launches.cu):
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
# for bit, the ferry build runs under racecheck and synccheck (clean) and
# memcheck (which also reports CUDA API errors, such as a search for an
# absent variant: exactly the plain build's report), and with the
# runtime's eager module loading too, and the launch cost is measured.
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
  local extra=(ferrycc)
  [ -n "${FERRY_DISPATCH_CONFIGS:-}" ] && extra=()
  for config in "${configs[@]}" "${extra[@]}"; do
    local mode=ferry
    local base="$dir/dispatch.$config"
    [ -x "$base.ferry" ] || { report FAIL "$config: not built"; continue; }
    if "$base.plain" "$base.plain.out" plain > "$base.plain.log" 2>&1; then
      report PASS "$config run-plain"
    else
      report FAIL "$config run-plain: $(tail -n3 "$base.plain.log" | tr '\n' ' ')"
    fi
    if "$base.ferry" "$base.ferry.out" "$mode" > "$base.ferry.log" 2>&1; then
      report PASS "$config run-ferry ($mode)"
    else
      report FAIL "$config run-ferry ($mode): $(grep -E 'FAIL|failed' "$base.ferry.log" | head -5 | tr '\n' ' ')"
    fi
    grep '^dispatch:' "$base.ferry.log" | sed "s/^/    $config: /"
    if cmp -s "$base.plain.out" "$base.ferry.out"; then
      report PASS "$config cmp"
    else
      report FAIL "$config cmp: outputs differ"
    fi
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
    "$dir/dispatch.sm90a.$build" /dev/null "$build" bench 2>&1 | grep '^bench'
    "$dir/dispatch.sm80.$build" /dev/null "$build" bench 2>&1 | grep 'seed_extern' | sed 's/^bench:/bench: sm_80 PTX:/' 
  done
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

case "$verb" in
  build) build ;;
  run) run ;;
  *) echo "usage: $0 build|run [DIR]" >&2; exit 2 ;;
esac
