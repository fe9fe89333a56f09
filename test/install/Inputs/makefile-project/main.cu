// Launches the copy loop once (never run by the test: it links the program).
#include <cstdio>

__global__ void copy_loop(int *__restrict__ out, const int *__restrict__ in, unsigned long batches);

int main() {
  int *out = nullptr, *in = nullptr;
  if (cudaMalloc(&out, 256 * sizeof(int)) != cudaSuccess || cudaMalloc(&in, 256 * sizeof(int)) != cudaSuccess) {
    std::puts("no device");
    return 0;
  }
  copy_loop<<<1, 256>>>(out, in, 1);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
