// expect: cp.async
// expect-converted: 1
// want-converted: 2
// ferry-flags: -mllvm -ferry-prefetch=never
//
// The seeds' copy-and-compute loop ("Without memcpy_async"), made concrete:
// each thread copies one int of the batch into dynamic shared memory with a
// plain assignment, the block synchronises, every thread computes from its
// own and its neighbours' elements and writes global memory, and the block
// synchronises again before the next batch overwrites shared memory.
//
// ferry should turn `shared[local_idx] = global_in[global_idx]` into
// `cp.async.ca.shared.global [..], [..], 4` with a commit/wait before the
// first barrier, in both kernels: the one written with threadIdx/__syncthreads
// and the one written, like the seed, with cooperative groups.
#include <cooperative_groups.h>
#include <cstddef>

#include "harness.cuh"

namespace cg = cooperative_groups;

__device__ void compute(int *global_out, const int *shared_in, unsigned rank,
                        unsigned size) {
  unsigned next = (rank + 1) % size;
  unsigned prev = (rank + size - 1) % size;
  global_out[rank] = shared_in[rank] * 3 + shared_in[next] - 2 * shared_in[prev];
}

__global__ void without_memcpy_async(int *global_out, const int *global_in,
                                     size_t size, size_t batch_sz) {
  extern __shared__ int shared[]; // blockDim.x * sizeof(int) bytes
  size_t local_idx = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batch_sz; batch++) {
    size_t block_batch_idx = blockIdx.x * blockDim.x + grid_size * batch;
    size_t global_idx = block_batch_idx + local_idx;
    shared[local_idx] = global_in[global_idx];
    __syncthreads(); // wait for all copies
    compute(global_out + block_batch_idx, shared, threadIdx.x, blockDim.x);
    __syncthreads(); // wait for compute before shared is overwritten
  }
}

// The seed's own spelling, with cooperative groups.
__global__ void without_memcpy_async_cg(int *global_out, const int *global_in,
                                        size_t size, size_t batch_sz) {
  auto grid = cg::this_grid();
  auto block = cg::this_thread_block();
  extern __shared__ int shared[]; // block.size() * sizeof(int) bytes
  size_t local_idx = block.thread_rank();
  for (size_t batch = 0; batch < batch_sz; batch++) {
    size_t block_batch_idx = block.group_index().x * block.size() + grid.size() * batch;
    size_t global_idx = block_batch_idx + local_idx;
    shared[local_idx] = global_in[global_idx];
    block.sync(); // wait for all copies to compute
    compute(global_out + block_batch_idx, shared, block.thread_rank(), block.size());
    block.sync(); // wait for compute using shared memory to finish
  }
}

struct Config {
  unsigned grid, block;
  size_t batches;
};

static std::vector<int> reference(const std::vector<int> &in, const Config &c) {
  std::vector<int> out(in.size());
  size_t grid_size = (size_t)c.grid * c.block;
  for (size_t batch = 0; batch < c.batches; batch++)
    for (unsigned b = 0; b < c.grid; b++) {
      size_t base = b * c.block + grid_size * batch;
      for (unsigned r = 0; r < c.block; r++) {
        unsigned next = (r + 1) % c.block, prev = (r + c.block - 1) % c.block;
        out[base + r] = in[base + r] * 3 + in[base + next] - 2 * in[base + prev];
      }
    }
  return out;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  // Odd block sizes (33, 96, 100: partial warps) and grid sizes, one and
  // several batches.
  const Config configs[] = {{1, 128, 3}, {7, 96, 5}, {3, 33, 4}, {13, 100, 2}, {40, 256, 2}};
  harness::Output out;
  int failures = 0;
  harness::Rng rng(0xC0FFEE);
  for (const Config &c : configs) {
    size_t size = c.batches * c.grid * c.block;
    std::vector<int> in(size);
    for (int &v : in)
      v = rng.nonzero_int(1 << 20);
    std::vector<int> want = reference(in, c);
    int *d_in = harness::device_copy(in);
    for (int variant = 0; variant < 2; variant++) {
      int *d_out = harness::device_poisoned<int>(size);
      size_t shmem = c.block * sizeof(int);
      if (variant == 0)
        without_memcpy_async<<<c.grid, c.block, shmem>>>(d_out, d_in, size, c.batches);
      else
        without_memcpy_async_cg<<<c.grid, c.block, shmem>>>(d_out, d_in, size, c.batches);
      CHECK_LAUNCH();
      std::vector<int> got = harness::host_copy(d_out, size);
      char what[128];
      std::snprintf(what, sizeof what, "%s grid=%u block=%u batches=%zu",
                    variant ? "without_memcpy_async_cg" : "without_memcpy_async",
                    c.grid, c.block, c.batches);
      if (harness::count_mismatches(what, got, want))
        failures++;
      out.append(got);
      CHECK(cudaFree(d_out));
    }
    CHECK(cudaFree(d_in));
  }
  return harness::finish("copy_compute", out, argv[1], failures);
}
