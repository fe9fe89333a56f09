// Benchmark: the copy-and-compute loop of copy_compute.cu in issue 13's
// shape 5, a copy whose loaded value has other uses: each thread keeps the
// element it copies (`v = in[i]; shared[t] = v;`) and computes with it
// after the barrier, as legacy code that reuses a loaded value does. ferry
// pipelines the loop and reads v back from the iteration's slot; the
// output is copy_compute's, bit for bit. Timed at 1, 2, 4 and 8 blocks per
// SM; no hand-written counterpart (copy_compute's are the same loop).
#include "bench.cuh"

__global__ void copy_read_back(int *__restrict__ global_out, const int *__restrict__ global_in,
                               size_t batch_sz) {
  __shared__ int shared[bench::kCopyComputeThreads];
  unsigned local_idx = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batch_sz; batch++) {
    size_t block_batch_idx = blockIdx.x * blockDim.x + grid_size * batch;
    int v = global_in[block_batch_idx + local_idx];
    shared[local_idx] = v;
    __syncthreads();
    global_out[block_batch_idx + local_idx] = v * 3 + shared[(local_idx + 1) % blockDim.x];
    __syncthreads();
  }
}

int main() {
  bench::CopyCompute problem("copy_read_back");
  problem.measure("", [](int blocks, int threads, int *out, const int *in, size_t batches) {
    copy_read_back<<<blocks, threads>>>(out, in, batches);
  });
  return 0;
}
