// What keeps an extern __shared__ tile from being pipelined even with the
// kernel's hint (analysis remark each; the copy is still converted alone):
// an access that may fall before the array's start (its slot would reach
// into the previous one), an offset the pass cannot bound, and a second
// extern array in the kernel (every extern array starts at the same
// address, inside the ring). A hint that is not a size is a compile error.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: not %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -DBAD_HINT -o /dev/null %s 2>&1 \
// RUN:   | FileCheck --check-prefix=ERROR %s

#define LOOP(READ)                                                                                 \
  int t = threadIdx.x, acc = 0;                                                                    \
  for (int b = 0; b < n; b++) {                                                                    \
    tile[t] = in[(b * gridDim.x + blockIdx.x) * blockDim.x + t];                                   \
    __syncthreads();                                                                               \
    acc += READ;                                                                                   \
    __syncthreads();                                                                               \
  }                                                                                                \
  out[blockIdx.x * blockDim.x + t] = acc;

#ifndef BAD_HINT
// REMARK: dynamic-tile-refusals.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: the copy loop is not pipelined: an access to the extern __shared__ array may fall before its start
__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=16384")))
before_start(const int *__restrict__ in, int *__restrict__ out, int n) {
  extern __shared__ int tile[]; LOOP(tile[t] + tile[255 - t - 1]) }

// REMARK: dynamic-tile-refusals.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: the copy loop is not pipelined: an access to the extern __shared__ array has an offset the pass cannot bound
__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=16384")))
unbounded_index(const int *__restrict__ in, int *__restrict__ out, const int *__restrict__ pick, int n) {
  extern __shared__ int tile[]; LOOP(tile[t] + tile[(unsigned)pick[t]]) }

extern __shared__ int other[];
// REMARK: dynamic-tile-refusals.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: the copy loop is not pipelined: the kernel uses another extern __shared__ array, which shares the dynamic memory of the ring
__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=16384")))
two_arrays(const int *__restrict__ in, int *__restrict__ out, int n) {
  extern __shared__ int tile[]; LOOP(tile[t] * 3 + tile[t ^ 1]) out[t] += other[t]; }
#else
// ERROR: dynamic-tile-refusals.cu:[[#@LINE+2]]:{{[0-9]+}}: error: annotate("ferry:dynamic_shared=16k"): give the bytes of dynamic shared memory the kernel is launched with, a number from 1 to 166912 (the most shared memory a block may have on sm_80), in decimal digits alone (no sign, space or leading zero)
__global__ void __attribute__((annotate("ferry:dynamic_shared=16k")))
bad_hint(const int *__restrict__ in, int *__restrict__ out, int n) {
  extern __shared__ int tile[]; LOOP(tile[t]) }
#endif

// PTX-NOT: %dynamic_smem_size
// PTX-NOT: cp.async.wait_group {{[1-9]}}
