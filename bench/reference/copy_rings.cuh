// Hand-written ring references for the seeds' copy-and-compute loop, built
// with nvcc; same output bit for bit as the loop's legacy build:
//   - "libcu++ pipeline 8 stages": the CUDA Programming Guide's multi-stage
//     example (cuda::pipeline over the block, cuda::memcpy_async of the
//     block's whole batch), 8 stages;
//   - "libcu++ pipeline 8 stages aligned_size_t<16>": the same with the size
//     promised 16-byte aligned, which lets libcu++ move 16-byte chunks;
//   - "hand cp.async 16 B 8 stages": inline-PTX cp.async.cg of 16-byte
//     chunks into a ring of 8 tiles, one commit group a batch.
#pragma once
#include <cooperative_groups.h>
#include <cuda/pipeline>

#include "../bench.cuh"
#include "cp_async.cuh"

namespace ring_references {

namespace cg = cooperative_groups;
constexpr int kThreads = bench::kCopyComputeThreads;

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  global_out[i] = shared_in[i] * 3 + shared_in[(i + 1) % blockDim.x];
}

// The guide's with_staging_unified, but for the batch index type (size_t)
// and the optional alignment promise.
template <size_t kStages, bool kAligned16>
__global__ void copy_compute_libcu_pipeline(int *global_out, const int *global_in, size_t batch_sz) {
  auto grid = cg::this_grid();
  auto block = cg::this_thread_block();
  extern __shared__ __align__(16) int shared[]; // kStages * block.size() ints
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> shared_state;
  auto pipeline = cuda::make_pipeline(block, &shared_state);
  auto block_batch = [&](size_t batch) -> size_t {
    return block.group_index().x * block.size() + grid.size() * batch;
  };
  for (size_t compute_batch = 0, fetch_batch = 0; compute_batch < batch_sz; ++compute_batch) {
    for (; fetch_batch < batch_sz && fetch_batch < compute_batch + kStages; ++fetch_batch) {
      pipeline.producer_acquire();
      int *dst = shared + (fetch_batch % kStages) * block.size();
      const int *src = global_in + block_batch(fetch_batch);
      if constexpr (kAligned16)
        cuda::memcpy_async(block, dst, src, cuda::aligned_size_t<16>(sizeof(int) * block.size()), pipeline);
      else
        cuda::memcpy_async(block, dst, src, sizeof(int) * block.size(), pipeline);
      pipeline.producer_commit();
    }
    pipeline.consumer_wait();
    compute(global_out + block_batch(compute_batch), shared + (compute_batch % kStages) * block.size());
    pipeline.consumer_release();
  }
}

// A ring of kStages tiles. The first kThreads*4/16 threads each copy one
// 16-byte chunk of a batch; every thread commits a group per batch (empty
// or not), so that "wait until kStages-1 groups are pending" means the same
// batch in every thread.
template <int kStages>
__global__ void copy_compute_cp_async16(int *__restrict__ global_out, const int *__restrict__ global_in,
                                        size_t batch_sz) {
  constexpr int kIntsPerChunk = 16 / sizeof(int);
  constexpr int kChunks = kThreads / kIntsPerChunk;
  __shared__ __align__(16) int ring[kStages][kThreads];
  size_t grid_size = (size_t)gridDim.x * kThreads;
  auto issue = [&](size_t batch) {
    if (batch < batch_sz && threadIdx.x < kChunks) {
      size_t block_batch_idx = blockIdx.x * kThreads + grid_size * batch;
      cp_async<16>(&ring[batch % kStages][threadIdx.x * kIntsPerChunk],
                   global_in + block_batch_idx + threadIdx.x * kIntsPerChunk);
    }
    cp_async_commit();
  };
  for (int s = 0; s < kStages - 1; s++)
    issue(s);
  for (size_t batch = 0; batch < batch_sz; batch++) {
    // Into the slot the previous batch's compute has left (barrier below).
    issue(batch + kStages - 1);
    cp_async_wait<kStages - 1>();
    __syncthreads(); // every thread's chunks of this batch have landed
    compute(global_out + blockIdx.x * kThreads + grid_size * batch, ring[batch % kStages]);
    __syncthreads(); // nobody still reads the slot the next issue refills
  }
}

// Times the three references under `problem`.
inline void measure(bench::CopyCompute &problem) {
  constexpr size_t kStages = 8;
  constexpr size_t kRingBytes = kStages * kThreads * sizeof(int);
  problem.measure("libcu++ pipeline 8 stages", [](int blocks, int threads, int *out, const int *in, size_t batches) {
    copy_compute_libcu_pipeline<kStages, false><<<blocks, threads, kRingBytes>>>(out, in, batches);
  });
  problem.measure("libcu++ pipeline 8 stages aligned_size_t<16>",
                  [](int blocks, int threads, int *out, const int *in, size_t batches) {
                    copy_compute_libcu_pipeline<kStages, true><<<blocks, threads, kRingBytes>>>(out, in, batches);
                  });
  problem.measure("hand cp.async 16 B 8 stages", [](int blocks, int threads, int *out, const int *in, size_t batches) {
    copy_compute_cp_async16<kStages><<<blocks, threads>>>(out, in, batches);
  });
}

} // namespace ring_references
