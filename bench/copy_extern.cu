// Benchmark: the seeds' copy-and-compute loop with the tile their users
// write, `extern __shared__` sized for one block at the launch, and
// __restrict__ pointers. A ring needs more shared memory than the launch
// gives: only the launch dispatch's variant, which the host half launches
// with the ring's bytes, can pipeline it. Timed at 1, 2, 4 and 8 blocks
// per SM; hand-written counterparts in reference/copy_extern.cu.
#include "bench.cuh"

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  global_out[i] = shared_in[i] * 3 + shared_in[(i + 1) % blockDim.x];
}

__global__ void copy_extern(int *__restrict__ global_out, const int *__restrict__ global_in,
                            size_t batch_sz) {
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
  bench::CopyCompute problem("copy_extern");
  problem.measure("", [](int blocks, int threads, int *out, const int *in, size_t batches) {
    copy_extern<<<blocks, threads, threads * sizeof(int)>>>(out, in, batches);
  });
  return 0;
}
