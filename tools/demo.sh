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
echo "== the asynchronous-copy and prefetch instructions in the PTX ($out/copy_compute.$arch.ptx, whole file there)"
# A basic block starts at a label or a "// %bb.N:" line; llc notes on that
# line whether the block is in a loop ("Loop Header" or "in Loop:"). Blocks
# of a loop need not follow its header (a rotated loop's latch comes first),
# so each printed line is marked by the block it is in, not by the header.
# A cp.async ferry predicates is inline PTX in braces.
awk '/^\.visible \.entry .*\($/ {name = $3; sub(/\(.*/, "", name); print ""; print name ":"; in_loop = 0; shown = 0}
     /^\$L__BB[0-9_]+:/ || /^\/\/ %bb\.[0-9]+:/ {in_loop = ($0 ~ /Loop Header|in Loop:|Parent Loop/)}
     /^\t(cp\.async|bar\.sync|trap|prefetch)/ || /^\t\{ .*cp\.async/ || /%dynamic_smem_size/ {
       if (in_loop != shown) print (in_loop ? "\t// in the loop:" : "\t// after the loop:")
       shown = in_loop
       print
     }' "$out/copy_compute.$arch.ptx"
ptxas="${FERRY_CUDA_PATH:-/usr/local/cuda}/bin/ptxas"
"$ptxas" -arch="$arch" "$out/copy_compute.$arch.ptx" -o "$out/copy_compute.$arch.cubin"
echo
echo "== ptxas -arch=$arch assembled it: $out/copy_compute.$arch.cubin"
