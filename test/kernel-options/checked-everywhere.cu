// Every kernel's annotations are checked at every -O level and for every
// target, whether or not the kernel has a copy for ferry to convert or a
// loop to pipeline: a stage count of 3 and a bulk choice of "maybe" in a
// kernel with no copy are errors at -O0, at -O3, for sm_75 (where ferry
// converts nothing) and for sm_61.
//
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O0 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %ferry-cc --cuda-gpu-arch=sm_75 -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %ferry-cc --cuda-gpu-arch=sm_61 -O2 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %ferry-cc --cuda-gpu-arch=sm_90a -O1 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// CHECK-DAG: checked-everywhere.cu:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:stages=3"): the stages must be 1 (no pipelining), 2, 4, 8 or 16{{$}}
__global__ void __attribute__((annotate("ferry:stages=3")))
three_stages(int *out) { out[threadIdx.x] = (int)threadIdx.x; }

// CHECK-DAG: checked-everywhere.cu:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:bulk=maybe"): the value must be auto, always or never
__global__ void __attribute__((annotate("ferry:bulk=maybe")))
maybe_bulk(int *out) { out[threadIdx.x] = (int)threadIdx.x; }

__global__ void __attribute__((annotate("ferry:stages=2"))) __attribute__((annotate("ferry:bulk=auto")))
fine(int *out) { out[threadIdx.x] = (int)threadIdx.x; }
