// A bulk choice that is not auto, always or never in a kernel's annotation
// is a compile error at the kernel, not a silent default.
//
// RUN: not %ferry-cc -mllvm -ferry-bulk=auto --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o /dev/null %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// CHECK: annotate-invalid.cu:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:bulk=sometimes"): the value must be auto, always or never
__global__ void __attribute__((annotate("ferry:bulk=sometimes")))
sometimes(const char *g, char *out) {
  __shared__ char sh[1024];
  unsigned t = threadIdx.x;
  sh[t] = g[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[t] = sh[t ^ 1];
}
