// real-repo: cavazos-lab/PolyBench-ACC
// real-source: CUDA/datamining/correlation/correlation.cu
// real-flags: -I$SRC/cavazos-lab/PolyBench-ACC/CUDA/utilities
// PolyBench/GPU correlation: mean_kernel, std_kernel, reduce_kernel and
// corr_kernel launched as correlationCuda launches them (with its grids and
// its synchronizes), on a 256 x 256 data set (corr_kernel, like
// covariance's, runs one thread per column over a triangle of dot
// products). M and N are defined before the include, which correlation.cuh
// allows, after the CUDA headers (from real.cuh), whose names the
// one-letter macros would clash with. Nothing is kept in shared memory:
// ferry has nothing to convert, and the program measures that the build
// stays as fast.
#include "../real.cuh"

#define M 256
#define N 256
#define main correlation_public_main
#include "cavazos-lab/PolyBench-ACC/CUDA/datamining/correlation/correlation.cu"
#undef main

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv); // --small: the same size, run once
  const int m = M, n = N;
  std::vector<DATA_TYPE> data((size_t)M * N);
  real::lcg rng(9);
  for (DATA_TYPE &x : data)
    x = rng.uniform();
  DATA_TYPE *data_gpu, *stddev_gpu, *mean_gpu, *symmat_gpu;
  REAL_CHECK(cudaMalloc(&data_gpu, sizeof(DATA_TYPE) * M * N));
  REAL_CHECK(cudaMalloc(&symmat_gpu, sizeof(DATA_TYPE) * M * N));
  REAL_CHECK(cudaMalloc(&stddev_gpu, sizeof(DATA_TYPE) * M));
  REAL_CHECK(cudaMalloc(&mean_gpu, sizeof(DATA_TYPE) * M));
  dim3 block1(DIM_THREAD_BLOCK_KERNEL_1_X, DIM_THREAD_BLOCK_KERNEL_1_Y);
  dim3 grid1((size_t)(ceil((float)(M)) / ((float)DIM_THREAD_BLOCK_KERNEL_1_X)), 1);
  dim3 block2(DIM_THREAD_BLOCK_KERNEL_2_X, DIM_THREAD_BLOCK_KERNEL_2_Y);
  dim3 grid2((size_t)(ceil((float)(M)) / ((float)DIM_THREAD_BLOCK_KERNEL_2_X)), 1);
  dim3 block3(DIM_THREAD_BLOCK_KERNEL_3_X, DIM_THREAD_BLOCK_KERNEL_3_Y);
  dim3 grid3((size_t)(ceil((float)(M)) / ((float)DIM_THREAD_BLOCK_KERNEL_3_X)),
             (size_t)(ceil((float)(N)) / ((float)DIM_THREAD_BLOCK_KERNEL_3_Y)));
  dim3 block4(DIM_THREAD_BLOCK_KERNEL_4_X, DIM_THREAD_BLOCK_KERNEL_4_Y);
  dim3 grid4((size_t)(ceil((float)(M)) / ((float)DIM_THREAD_BLOCK_KERNEL_4_X)), 1);
  real::time_runs(
      o,
      [&] {
        REAL_CHECK(cudaMemcpy(data_gpu, data.data(), sizeof(DATA_TYPE) * M * N, cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemset(symmat_gpu, 0, sizeof(DATA_TYPE) * M * N));
      },
      [&] {
        mean_kernel<<<grid1, block1>>>(m, n, mean_gpu, data_gpu);
        REAL_CHECK(cudaDeviceSynchronize());
        std_kernel<<<grid2, block2>>>(m, n, mean_gpu, stddev_gpu, data_gpu);
        REAL_CHECK(cudaDeviceSynchronize());
        reduce_kernel<<<grid3, block3>>>(m, n, mean_gpu, stddev_gpu, data_gpu);
        REAL_CHECK(cudaDeviceSynchronize());
        corr_kernel<<<grid4, block4>>>(m, n, symmat_gpu, data_gpu);
        REAL_CHECK(cudaDeviceSynchronize());
      });
  real::hash h;
  h.add_device(mean_gpu, M);
  h.add_device(stddev_gpu, M);
  h.add_device(data_gpu, (size_t)M * N);
  h.add_device(symmat_gpu, (size_t)M * N);
  real::print_hash(h);
  return 0;
}
