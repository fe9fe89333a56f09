// Benchmark: a tiled SGEMM with plain tile loads (the CUDA samples'
// matrixMul: one output per thread, BS x BS tiles of A and B in shared
// memory), 16x16 and 32x32 tiles. Built by clang without and with ferry;
// its hand-written asynchronous counterparts, of the same tiling, are in
// reference/sgemm.cu.
#include "bench.cuh"

template <int BS>
__global__ void sgemm(float *C, const float *A, const float *B, int wA, int wB) {
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BS * by, aEnd = aBegin + wA - 1;
  int bBegin = BS * bx, bStep = BS * wB;
  float sum = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += BS, b += bStep) {
    __shared__ float As[BS][BS];
    __shared__ float Bs[BS][BS];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BS; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[wB * BS * by + BS * bx + wB * ty + tx] = sum;
}

int main() {
  bench::Sgemm problem;
  problem.measure("", 16, [](dim3 grid, dim3 block, float *C, const float *A, const float *B, int n) {
    sgemm<16><<<grid, block>>>(C, A, B, n, n);
  });
  problem.measure("", 32, [](dim3 grid, dim3 block, float *C, const float *A, const float *B, int n) {
    sgemm<32><<<grid, block>>>(C, A, B, n, n);
  });
  return 0;
}
