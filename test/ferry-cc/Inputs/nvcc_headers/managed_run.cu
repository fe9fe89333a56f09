// __managed__ variables from host and device code, as HeCBench's
// logic-rewrite uses them: a scalar and an array the host writes, kernels
// read and update, and the host reads after cudaDeviceSynchronize; a flag
// whose address a kernel is handed, read by the host in a loop
// (balance.cu's isEnd); a struct; a __host__ __device__ function that
// reads one on either side. Built by nvcc and by ferry-cc, both print the
// same (test/ferry-cc/nvcc-managed.test; the GPU run: docs/PUBLIC_BUILDS.md).
#include <cstdio>

#define N 256

__managed__ int scale;
__managed__ int values[N];
__managed__ int not_done = 1;
struct Totals {
  long long sum;
  int rounds;
};
__managed__ Totals totals;

__host__ __device__ int scaled(int v) { return v * scale; }

// Each element is scaled, then halved until it is below `limit`; the flag
// stays 1 while any element is still at or above it.
__global__ void step(int *done_flag, int limit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N)
    return;
  if (values[i] >= limit) {
    values[i] /= 2;
    if (values[i] >= limit)
      *done_flag = 1;
  }
}

__global__ void scale_all() {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N)
    values[i] = scaled(values[i]);
}

__global__ void total() {
  long long sum = 0;
  for (int i = 0; i < N; i++)
    sum += values[i];
  totals.sum = sum;
  totals.rounds += 1;
}

int main() {
  scale = 3;
  for (int i = 0; i < N; i++)
    values[i] = i * 7 + 1;
  printf("host scaled(5) = %d\n", scaled(5));
  scale_all<<<N / 64, 64>>>();
  cudaDeviceSynchronize();
  printf("after scale: values[0] = %d, values[%d] = %d\n", values[0], N - 1, values[N - 1]);
  int rounds = 0;
  while (not_done) {
    not_done = 0;
    step<<<N / 64, 64>>>(&not_done, 100);
    cudaDeviceSynchronize();
    rounds++;
  }
  total<<<1, 1>>>();
  cudaDeviceSynchronize();
  int *element = &values[10];
  *element += 1000;
  total<<<1, 1>>>();
  cudaError_t status = cudaDeviceSynchronize();
  printf("rounds %d, sum %lld after %d totals, values[10] = %d, status %s\n", rounds, totals.sum,
         totals.rounds, values[10], cudaGetErrorName(status));
  return status == cudaSuccess ? 0 : 1;
}
