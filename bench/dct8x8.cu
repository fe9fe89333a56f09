// Benchmark: an 8x8 DCT-II of every block of an image as legacy CUDA, in
// the shape of the CUDA samples' first DCT kernel: a block of 8x8 threads
// loads its 8x8 floats into a shared tile, a row pass writes a second
// shared tile, a column pass the output, __syncthreads between. The basis
// lives in __constant__ memory; every product is an explicit fmaf, so that
// clang's and nvcc's builds agree bit for bit (no contraction choice).
// 8192^2 floats in and out. Built by clang without and with ferry;
// reference/dct8x8.cu is the same kernel with hand cp.async.
#include "bench.cuh"

__constant__ float c_basis[64];

__global__ void dct8x8(float *out, const float *in, int width, int height) {
  __shared__ float block[8][8];
  __shared__ float rows[8][8];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * 8 + tx, y = blockIdx.y * 8 + ty;
  block[ty][tx] = in[y * width + x];
  __syncthreads();
  float sum = 0.0f;
  for (int k = 0; k < 8; k++)
    sum = fmaf(c_basis[tx * 8 + k], block[ty][k], sum);
  rows[ty][tx] = sum;
  __syncthreads();
  sum = 0.0f;
  for (int k = 0; k < 8; k++)
    sum = fmaf(c_basis[ty * 8 + k], rows[k][tx], sum);
  out[y * width + x] = sum;
}

int main() {
  float basis[64];
  bench::dct_basis(basis);
  CHECK(cudaMemcpyToSymbol(c_basis, basis, sizeof basis));
  bench::Image problem;
  problem.measure("dct8x8", "8x8_blocks", "", [](float *out, const float *in, int width, int height) {
    dct8x8<<<dim3(width / 8, height / 8), dim3(8, 8)>>>(out, in, width, height);
  });
  return 0;
}
