// ferry's settings apply to kernels: on a __device__ function a ferry:
// annotation has no effect, and says so with a warning at the function (at
// every -O level: the function may be inlined and gone by the end). The
// compile succeeds; the same annotation on a kernel draws no warning.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O0 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

// CHECK: not-a-kernel.cu:[[#@LINE+2]]:{{[0-9]+}}: warning: annotate("ferry:stages=4") is on a function that is not a kernel (__global__): ferry's settings apply to kernels alone, so it has no effect here
__device__ int __attribute__((annotate("ferry:stages=4"))) __attribute__((noinline))
helper(const int *in) { return in[threadIdx.x] + 1; }

// CHECK: not-a-kernel.cu:[[#@LINE+2]]:{{[0-9]+}}: warning: annotate("ferry:dynamic_shared=4096") is on a function that is not a kernel (__global__)
__device__ int __attribute__((annotate("ferry:dynamic_shared=4096")))
inlined_helper(const int *in) { return in[threadIdx.x] * 2; }

__global__ void __attribute__((annotate("ferry:stages=4")))
kernel(const int *in, int *out) { out[threadIdx.x] = helper(in) + inlined_helper(in); }
