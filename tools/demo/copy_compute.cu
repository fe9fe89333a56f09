// The copy-and-compute loop of the seeds ("Without memcpy_async"), as a
// legacy kernel: each thread copies one int to shared memory with a plain
// assignment, the block synchronises, computes on shared data, and
// synchronises again before the next batch overwrites it. ferry turns the
// copy into cp.async with no change to this source.
#include <cstddef>

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  unsigned next = (i + 1) % blockDim.x;
  global_out[i] = shared_in[i] * 3 + shared_in[next];
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
    compute(global_out + block_batch_idx, shared);
    __syncthreads(); // wait for compute before shared is overwritten
  }
}
