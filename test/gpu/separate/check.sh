#!/usr/bin/env bash
# Separate compilation on the GPU (ferry-cc -dc, then a link; issue 31):
#
#   bash test/gpu/separate/check.sh build DIR   here: builds every binary
#   bash test/gpu/separate/check.sh run DIR     on the GPU machine
#
# test/ferry-cc/Inputs/separate (a kernel calling a device function of
# another file) built by nvcc (-dc, link) and by ferry-cc three ways: its
# link line (clang's --offload-link), nvcc's -dlink step with the host link
# by clang++, and -rdc=true on the link line: each prints what nvcc's
# prints. The launch dispatch's test program (test/gpu/dispatch) built with
# ferry-cc -dc and -dlink runs ferry's variants (FERRY_DISPATCH=variant,
# which it checks) with the output of the plain clang -fgpu-rdc build.
# One PASS/FAIL line per check, then "N passed, N failed".
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
verb="${1:-}"
dir="${2:-$root/.carry/separate}"
cuda="${FERRY_CUDA_PATH:-/usr/local/cuda}"
clang="${FERRY_CLANG:-/usr/lib/llvm-22/bin/clang++}"
ferry_cc="$root/build/bin/ferry-cc"
inputs="$root/test/ferry-cc/Inputs/separate"
dispatch="$root/test/gpu/dispatch"
runtime=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread)
wraps=(-Wl,--wrap=cudaLaunchKernel -Wl,--wrap=cudaLaunchKernel_ptsz)

build() {
  mkdir -p "$dir" && cd "$dir" || exit 1
  set -e
  "$cuda/bin/nvcc" -arch=sm_90a -O3 -dc "$inputs/main.cu" -o main.nvcc.o
  "$cuda/bin/nvcc" -arch=sm_90a -O3 -dc "$inputs/twice.cu" -o twice.nvcc.o
  "$cuda/bin/nvcc" -arch=sm_90a main.nvcc.o twice.nvcc.o -o separate.nvcc
  "$ferry_cc" -arch=sm_90a -O3 -dc "$inputs/main.cu" -o main.o
  "$ferry_cc" -arch=sm_90a -O3 -dc "$inputs/twice.cu" -o twice.o
  "$ferry_cc" -arch=sm_90a main.o twice.o -o separate.link
  "$ferry_cc" -arch=sm_90a -dlink main.o twice.o -o dlink.o
  "$clang" main.o twice.o dlink.o -o separate.dlink "${runtime[@]}"
  "$ferry_cc" -arch=sm_90a -rdc=true main.o twice.o -o separate.rdc
  "$clang" -x c++ -O2 -I"$cuda/include" -c "$dispatch/launch_record.cpp" -o launch_record.o
  local common=(-x cuda --cuda-path="$cuda" -Wno-unknown-cuda-version -O3 -std=c++17 --cuda-gpu-arch=sm_90a -fgpu-rdc)
  "$clang" "${common[@]}" -c "$dispatch/dispatch_launches.cu" -o dispatch.a.plain.o
  "$clang" "${common[@]}" -c "$dispatch/other_unit.cu" -o dispatch.b.plain.o
  "$clang" --offload-link --cuda-path="$cuda" -Wno-unknown-cuda-version dispatch.a.plain.o dispatch.b.plain.o \
    launch_record.o -o dispatch.plain "${runtime[@]}" "${wraps[@]}"
  "$ferry_cc" -arch=sm_90a -O3 -std=c++17 -dc "$dispatch/dispatch_launches.cu" -o dispatch.a.o
  "$ferry_cc" -arch=sm_90a -O3 -std=c++17 -dc "$dispatch/other_unit.cu" -o dispatch.b.o
  "$ferry_cc" -arch=sm_90a -dlink dispatch.a.o dispatch.b.o -o dispatch.dlink.o
  "$clang" dispatch.a.o dispatch.b.o dispatch.dlink.o launch_record.o -o dispatch.dlink "${runtime[@]}" "${wraps[@]}"
  "$ferry_cc" -arch=sm_90a dispatch.a.o dispatch.b.o launch_record.o -o dispatch.link "${wraps[@]}"
  rm -f ./*.o
  echo "built separate compilation in $dir"
}

run() {
  cd "$dir" || exit 1
  local passed=0 failed=0
  report() { echo "$1 $2"; if [ "$1" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi; }
  ./separate.nvcc > separate.nvcc.out 2>&1
  for build in link dlink rdc; do
    if ./separate.$build > separate.$build.out 2>&1 && cmp -s separate.nvcc.out separate.$build.out; then
      report PASS "separate ferry-cc $build: $(cat separate.$build.out)"
    else
      report FAIL "separate ferry-cc $build: $(head -c 200 separate.$build.out) (nvcc: $(cat separate.nvcc.out))"
    fi
  done
  ./dispatch.plain dispatch.plain.out plain > dispatch.plain.log 2>&1 || report FAIL "dispatch plain: $(tail -n2 dispatch.plain.log)"
  for build in dlink link; do
    if FERRY_DISPATCH=variant ./dispatch.$build dispatch.$build.out ferry > dispatch.$build.log 2>&1 &&
       cmp -s dispatch.plain.out dispatch.$build.out; then
      report PASS "dispatch ferry-cc $build: ferry's variants ran, outputs as plain's"
    else
      report FAIL "dispatch ferry-cc $build: $(grep -E 'FAIL|failed' dispatch.$build.log | head -3 | tr '\n' ' ')"
    fi
  done
  echo "$passed passed, $failed failed"
}

case "$verb" in
  build) build ;;
  run) run ;;
  *) echo "usage: $0 build|run [DIR]" >&2; exit 2 ;;
esac
