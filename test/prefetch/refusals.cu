// Copy loops ferry-prefetch leaves alone, each with the reason: the copy
// does not run in every iteration; its source depends on a value loaded in
// the loop; the loop counts by 2 while its counter differs from the bound
// (a counter that may step over the bound). Their copies are converted one
// stage at a time instead, as without the prefetch. A planned copy outside
// any loop gets no prefetch and no remark about one.
//
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

__global__ void sometimes(int *out, const int *in, int batches) {
  extern __shared__ int tile[];
  unsigned t = threadIdx.x;
  for (int b = 0; b < batches; b++) {
    if (b % 3 == 0)
      tile[t] = in[(size_t)b * blockDim.x + t];
    // REMARK-DAG: refusals.cu:[[@LINE-1]]:15: remark: the copy loop's sources are not prefetched: a copy does not run in every iteration
    __syncthreads();
    out[(size_t)b * blockDim.x + t] = tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}

__global__ void indirect(int *out, const int *in, const int *rows, int batches) {
  extern __shared__ int tile[];
  unsigned t = threadIdx.x;
  for (int b = 0; b < batches; b++) {
    tile[t] = in[(size_t)rows[b] * blockDim.x + t];
    // REMARK-DAG: refusals.cu:[[@LINE-1]]:13: remark: the copy loop's sources are not prefetched: the source address depends on a value computed in the loop other than its counter
    __syncthreads();
    out[(size_t)b * blockDim.x + t] = tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}

__global__ void by_two(int *out, const int *in, unsigned batches) {
  extern __shared__ int tile[];
  unsigned t = threadIdx.x;
  for (unsigned b = 0; b != batches; b += 2) {
    tile[t] = in[(size_t)b * blockDim.x + t];
    // REMARK-DAG: refusals.cu:[[@LINE-1]]:13: remark: the copy loop's sources are not prefetched: the loop continues while its counter is neither below its bound nor, counting by 1, different from it
    __syncthreads();
    out[(size_t)b * blockDim.x + t] = tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}

__global__ void no_loop(int *out, const int *in) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  tile[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = tile[255 - t];
}
// REMARK-NOT: prefetched its source

// CHECK-NOT: prefetch
// CHECK-LABEL: .entry _Z9sometimesPiPKii(
// CHECK:       cp.async.ca.shared.global
// CHECK-LABEL: .entry _Z8indirectPiPKiS1_i(
// CHECK:       cp.async.ca.shared.global
// CHECK-LABEL: .entry _Z6by_twoPiPKij(
// CHECK:       cp.async.ca.shared.global
// CHECK-LABEL: .entry _Z7no_loopPiPKi(
// CHECK:       cp.async.ca.shared.global
// CHECK-NOT: prefetch
