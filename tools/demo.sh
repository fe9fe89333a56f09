#!/usr/bin/env bash
# The main job: builds ferry if needed, then compiles a bundled legacy
# kernel (tools/demo/copy_compute.cu, the seeds' copy-and-compute loop) for
# sm_80 with the plugin, showing the remarks (what was converted, what was
# not and why) and the PTX that came out.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
kernel=tools/demo/copy_compute.cu
arch="${1:-sm_80}"
out=build/demo
mkdir -p "$out"
echo
echo "== remarks: build/bin/ferry-cc --cuda-gpu-arch=$arch -O3 -S --cuda-device-only -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry $kernel"
build/bin/ferry-cc --cuda-gpu-arch="$arch" -O3 -S --cuda-device-only \
  -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry "$kernel" -o "$out/copy_compute.$arch.ptx"
echo
echo "== the asynchronous-copy instructions in the PTX ($out/copy_compute.$arch.ptx, whole file there)"
awk '/^\.visible \.entry .*\($/ {name = $3; sub(/\(.*/, "", name); print ""; print name ":"}
     /^\t(cp\.async|bar\.sync|trap)/ || /%dynamic_smem_size/ {print}
     /Inner Loop Header/ {print "\t// loop:"}' "$out/copy_compute.$arch.ptx"
ptxas="${FERRY_CUDA_PATH:-/usr/local/cuda}/bin/ptxas"
"$ptxas" -arch="$arch" "$out/copy_compute.$arch.ptx" -o "$out/copy_compute.$arch.cubin"
echo
echo "== ptxas -arch=$arch assembled it: $out/copy_compute.$arch.cubin"
