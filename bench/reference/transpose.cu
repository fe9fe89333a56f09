// Hand-written references for the transpose (bench/transpose.cu), built
// with nvcc: the same 32x33 padded tile, its four rows a thread moved with
// libcu++'s cuda::memcpy_async or a hand 4-byte cp.async (a padded row is not 16-byte aligned), one wait before the
// barrier. Same output bit for bit.
#include "../bench.cuh"
#include "cp_async.cuh"

#include <cuda/pipeline>

constexpr int kTileDim = 32, kBlockRows = 8;

__global__ void transpose_cp_async(float *__restrict__ out, const float *__restrict__ in, int width,
                                   int height) {
  __shared__ float tile[kTileDim][kTileDim + 1];
  int x = blockIdx.x * kTileDim + threadIdx.x;
  int y = blockIdx.y * kTileDim + threadIdx.y;
#pragma unroll
  for (int j = 0; j < kTileDim; j += kBlockRows)
    cp_async<4>(&tile[threadIdx.y + j][threadIdx.x], &in[(y + j) * width + x]);
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();
  x = blockIdx.y * kTileDim + threadIdx.x;
  y = blockIdx.x * kTileDim + threadIdx.y;
#pragma unroll
  for (int j = 0; j < kTileDim; j += kBlockRows)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// The same with libcu++: the four elements a cuda::memcpy_async each into
// the thread's cuda::pipeline.
__global__ void transpose_libcuxx(float *__restrict__ out, const float *__restrict__ in, int width,
                                  int height) {
  __shared__ float tile[kTileDim][kTileDim + 1];
  int x = blockIdx.x * kTileDim + threadIdx.x;
  int y = blockIdx.y * kTileDim + threadIdx.y;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
#pragma unroll
  for (int j = 0; j < kTileDim; j += kBlockRows)
    cuda::memcpy_async(&tile[threadIdx.y + j][threadIdx.x], &in[(y + j) * width + x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  __syncthreads();
  x = blockIdx.y * kTileDim + threadIdx.x;
  y = blockIdx.x * kTileDim + threadIdx.y;
#pragma unroll
  for (int j = 0; j < kTileDim; j += kBlockRows)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
  pipe.consumer_release();
}

int main() {
  bench::Image problem;
  problem.measure("transpose", "32x33_tile", "libcu++ pipeline", [](float *out, const float *in, int width, int height) {
    transpose_libcuxx<<<dim3(width / kTileDim, height / kTileDim), dim3(kTileDim, kBlockRows)>>>(out, in, width, height);
  });
  problem.measure("transpose", "32x33_tile", "hand cp.async 4 B", [](float *out, const float *in, int width, int height) {
    transpose_cp_async<<<dim3(width / kTileDim, height / kTileDim), dim3(kTileDim, kBlockRows)>>>(out, in, width, height);
  });
  return 0;
}
