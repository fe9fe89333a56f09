// Hand-written reference for the 8x8 DCT (bench/dct8x8.cu), built with
// nvcc: each thread's element moved into the shared tile by a hand 4-byte
// cp.async (a tile row is 32 bytes, one per four threads: too few for
// 16-byte chunks to matter), one wait before the barrier. Same output bit
// for bit.
#include "../bench.cuh"
#include "cp_async.cuh"

__constant__ float c_basis[64];

__global__ void dct8x8_cp_async(float *out, const float *in, int width, int height) {
  __shared__ float block[8][8];
  __shared__ float rows[8][8];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * 8 + tx, y = blockIdx.y * 8 + ty;
  cp_async<4>(&block[ty][tx], &in[y * width + x]);
  cp_async_commit();
  cp_async_wait<0>();
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
  problem.measure("dct8x8", "8x8_blocks", "hand cp.async 4 B", [](float *out, const float *in, int width, int height) {
    dct8x8_cp_async<<<dim3(width / 8, height / 8), dim3(8, 8)>>>(out, in, width, height);
  });
  return 0;
}
