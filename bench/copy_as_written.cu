// Benchmark: the seeds' copy-and-compute loop as its users write it: an
// extern __shared__ tile sized for one block at the launch, pointers
// without __restrict__ (the output may alias the input). The launch
// dispatch's variant pipelines it in a ring of its own static memory,
// behind a check before the loop that the output's bytes miss the input's
// (else the loop runs as written); with -ferry-stages=1, ferry prefetches
// the tile's source into L2 some iterations ahead and keeps the copy plain. Timed at
// 1, 2, 4 and 8 blocks per SM; hand-written counterparts in
// reference/copy_as_written.cu.
#include "bench.cuh"

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  global_out[i] = shared_in[i] * 3 + shared_in[(i + 1) % blockDim.x];
}

__global__ void copy_as_written(int *global_out, const int *global_in, size_t batch_sz) {
  extern __shared__ int shared[]; // blockDim.x * sizeof(int) bytes
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
  bench::CopyCompute problem("copy_as_written");
  problem.measure("", [](int blocks, int threads, int *out, const int *in, size_t batches) {
    copy_as_written<<<blocks, threads, threads * sizeof(int)>>>(out, in, batches);
  });
  return 0;
}
