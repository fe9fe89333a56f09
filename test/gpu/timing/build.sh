#!/usr/bin/env bash
# Builds test/gpu/timing/seeds_static.cu plain and with ferry for sm_90a
# into OUTDIR (default .carry/timing), and two controls: plain with a 16 KiB
# tile, ferry with __restrict__ pointers; run each binary on the GPU
# machine.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
out="${1:-$root/.carry/timing}"
clang="${FERRY_CLANG:-/usr/lib/llvm-22/bin/clang++}"
cuda="${FERRY_CUDA_PATH:-/usr/local/cuda}"
plugin="${FERRY_PLUGIN:-$root/build/lib/ferry.so}"
mkdir -p "$out"
flags=(-x cuda --cuda-path="$cuda" -Wno-unknown-cuda-version -O3 -std=c++17 --cuda-gpu-arch=sm_90a)
link=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread)
"$clang" "${flags[@]}" "$here/seeds_static.cu" -o "$out/seeds_static.plain" "${link[@]}"
"$clang" "${flags[@]}" -DTILE=4096 "$here/seeds_static.cu" -o "$out/seeds_static_16k.plain" "${link[@]}"
"$clang" "${flags[@]}" -fpass-plugin="$plugin" -Xclang -load -Xclang "$plugin" -DRESTRICT \
  "$here/seeds_static.cu" -o "$out/seeds_static_restrict.ferry" "${link[@]}"
"$clang" "${flags[@]}" -fpass-plugin="$plugin" -Xclang -load -Xclang "$plugin" \
  -Rpass=ferry "$here/seeds_static.cu" -o "$out/seeds_static.ferry" "${link[@]}"
