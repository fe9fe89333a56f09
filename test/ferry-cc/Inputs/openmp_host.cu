// A CUDA source whose host code uses OpenMP (nvcc -Xcompiler -fopenmp):
// omp.h is included by both halves, the pragmas matter to the host alone.
#include <omp.h>
#include <cstdio>

__global__ void scale(float *out, const float *in, float factor) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x] * factor;
}

int main() {
  int threads = 0;
#pragma omp parallel reduction(+ : threads)
  threads += 1;
  std::printf("%d threads of %d\n", threads, omp_get_max_threads());
  return 0;
}
