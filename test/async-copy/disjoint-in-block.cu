// Offsets apart for every pair of threads of the block, as a copy needs
// (its cp.async is ordered with no other thread's access of its element
// before the barrier): cuda-samples' bitonic merge (mergeSort/bitonic.cu)
// copies one run straight and the other mirrored, s[t] and s[2*S-1-t], each
// under its own guard. With launch bounds of S threads, t + t' <= 2*S-2 for
// any two threads, so no thread's mirrored element is another's straight
// one: both convert (clang zero-extends `sub nsw 511, t`, which its range,
// 256..511, proves non-negative). The same with S = blockDim.x,
// s[2*blockDim.x-1-t] (clang writes `2n + ~t`): 2n - 1 - t - t' >= 1 for
// any two threads of a block of n. Two fields of a struct tile, s[t].x and
// s[t].y, are 4 modulo 8 bytes apart for any two threads.
//
// Refused, with remarks: the mirror where no launch bounds keep the block
// at S threads (thread 2*S-1-t writes s[t]; `511 - t` may be negative and
// its zero extension is opaque), and where launch bounds of 2*S do (each
// thread's own two elements are apart, 2*S-1-2t being odd, but not every
// pair of threads').
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -gline-tables-only -Rpass=ferry -Rpass-missed=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

constexpr unsigned S = 256;

__global__ void __launch_bounds__(S) mirror_bounded(unsigned *out, const unsigned *in,
                                                    unsigned len_a, unsigned len_b) {
  __shared__ unsigned s[2 * S];
  const unsigned *g = in + blockIdx.x * 2 * S;
  if (threadIdx.x < len_a)
    s[threadIdx.x] = g[threadIdx.x];
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:20: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  if (threadIdx.x < len_b)
    s[2 * S - 1 - threadIdx.x] = g[S + threadIdx.x];
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:32: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  __syncthreads();
  out[blockIdx.x * 2 * S + threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + S];
}

__global__ void mirror_blockdim(unsigned *out, const unsigned *in) {
  extern __shared__ unsigned d[];
  unsigned n = blockDim.x, t = threadIdx.x;
  const unsigned *g = in + blockIdx.x * 2 * n;
  d[t] = g[t];
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:8: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  d[2 * n - 1 - t] = g[n + t];
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:20: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  __syncthreads();
  out[blockIdx.x * 2 * n + t] = d[t] + d[t + n];
}

struct Pair { float x, y; };

__global__ void fields(float *out, const Pair *in) {
  __shared__ Pair s[256];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t].x = in[i].x;
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:10: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  s[t].y = in[i].y;
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:10: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  __syncthreads();
  out[i] = s[t].x * s[255 - t].y;
}

__global__ void mirror_unbounded(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[2 * S];
  const unsigned *g = in + blockIdx.x * 2 * S;
  s[threadIdx.x] = g[threadIdx.x];
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:18: remark: not converted: the thread may write the destination again before the barrier
  s[2 * S - 1 - threadIdx.x] = g[S + threadIdx.x];
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:30: remark: not converted: the thread may access the destination earlier with no barrier in between
  __syncthreads();
  out[blockIdx.x * 2 * S + threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + S];
}

__global__ void __launch_bounds__(2 * S) mirror_wide(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[2 * S];
  const unsigned *g = in + blockIdx.x * 2 * S;
  s[threadIdx.x] = g[threadIdx.x];
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:18: remark: not converted: another thread of the block may write the destination before the barrier: this thread's own access misses its copy, but not for every pair of threads of the block
  s[2 * S - 1 - threadIdx.x] = g[S + threadIdx.x];
  // REMARK-DAG: disjoint-in-block.cu:[[#@LINE-1]]:30: remark: not converted: another thread of the block may access the destination with no barrier between it and the copy
  __syncthreads();
  out[blockIdx.x * 2 * S + threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + S];
}

// CHECK-LABEL: .entry _Z14mirror_boundedPjPKjjj(
// CHECK-COUNT-2: cp.async.ca.shared.global
// CHECK:       cp.async.wait_group 0;
// CHECK-NEXT:  bar.sync 0;
// CHECK-LABEL: .entry _Z15mirror_blockdimPjPKj(
// CHECK-COUNT-2: cp.async.ca.shared.global
// CHECK-LABEL: .entry _Z6fieldsPfPK4Pair(
// CHECK-COUNT-2: cp.async.ca.shared.global
// CHECK-LABEL: .entry _Z16mirror_unboundedPjPKj(
// CHECK-NOT:   cp.async
// CHECK:       ret;
// CHECK-LABEL: .entry _Z11mirror_widePjPKj(
// CHECK-NOT:   cp.async
// CHECK:       ret;
