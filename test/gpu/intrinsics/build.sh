#!/usr/bin/env bash
# Builds the GPU tests of ferry's memcpy_async intrinsics here (clang 22
# through ferry-cc, so ferry-lower lowers every call) into OUTDIR (default
# .carry/intrinsics, which git ignores), and copies run.sh there. Run them on
# the GPU machine with: bash .carry/intrinsics/run.sh
#
#   memcpy_async_test.sm_90a  sm_90a SASS: bulk copies (and the _bulk form)
#   memcpy_async_test.sm_80   sm_80 PTX only: a Hopper GPU JIT-compiles it, so
#                             the cp.async paths run
#   memcpy_async_test.sm_75   sm_75 PTX only: the synchronous fallback (and the
#                             runtime's software barrier)
#   *.ptx                     the device code of each build, to read
#
# FERRY_CC names the ferry-cc to use (default build/bin/ferry-cc; a build
# directory of your own: FERRY_CC=build-lower/bin/ferry-cc).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
out="${1:-$root/.carry/intrinsics}"
ferry_cc="${FERRY_CC:-$root/build/bin/ferry-cc}"
cuda="${CUDA_PATH:-/usr/local/cuda}"
[ -x "$ferry_cc" ] || { echo "missing $ferry_cc: cmake --build build" >&2; exit 2; }
mkdir -p "$out"
cp "$here/run.sh" "$out/run.sh"

common=(-x cuda -O2 -std=c++17 -Wall -Wextra -Wno-unused-parameter)
link=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread)
source="$here/memcpy_async_test.cu"
name=memcpy_async_test

"$ferry_cc" "${common[@]}" -DFERRY_TEST_BULK --cuda-gpu-arch=sm_90a "$source" -o "$out/$name.sm_90a" "${link[@]}"
"$ferry_cc" "${common[@]}" --cuda-gpu-arch=sm_80 --cuda-include-ptx=sm_80 "$source" -o "$out/$name.sm_80" "${link[@]}"
"$ferry_cc" "${common[@]}" --cuda-gpu-arch=sm_75 --cuda-include-ptx=sm_75 "$source" -o "$out/$name.sm_75" "${link[@]}"
"$ferry_cc" "${common[@]}" -DFERRY_TEST_BULK --cuda-gpu-arch=sm_90a --cuda-device-only -S "$source" -o "$out/$name.sm_90a.ptx"
for arch in sm_80 sm_75; do
  "$ferry_cc" "${common[@]}" --cuda-gpu-arch=$arch --cuda-device-only -S "$source" -o "$out/$name.$arch.ptx"
done

# The synccheck control (libcuxx_barrier_control.cu): libcu++ by nvcc.
nvcc="${NVCC:-$cuda/bin/nvcc}"
if [ -x "$nvcc" ]; then
  "$nvcc" -O3 -std=c++17 -arch=sm_90a "$here/libcuxx_barrier_control.cu" -o "$out/libcuxx_barrier_control.sm_90a"
  "$nvcc" -O3 -std=c++17 -gencode arch=compute_80,code=compute_80 "$here/libcuxx_barrier_control.cu" \
    -o "$out/libcuxx_barrier_control.sm_80"
fi

# What each build will run: the instructions that tell the paths apart.
for ptx in "$out"/*.ptx; do
  printf '%-28s cp.async.bulk %3d  cp.async.cg %3d  cp.async.ca %3d  cache_hint %3d  cp.async.mbarrier.arrive %3d\n' \
    "$(basename "$ptx")" "$(grep -c 'cp\.async\.bulk' "$ptx" || true)" "$(grep -c 'cp\.async\.cg' "$ptx" || true)" \
    "$(grep -c 'cp\.async\.ca' "$ptx" || true)" "$(grep -c 'cache_hint' "$ptx" || true)" \
    "$(grep -c 'cp\.async\.mbarrier\.arrive' "$ptx" || true)"
done
git -C "$root" rev-parse --short HEAD > "$out/BUILT_FROM" 2>/dev/null || true
echo "built into $out; run: bash $out/run.sh"
