// real-repo: cavazos-lab/PolyBench-ACC
// real-source: CUDA/datamining/covariance/covariance.cu
// real-flags: -I$SRC/cavazos-lab/PolyBench-ACC/CUDA/utilities
// PolyBench/GPU covariance: mean_kernel, reduce_kernel and covar_kernel
// launched as covarianceCuda launches them (with its grids and its
// synchronizes), on a 256 x 256 data set: covar_kernel runs one thread per
// column, each a triangle of dot products, so its time grows as M * N per
// thread. M and N are defined before the include, which covariance.cuh
// allows; the CUDA headers come first (from real.cuh), as the one-letter
// macros would clash with their names. The kernels keep nothing in shared
// memory: ferry has nothing to convert, and the program measures that the
// build stays as fast.
#include "../real.cuh"

#define M 256
#define N 256
#define main covariance_public_main
#include "cavazos-lab/PolyBench-ACC/CUDA/datamining/covariance/covariance.cu"
#undef main

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  // --small: the same size (the kernels take M and N from the build);
  // the sanitizer runs it once.
  const int m = M, n = N;
  std::vector<DATA_TYPE> data((size_t)M * N);
  real::lcg rng(8);
  for (DATA_TYPE &x : data)
    x = rng.uniform();
  DATA_TYPE *data_gpu, *mean_gpu, *symmat_gpu;
  REAL_CHECK(cudaMalloc(&data_gpu, sizeof(DATA_TYPE) * M * N));
  REAL_CHECK(cudaMalloc(&symmat_gpu, sizeof(DATA_TYPE) * M * M));
  REAL_CHECK(cudaMalloc(&mean_gpu, sizeof(DATA_TYPE) * M));
  dim3 block1(DIM_THREAD_BLOCK_KERNEL_1_X, DIM_THREAD_BLOCK_KERNEL_1_Y);
  dim3 grid1((size_t)(ceil((float)M) / ((float)DIM_THREAD_BLOCK_KERNEL_1_X)), 1);
  dim3 block2(DIM_THREAD_BLOCK_KERNEL_2_X, DIM_THREAD_BLOCK_KERNEL_2_Y);
  dim3 grid2((size_t)(ceil((float)M) / ((float)DIM_THREAD_BLOCK_KERNEL_2_X)),
             (size_t)(ceil((float)N) / ((float)DIM_THREAD_BLOCK_KERNEL_2_X)));
  dim3 block3(DIM_THREAD_BLOCK_KERNEL_3_X, DIM_THREAD_BLOCK_KERNEL_3_Y);
  dim3 grid3((size_t)(ceil((float)M) / ((float)DIM_THREAD_BLOCK_KERNEL_3_X)), 1);
  real::time_runs(
      o,
      [&] {
        REAL_CHECK(cudaMemcpy(data_gpu, data.data(), sizeof(DATA_TYPE) * M * N, cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemset(symmat_gpu, 0, sizeof(DATA_TYPE) * M * M));
      },
      [&] {
        mean_kernel<<<grid1, block1>>>(m, n, mean_gpu, data_gpu);
        REAL_CHECK(cudaDeviceSynchronize());
        reduce_kernel<<<grid2, block2>>>(m, n, mean_gpu, data_gpu);
        REAL_CHECK(cudaDeviceSynchronize());
        covar_kernel<<<grid3, block3>>>(m, n, symmat_gpu, data_gpu);
        REAL_CHECK(cudaDeviceSynchronize());
      });
  real::hash h;
  h.add_device(mean_gpu, M);
  h.add_device(data_gpu, (size_t)M * N);
  h.add_device(symmat_gpu, (size_t)M * M);
  real::print_hash(h);
  return 0;
}
