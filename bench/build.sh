#!/usr/bin/env bash
# Builds each benchmark (bench/*.cu) once per variant, for sm_80 (PTX,
# JIT-compiled on newer GPUs) and sm_90a, into .carry/bench (or $1):
#   legacy            clang 22, no plugin
#   ferry             clang 22 + ferry, defaults
#   ferry-collective  -mllvm -ferry-collective=always (16-byte chunks)
#   ferry-stages8     -mllvm -ferry-stages=8
# Run them with bench/run.sh on a GPU machine.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/.carry/bench}"
mkdir -p "$out"
clang=/usr/lib/llvm-22/bin/clang++
cuda="${FERRY_CUDA_PATH:-/usr/local/cuda}"
common=(-x cuda --cuda-path="$cuda" -Wno-unknown-cuda-version -O3 -std=c++17)
link=(-L"$cuda/lib64" -lcudart_static -ldl -lrt -pthread)
variants=("ferry:" "ferry-collective:-mllvm -ferry-collective=always"
          "ferry-stages8:-mllvm -ferry-stages=8")
for src in "$root"/bench/*.cu; do
  name=$(basename "$src" .cu)
  for arch in sm_80 sm_90a; do
    archflags=(--cuda-gpu-arch="$arch")
    [ "$arch" = sm_80 ] && archflags+=(--cuda-include-ptx=sm_80)
    echo "bench: $name $arch legacy"
    "$clang" "${common[@]}" "${archflags[@]}" "$src" -o "$out/$name.$arch.legacy" "${link[@]}"
    for variant in "${variants[@]}"; do
      label=${variant%%:*}
      read -r -a flags <<< "${variant#*:}"
      echo "bench: $name $arch $label ${flags[*]}"
      "$root/build/bin/ferry-cc" "${common[@]}" "${archflags[@]}" "${flags[@]}" -Rpass=ferry \
        "$src" -o "$out/$name.$arch.$label" "${link[@]}" 2> "$out/$name.$arch.$label.remarks"
      grep -c "remark: converted" "$out/$name.$arch.$label.remarks" | sed "s/^/bench:   converted copies: /"
    done
  done
done
