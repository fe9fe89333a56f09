// An index shifted right by a varying amount has no upper bound from its
// operands' bounds alone: x >> s is largest for the smallest s, so the
// shifted bound a >> (bound of s) is too low (t = 254, s = 2 reaches 63
// where 255 >> 3 is 31). Only a shift by a constant is bounded; here the
// loop is not pipelined (its slot would be too small for tile[t >> (t &
// 3)]), while a constant shift is.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

#define LOOP(READ)                                                                                 \
  int t = threadIdx.x, acc = 0;                                                                    \
  for (int b = 0; b < n; b++) {                                                                    \
    tile[t] = in[(b * gridDim.x + blockIdx.x) * blockDim.x + t];                                   \
    __syncthreads();                                                                               \
    acc += READ;                                                                                   \
    __syncthreads();                                                                               \
  }                                                                                                \
  out[blockIdx.x * blockDim.x + t] = acc;

// REMARK: dynamic-tile-variable-shift.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: the copy loop is not pipelined: an access to the extern __shared__ array has an offset the pass cannot bound
__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=16384")))
variable_shift(const int *__restrict__ in, int *__restrict__ out, int n) {
  extern __shared__ int tile[]; LOOP(tile[t] + tile[(unsigned)t >> ((unsigned)t & 3)]) }

// REMARK: dynamic-tile-variable-shift.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: {{.*}}pipelined its loop over 16 stages
__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=16384")))
constant_shift(const int *__restrict__ in, int *__restrict__ out, int n) {
  extern __shared__ int tile[]; LOOP(tile[t] + tile[(unsigned)t >> 2]) }
