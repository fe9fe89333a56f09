// A legacy copy loop ferry pipelines.
__global__ void copy_loop(int *__restrict__ out, const int *__restrict__ in, unsigned long batches) {
  __shared__ int tile[256];
  for (unsigned long b = 0; b < batches; b++) {
    tile[threadIdx.x] = in[(b * gridDim.x + blockIdx.x) * 256 + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] += tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
}
