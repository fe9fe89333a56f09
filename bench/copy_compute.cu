// Benchmark: the seeds' copy-and-compute loop as legacy CUDA (plain
// assignment into a shared tile + __syncthreads), timed at 1, 2, 4 and 8
// blocks per SM. Built by clang without and with ferry; its hand-written
// counterparts are in reference/copy_compute.cu.
#include "bench.cuh"

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  global_out[i] = shared_in[i] * 3 + shared_in[(i + 1) % blockDim.x];
}

// The seeds' loop with a static tile (the pipeliner replicates static
// shared arrays; an extern one has no size to replicate) and __restrict__
// pointers (without them the output may alias the input, and no copy may be
// issued ahead of the compute that could write it).
__global__ void copy_compute(int *__restrict__ global_out, const int *__restrict__ global_in,
                             size_t batch_sz) {
  __shared__ int shared[bench::kCopyComputeThreads];
  size_t local_idx = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batch_sz; batch++) {
    size_t block_batch_idx = blockIdx.x * blockDim.x + grid_size * batch;
    shared[local_idx] = global_in[block_batch_idx + local_idx];
    __syncthreads();
    compute(global_out + block_batch_idx, shared);
    __syncthreads();
  }
}

int main() {
  bench::CopyCompute problem;
  problem.measure("", [](int blocks, int threads, int *out, const int *in, size_t batches) {
    copy_compute<<<blocks, threads>>>(out, in, batches);
  });
  return 0;
}
