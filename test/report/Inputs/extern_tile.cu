#include <cstddef>

__global__ void seed(int *__restrict__ out, const int *__restrict__ in, size_t batches) {
  extern __shared__ int shared[];
  size_t i = threadIdx.x, grid = (size_t)gridDim.x * blockDim.x;
  for (size_t b = 0; b < batches; b++) {
    size_t base = blockIdx.x * blockDim.x + grid * b;
    shared[i] = in[base + i];
    __syncthreads();
    out[base + i] = shared[i] * 3 + shared[(i + 1) % blockDim.x];
    __syncthreads();
  }
}
