// Benchmark: a matrix transpose through shared memory as legacy CUDA (the
// classic coalesced transpose: 32x8 threads move a 32x32 tile, each thread
// four rows; the tile is padded to 32x33 so that reading a column hits 32
// different banks). Built by clang without and with ferry;
// reference/transpose.cu is the same kernel with hand cp.async.
#include "bench.cuh"

constexpr int kTileDim = 32, kBlockRows = 8;

__global__ void transpose(float *__restrict__ out, const float *__restrict__ in, int width,
                          int height) {
  __shared__ float tile[kTileDim][kTileDim + 1];
  int x = blockIdx.x * kTileDim + threadIdx.x;
  int y = blockIdx.y * kTileDim + threadIdx.y;
  for (int j = 0; j < kTileDim; j += kBlockRows)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * kTileDim + threadIdx.x;
  y = blockIdx.x * kTileDim + threadIdx.y;
  for (int j = 0; j < kTileDim; j += kBlockRows)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  bench::Image problem;
  problem.measure("transpose", "32x33_tile", "", [](float *out, const float *in, int width, int height) {
    transpose<<<dim3(width / kTileDim, height / kTileDim), dim3(kTileDim, kBlockRows)>>>(out, in, width, height);
  });
  return 0;
}
