// Separate compilation: the kernel calls a device function defined in
// another translation unit (twice.cu), so its device code links only in a
// device link. The copy loop is one ferry converts (its variant's entry is
// registered with the kernel's). Prints the sums the GPU computed.
#include <cstdio>

__device__ int twice(int x);

__global__ void copy_twice(int *out, const int *in, unsigned long batches) {
  __shared__ int tile[256];
  for (unsigned long b = 0; b < batches; b++) {
    tile[threadIdx.x] = in[(b * gridDim.x + blockIdx.x) * 256 + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] += twice(tile[(threadIdx.x + 1) % 256]);
    __syncthreads();
  }
}

int main() {
  const int blocks = 4, batches = 8, n = blocks * 256;
  static int host_in[n * batches], host_out[n];
  for (int i = 0; i < n * batches; i++)
    host_in[i] = i % 97;
  int *in, *out;
  cudaMalloc(&in, sizeof host_in);
  cudaMalloc(&out, sizeof host_out);
  cudaMemcpy(in, host_in, sizeof host_in, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof host_out);
  copy_twice<<<blocks, 256>>>(out, in, batches);
  cudaError_t error = cudaMemcpy(host_out, out, sizeof host_out, cudaMemcpyDeviceToHost);
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += host_out[i];
  printf("%s: sum %ld, out[1] %d\n", cudaGetErrorString(error), sum, host_out[1]);
  return error != cudaSuccess;
}
