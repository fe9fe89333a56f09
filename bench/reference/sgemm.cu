// Hand-written asynchronous references for the tiled SGEMM
// (bench/sgemm.cu), built with nvcc: the same tiling (BS x BS threads, one
// output each, BS x BS tiles of A and B), the same summation order, so the
// same C bit for bit. Only how the tiles reach shared memory differs:
//   - "hand cp.async 4 B S stages": each thread copies its own element of
//     each tile with cp.async, into a ring of S tile pairs;
//   - "hand cp.async 16 B S stages": the first BS*BS/4 threads each copy
//     one 16-byte chunk of each tile (cp.async.cg);
//   - "libcu++ pipeline S stages": a per-thread cuda::pipeline
//     (thread_scope_thread) with cuda::memcpy_async of each element, as in
//     the CUDA samples' globalToShmemAsyncCopy.
// In every variant the loop over tiles issues tile t+S-1 and then waits
// for tile t: S-1 tiles stay in flight while one is computed on.
#include <cuda/pipeline>

#include "../bench.cuh"
#include "cp_async.cuh"

enum class Copy { Element4, Chunk16, LibcuPipeline };

template <int BS, int kStages, Copy kCopy>
__global__ void sgemm_async(float *C, const float *A, const float *B, int wA, int wB) {
  __shared__ __align__(16) float As[kStages][BS][BS];
  __shared__ __align__(16) float Bs[kStages][BS][BS];
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BS * by, bBegin = BS * bx, bStep = BS * wB;
  int tiles = wA / BS;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();

  auto issue = [&](int t) {
    int slot = t % kStages;
    const float *a = A + aBegin + t * BS, *b = B + bBegin + t * bStep;
    if constexpr (kCopy == Copy::LibcuPipeline) {
      pipe.producer_acquire();
      if (t < tiles) {
        cuda::memcpy_async(&As[slot][ty][tx], a + wA * ty + tx, sizeof(float), pipe);
        cuda::memcpy_async(&Bs[slot][ty][tx], b + wB * ty + tx, sizeof(float), pipe);
      }
      pipe.producer_commit();
    } else if constexpr (kCopy == Copy::Element4) {
      if (t < tiles) {
        cp_async<4>(&As[slot][ty][tx], a + wA * ty + tx);
        cp_async<4>(&Bs[slot][ty][tx], b + wB * ty + tx);
      }
      cp_async_commit();
    } else {
      constexpr int kChunksPerRow = BS / 4;
      int chunk = ty * BS + tx; // this thread's chunk, if it has one
      if (t < tiles && chunk < BS * BS / 4) {
        int row = chunk / kChunksPerRow, col = chunk % kChunksPerRow * 4;
        cp_async<16>(&As[slot][row][col], a + wA * row + col);
        cp_async<16>(&Bs[slot][row][col], b + wB * row + col);
      }
      cp_async_commit();
    }
  };

  for (int s = 0; s < kStages - 1; s++)
    issue(s);
  float sum = 0;
  for (int t = 0; t < tiles; t++) {
    // Into the slot of tile t-1, which every thread has finished reading
    // (barrier at the end of the previous iteration).
    issue(t + kStages - 1);
    if constexpr (kCopy == Copy::LibcuPipeline)
      pipe.consumer_wait();
    else
      cp_async_wait<kStages - 1>();
    __syncthreads(); // every thread's part of tile t has landed
    int slot = t % kStages;
#pragma unroll
    for (int k = 0; k < BS; ++k)
      sum += As[slot][ty][k] * Bs[slot][k][tx];
    __syncthreads();
    if constexpr (kCopy == Copy::LibcuPipeline)
      pipe.consumer_release();
  }
  C[wB * BS * by + BS * bx + wB * ty + tx] = sum;
}

template <int BS, int kStages, Copy kCopy> static void measure(bench::Sgemm &problem, const char *label) {
  problem.measure(label, BS, [](dim3 grid, dim3 block, float *C, const float *A, const float *B, int n) {
    sgemm_async<BS, kStages, kCopy><<<grid, block>>>(C, A, B, n, n);
  });
}

int main() {
  bench::Sgemm problem;
  // 16x16 tiles: 2 KiB a stage. 32x32 tiles: 8 KiB a stage, so 4 stages
  // fill 32 KiB of the 48 KiB of static shared memory.
  measure<16, 2, Copy::Element4>(problem, "hand cp.async 4 B 2 stages");
  measure<16, 4, Copy::Element4>(problem, "hand cp.async 4 B 4 stages");
  measure<16, 2, Copy::Chunk16>(problem, "hand cp.async 16 B 2 stages");
  measure<16, 4, Copy::Chunk16>(problem, "hand cp.async 16 B 4 stages");
  measure<16, 2, Copy::LibcuPipeline>(problem, "libcu++ pipeline 2 stages");
  measure<16, 4, Copy::LibcuPipeline>(problem, "libcu++ pipeline 4 stages");
  measure<32, 2, Copy::Element4>(problem, "hand cp.async 4 B 2 stages");
  measure<32, 4, Copy::Element4>(problem, "hand cp.async 4 B 4 stages");
  measure<32, 2, Copy::Chunk16>(problem, "hand cp.async 16 B 2 stages");
  measure<32, 4, Copy::Chunk16>(problem, "hand cp.async 16 B 4 stages");
  measure<32, 2, Copy::LibcuPipeline>(problem, "libcu++ pipeline 2 stages");
  measure<32, 4, Copy::LibcuPipeline>(problem, "libcu++ pipeline 4 stages");
  return 0;
}
