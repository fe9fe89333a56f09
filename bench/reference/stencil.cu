// Hand-written references for the 5-point stencil (bench/stencil.cu), built
// with nvcc: the same tile and halo, each element that is loaded moved with
// libcu++'s cuda::memcpy_async or a hand 4-byte cp.async (the padded rows
// leave no 16-byte alignment to use), the halo outside the image still
// written as zero. Same output bit for bit.
#include "../bench.cuh"
#include "cp_async.cuh"

#include <cuda/pipeline>

constexpr int kTileX = 32, kTileY = 8;

__global__ void stencil5_cp_async(float *__restrict__ out, const float *__restrict__ in, int width,
                                  int height) {
  __shared__ float tile[kTileY + 2][kTileX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int col = blockIdx.x * kTileX + tx, row = blockIdx.y * kTileY + ty;
  cp_async<4>(&tile[ty + 1][tx + 1], &in[row * width + col]);
  if (ty == 0) {
    if (row > 0)
      cp_async<4>(&tile[0][tx + 1], &in[(row - 1) * width + col]);
    else
      tile[0][tx + 1] = 0.0f;
  }
  if (ty == kTileY - 1) {
    if (row + 1 < height)
      cp_async<4>(&tile[kTileY + 1][tx + 1], &in[(row + 1) * width + col]);
    else
      tile[kTileY + 1][tx + 1] = 0.0f;
  }
  if (tx == 0) {
    if (col > 0)
      cp_async<4>(&tile[ty + 1][0], &in[row * width + col - 1]);
    else
      tile[ty + 1][0] = 0.0f;
  }
  if (tx == kTileX - 1) {
    if (col + 1 < width)
      cp_async<4>(&tile[ty + 1][kTileX + 1], &in[row * width + col + 1]);
    else
      tile[ty + 1][kTileX + 1] = 0.0f;
  }
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();
  out[row * width + col] =
      0.5f * tile[ty + 1][tx + 1] +
      0.125f * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
}

// The same with libcu++: each loaded element a cuda::memcpy_async into the
// thread's cuda::pipeline, one commit, one wait.
__global__ void stencil5_libcuxx(float *__restrict__ out, const float *__restrict__ in, int width,
                                 int height) {
  __shared__ float tile[kTileY + 2][kTileX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int col = blockIdx.x * kTileX + tx, row = blockIdx.y * kTileY + ty;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  auto copy = [&](float *to, const float *from) { cuda::memcpy_async(to, from, sizeof(float), pipe); };
  pipe.producer_acquire();
  copy(&tile[ty + 1][tx + 1], &in[row * width + col]);
  if (ty == 0) {
    if (row > 0)
      copy(&tile[0][tx + 1], &in[(row - 1) * width + col]);
    else
      tile[0][tx + 1] = 0.0f;
  }
  if (ty == kTileY - 1) {
    if (row + 1 < height)
      copy(&tile[kTileY + 1][tx + 1], &in[(row + 1) * width + col]);
    else
      tile[kTileY + 1][tx + 1] = 0.0f;
  }
  if (tx == 0) {
    if (col > 0)
      copy(&tile[ty + 1][0], &in[row * width + col - 1]);
    else
      tile[ty + 1][0] = 0.0f;
  }
  if (tx == kTileX - 1) {
    if (col + 1 < width)
      copy(&tile[ty + 1][kTileX + 1], &in[row * width + col + 1]);
    else
      tile[ty + 1][kTileX + 1] = 0.0f;
  }
  pipe.producer_commit();
  pipe.consumer_wait();
  __syncthreads();
  out[row * width + col] =
      0.5f * tile[ty + 1][tx + 1] +
      0.125f * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
  pipe.consumer_release();
}

int main() {
  bench::Image problem;
  problem.measure("stencil", "5_point", "libcu++ pipeline", [](float *out, const float *in, int width, int height) {
    stencil5_libcuxx<<<dim3(width / kTileX, height / kTileY), dim3(kTileX, kTileY)>>>(out, in, width, height);
  });
  problem.measure("stencil", "5_point", "hand cp.async 4 B", [](float *out, const float *in, int width, int height) {
    stencil5_cp_async<<<dim3(width / kTileX, height / kTileY), dim3(kTileX, kTileY)>>>(out, in, width, height);
  });
  return 0;
}
