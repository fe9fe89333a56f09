#!/usr/bin/env bash
# Builds the runtime's GPU tests (test/gpu/runtime/*_test.cu) here, with clang
# 22 and build/lib/ferry-rt.bc (no plugin: these test the runtime itself),
# into OUTDIR (default .carry/runtime, which git ignores and the device tool
# can carry). Run them on the GPU machine with test/gpu/runtime/run.sh.
#
# For each test NAME:
#   NAME.sm_90a      sm_90a SASS: the Hopper paths (try_wait, bulk copies + expect_tx)
#   NAME.sm_80       sm_80 PTX only (--cuda-include-ptx): a Hopper GPU JIT-compiles
#                    it, so the sm_80 paths (mbarrier polled with test_wait) run
#   NAME.sm_75       sm_75 PTX only: the software barrier (no mbarrier before sm_80)
#   NAME.sm_70.ptx   the device code compiled for sm_70, as PTX. CUDA 13's ptxas and
#                    fatbinary no longer accept sm_70, so it cannot be linked into a
#                    binary; run.sh runs NAME.sm_90a --ptx NAME.sm_70.ptx, which loads
#                    it with cudaLibraryLoadFromFile and launches its kernels instead
#   NAME.ARCH.ptx    the PTX of every build, to read
# debug_test is built the same way with -DFERRY_DEBUG, and sanitizer_probe
# (what synccheck reports for which mbarrier pattern) as is.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
out="${1:-$root/.carry/runtime}"
clang="${CLANG:-/usr/lib/llvm-22/bin/clang++}"
cuda="${CUDA_PATH:-/usr/local/cuda}"
bitcode="$root/build/lib/ferry-rt.bc"
[ -f "$bitcode" ] || { echo "missing $bitcode: cmake --build build" >&2; exit 2; }
mkdir -p "$out"
cp "$here/run.sh" "$out/run.sh"

common=(-x cuda "--cuda-path=$cuda" -Wno-unknown-cuda-version -O2 -std=c++17 -Wall -Wextra
        -Wno-unused-parameter -I"$root/runtime/include"
        -Xclang -mlink-builtin-bitcode -Xclang "$bitcode" -Xarch_host -Wno-linker-warnings)
link=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread)

failed=0
build() { # build NAME SOURCE EXTRA_FLAGS...
  local name=$1 source=$2
  shift 2
  local ok=1
  "$clang" "${common[@]}" "$@" --cuda-gpu-arch=sm_90a "$source" -o "$out/$name.sm_90a" "${link[@]}" || ok=0
  "$clang" "${common[@]}" "$@" --cuda-gpu-arch=sm_80 --cuda-include-ptx=sm_80 --no-cuda-include-ptx=sm_90a \
    "$source" -o "$out/$name.sm_80" "${link[@]}" || ok=0
  "$clang" "${common[@]}" "$@" --cuda-gpu-arch=sm_75 --cuda-include-ptx=sm_75 "$source" -o "$out/$name.sm_75" \
    "${link[@]}" || ok=0
  for arch in sm_70 sm_75 sm_80 sm_90a; do
    "$clang" "${common[@]}" "$@" --cuda-gpu-arch=$arch --cuda-device-only -S "$source" \
      -o "$out/$name.$arch.ptx" || ok=0
  done
  if [ $ok = 1 ]; then echo "built $name"; else echo "FAIL $name: a compile failed"; failed=1; fi
}

for test in barrier_test pipeline_test access_property_test; do
  build "$test" "$here/$test.cu"
done
build debug_test "$here/debug_test.cu" -DFERRY_DEBUG
build sanitizer_probe "$here/sanitizer_probe.cu"

# The sm_70 PTX is never assembled by clang; check that it assembles (for
# sm_75, the oldest target CUDA 13's ptxas knows).
if [ -x "$cuda/bin/ptxas" ]; then
  for ptx in "$out"/*.sm_70.ptx; do
    "$cuda/bin/ptxas" -arch=sm_75 "$ptx" -o /dev/null || { echo "FAIL $(basename "$ptx"): ptxas"; failed=1; }
  done
fi

# What each build will run: the instructions that tell the paths apart.
for ptx in "$out"/*.ptx; do
  printf '%-34s mbarrier %4d  try_wait %3d  atom.acq_rel %3d  cp.async %3d  createpolicy %3d  cache_hint %3d\n' \
    "$(basename "$ptx")" "$(grep -c 'mbarrier\.' "$ptx" || true)" "$(grep -c 'mbarrier\.try_wait' "$ptx" || true)" \
    "$(grep -c 'atom\.acq_rel' "$ptx" || true)" "$(grep -c 'cp\.async' "$ptx" || true)" \
    "$(grep -c 'createpolicy' "$ptx" || true)" "$(grep -c 'cache_hint' "$ptx" || true)"
done
git -C "$root" rev-parse --short HEAD > "$out/BUILT_FROM" 2>/dev/null || true
exit $failed
