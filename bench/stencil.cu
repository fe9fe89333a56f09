// Benchmark: a 5-point 2-D stencil as legacy CUDA. Each 32x8 block loads
// its tile into shared memory with a one-element halo on every side: the
// halo rows by the first and the last row of threads, the halo columns by
// the first and the last column, zero outside the image. Built by clang
// without and with ferry; reference/stencil.cu is the same kernel with hand
// cp.async. The weights are powers of two, so every product is exact and
// whether a compiler fuses a multiply into an add cannot change a result:
// clang's and nvcc's builds agree bit for bit.
#include "bench.cuh"

constexpr int kTileX = 32, kTileY = 8;

__global__ void stencil5(float *__restrict__ out, const float *__restrict__ in, int width,
                         int height) {
  __shared__ float tile[kTileY + 2][kTileX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int col = blockIdx.x * kTileX + tx, row = blockIdx.y * kTileY + ty;
  tile[ty + 1][tx + 1] = in[row * width + col];
  if (ty == 0)
    tile[0][tx + 1] = row > 0 ? in[(row - 1) * width + col] : 0.0f;
  if (ty == kTileY - 1)
    tile[kTileY + 1][tx + 1] = row + 1 < height ? in[(row + 1) * width + col] : 0.0f;
  if (tx == 0)
    tile[ty + 1][0] = col > 0 ? in[row * width + col - 1] : 0.0f;
  if (tx == kTileX - 1)
    tile[ty + 1][kTileX + 1] = col + 1 < width ? in[row * width + col + 1] : 0.0f;
  __syncthreads();
  out[row * width + col] =
      0.5f * tile[ty + 1][tx + 1] +
      0.125f * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
}

int main() {
  bench::Image problem;
  problem.measure("stencil", "5_point", "", [](float *out, const float *in, int width, int height) {
    stencil5<<<dim3(width / kTileX, height / kTileY), dim3(kTileX, kTileY)>>>(out, in, width, height);
  });
  return 0;
}
