// A C++ file of a CUDA program: nvcc gives it the toolkit's include
// directory, so cuda_runtime.h is found without a -I of its own.
#include <cuda_runtime.h>
#include <stdio.h>

void launch_block_sum(float *out, const float *in, int blocks);

int main() {
  float *buffer = nullptr;
  if (cudaMalloc(&buffer, 256 * sizeof(float)) != cudaSuccess)
    return printf("%s\n", cudaGetErrorString(cudaGetLastError())), 0;
  launch_block_sum(buffer, buffer + 128, 1);
  return cudaFree(buffer) != cudaSuccess;
}
