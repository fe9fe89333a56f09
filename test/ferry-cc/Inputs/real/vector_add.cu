// Stands in for a program built by a public project's own build line
// (see real-build-lines.test): a copy through shared memory and a main.
#include <cstdio>

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? a[i] : 0.0f;
  __syncthreads();
  if (i < n)
    c[i] = tile[threadIdx.x] + b[i];
}

int main() {
  float *d = nullptr;
  if (cudaMalloc(&d, 3 * 256 * sizeof(float)) != cudaSuccess)
    return std::printf("no device: %s\n", cudaGetErrorString(cudaGetLastError())), 0;
  vector_add<<<1, 256>>>(d, d + 256, d + 512, 256);
  return cudaFree(d) != cudaSuccess;
}
