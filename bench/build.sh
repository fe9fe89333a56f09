#!/usr/bin/env bash
# Builds each benchmark as legacy (clang 22), ferry (clang 22 + the plugin)
# and ferry-collective (the block-collective form wherever it applies), for sm_80 (PTX, JIT-compiled on newer GPUs) and sm_90a, into
# .carry/bench (or $1). Run the results with bench/run.sh on a GPU machine.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/.carry/bench}"
mkdir -p "$out"
clang=/usr/lib/llvm-22/bin/clang++
cuda="${FERRY_CUDA_PATH:-/usr/local/cuda}"
common=(-x cuda --cuda-path="$cuda" -Wno-unknown-cuda-version -O3 -std=c++17)
link=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread)
for src in "$root"/bench/*.cu; do
  name=$(basename "$src" .cu)
  for arch in sm_80 sm_90a; do
    archflags=(--cuda-gpu-arch="$arch")
    [ "$arch" = sm_80 ] && archflags+=(--cuda-include-ptx=sm_80)
    echo "bench: $name $arch legacy"
    "$clang" "${common[@]}" "${archflags[@]}" "$src" -o "$out/$name.$arch.legacy" "${link[@]}"
    echo "bench: $name $arch ferry"
    "$root/build/bin/ferry-cc" "${common[@]}" "${archflags[@]}" \
      -Rpass=ferry "$src" -o "$out/$name.$arch.ferry" "${link[@]}" 2> "$out/$name.$arch.remarks"
    grep -c "remark: converted" "$out/$name.$arch.remarks" | sed "s/^/bench:   converted copies: /"
    echo "bench: $name $arch ferry, block-collective form wherever it applies (-mllvm -ferry-collective=always)"
    "$root/build/bin/ferry-cc" "${common[@]}" "${archflags[@]}" -mllvm -ferry-collective=always \
      "$src" -o "$out/$name.$arch.ferry-collective" "${link[@]}"
  done
done
