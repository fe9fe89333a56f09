// A copy loop whose pointers are bumped instead of indexed (issue 24): the
// destination a header phi of the loop advanced by blockDim.x elements,
// `getelementptr inbounds` of itself, each iteration. A step of at least
// the element's size, whatever blockDim is (4 * blockDim.x >= 4), puts every
// iteration's element above the previous one's, so no two iterations'
// cp.async write one byte: every copy stays in flight until one wait before
// the barrier after the loop (copy_loop.c). Before, a destination not
// indexed by the loop's counter was refused.
//
// Refused, with remarks: a step read from an argument (it may be 0: every
// iteration writes one element), and a step of 2 bytes for 4-byte elements
// (each element overlaps the next).
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -gline-tables-only -Rpass=ferry -Rpass-missed=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

__global__ void bumped(float *out, const float *in, int n) {
  extern __shared__ float s[];
  const float *g = in + blockIdx.x * n + threadIdx.x;
  float *d = s + threadIdx.x;
  for (int i = threadIdx.x; i < n; i += blockDim.x, g += blockDim.x, d += blockDim.x)
    *d = *g;
  // REMARK-DAG: copy-loop-bumped-pointer.cu:[[#@LINE-1]]:8: remark: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x * 7) % n];
}

__global__ void bumped_by_argument(float *out, const float *in, int n, int step) {
  extern __shared__ float s[];
  const float *g = in + blockIdx.x * n + threadIdx.x;
  float *d = s + threadIdx.x;
  for (int i = threadIdx.x; i < n; i += blockDim.x, g += blockDim.x, d += step)
    *d = *g;
  // REMARK-DAG: copy-loop-bumped-pointer.cu:[[#@LINE-1]]:8: remark: not converted: the copy can execute again before any barrier: it repeats in a loop with no barrier, to a destination that does not move with a 32-bit counter of the loop (two iterations might write one element while both are in flight)
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x * 7) % n];
}

__global__ void bumped_by_half(float *out, const float *in, int n) {
  extern __shared__ float s[];
  const float *g = in + blockIdx.x * n + threadIdx.x;
  char *d = (char *)s + 4 * threadIdx.x;
  for (int i = threadIdx.x; i < n; i += blockDim.x, g += blockDim.x, d += 2)
    *(float *)d = *g;
  // REMARK-DAG: copy-loop-bumped-pointer.cu:[[#@LINE-1]]:17: remark: not converted: the copy can execute again before any barrier: it repeats in a loop with no barrier, to a destination that does not move with a 32-bit counter of the loop
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x * 7) % n];
}

// CHECK-LABEL: .entry _Z6bumpedPfPKfi(
// CHECK:       cp.async.ca.shared.global
// CHECK:       cp.async.wait_group{{[[:space:]]+}}0;
// CHECK-NEXT:  bar.sync{{[[:space:]]+}}0;
// CHECK-LABEL: .entry _Z18bumped_by_argumentPfPKfii(
// CHECK-NOT:   cp.async
// CHECK:       ret;
// CHECK-LABEL: .entry _Z14bumped_by_halfPfPKfi(
// CHECK-NOT:   cp.async
// CHECK:       ret;
