// The copy-and-compute loop of the seeds ("Without memcpy_async"), as legacy
// kernels: each thread copies one int to shared memory with a plain
// assignment, the block synchronises, computes on shared data, and
// synchronises again before the next batch overwrites it. ferry converts
// the copies with no change to this source.
#include <cstddef>

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  unsigned next = (i + 1) % blockDim.x;
  global_out[i] = shared_in[i] * 3 + shared_in[next];
}

// As in the seeds: dynamic shared memory, pointers that may alias. ferry
// pipelines the loop in the launch's dynamic memory, behind a range check
// (the loop as written where the output overlaps the input), per thread
// and, in a second variant the trial times, in 16-byte chunks.
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

// The same loop with a static tile and __restrict__ pointers: ferry also
// software-pipelines it, keeping several batches in flight.
__global__ void with_static_tile(int *__restrict__ global_out,
                                 const int *__restrict__ global_in,
                                 size_t batch_sz) {
  __shared__ int shared[256];
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

// The seeds' loop again, on dynamic shared memory, with __restrict__
// pointers and the kernel saying how much dynamic memory it is launched
// with (<<<grid, 256, 16384>>>): ferry pipelines it inside that memory.
__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=16384")))
with_dynamic_tile(int *__restrict__ global_out, const int *__restrict__ global_in,
                  size_t batch_sz) {
  extern __shared__ int shared[];
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
