// A stage count that is not 1, 2, 4, 8 or 16 in a kernel's annotation is a
// compile error at the kernel, not a silent default.
//
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// CHECK: stages-per-kernel-invalid.cu:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:stages=3"): the stages must be 1 (no pipelining), 2, 4, 8 or 16
__global__ void __attribute__((annotate("ferry:stages=3")))
three(const int *__restrict__ in, int *__restrict__ out, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x, acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[(b * gridDim.x + blockIdx.x) * 256 + t];
    __syncthreads();
    acc += tile[t] ^ tile[255 - t];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
