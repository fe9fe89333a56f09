#!/usr/bin/env bash
# Installs what ferry needs (Debian packages, only those missing), then
# configures and builds it into build/. Safe to run again: each step is
# skipped when already done. CUDA is expected at /usr/local/cuda (ptxas,
# headers, static cudart); set FERRY_CUDA_PATH for another place.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(llvm-22-dev clang-22 llvm-22-tools libclang-22-dev libomp-22-dev cmake gcc g++ make python3)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "ferry setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cuda="${FERRY_CUDA_PATH:-/usr/local/cuda}"
if [ ! -x "$cuda/bin/ptxas" ]; then
  echo "ferry setup: no CUDA toolkit at $cuda (ptxas not found); set FERRY_CUDA_PATH" >&2
  exit 1
fi

if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFERRY_CUDA_PATH="$cuda" >/dev/null
fi
cmake --build build -j"$(nproc)" >/dev/null
echo "ferry setup: built build/lib/ferry.so and build/bin/ferry-cc"
