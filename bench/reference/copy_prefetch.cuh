// Hand-written prefetch references for the seeds' loop with an extern tile
// of one block's bytes, built with nvcc; same output bit for bit as its
// legacy build. Each is the legacy kernel plus an L2 prefetch of the tile
// kAhead iterations ahead (never past the last iteration):
//   - "hand prefetch.global.L2 N ahead": each thread prefetches its own
//     element;
//   - "hand bulk prefetch.L2 N ahead" (sm_90): thread 0 issues one
//     cp.async.bulk.prefetch.L2 of the block's whole tile.
#pragma once
#include "../bench.cuh"

namespace prefetch_references {

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  global_out[i] = shared_in[i] * 3 + shared_in[(i + 1) % blockDim.x];
}

template <int kAhead, bool kBulk>
__global__ void copy_prefetched(int *global_out, const int *global_in, size_t batch_sz) {
  extern __shared__ int shared[];
  size_t local_idx = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batch_sz; batch++) {
    size_t block_batch_idx = blockIdx.x * blockDim.x + grid_size * batch;
    size_t ahead = batch == 0 ? 1 : kAhead; // the first iteration: 1..kAhead
    for (size_t a = ahead; a <= kAhead; a++) {
      if (batch + a >= batch_sz)
        break;
      const int *next = global_in + block_batch_idx + grid_size * a;
      if (kBulk) {
#if __CUDA_ARCH__ >= 900
        if (local_idx == 0)
          asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(next),
                       "r"((unsigned)(blockDim.x * sizeof(int))) : "memory");
#endif
      } else {
        asm volatile("prefetch.global.L2 [%0];" ::"l"(next + local_idx));
      }
    }
    shared[local_idx] = global_in[block_batch_idx + local_idx];
    __syncthreads();
    compute(global_out + block_batch_idx, shared);
    __syncthreads();
  }
}

template <int kAhead, bool kBulk> inline void measure(bench::CopyCompute &problem, const char *label) {
  problem.measure(label, [](int blocks, int threads, int *out, const int *in, size_t batches) {
    copy_prefetched<kAhead, kBulk><<<blocks, threads, threads * sizeof(int)>>>(out, in, batches);
  });
}

} // namespace prefetch_references
