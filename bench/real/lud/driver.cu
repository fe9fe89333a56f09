// real-repo: yuhc/gpu-rodinia
// real-source: cuda/lud/cuda/lud_kernel.cu
// Rodinia LUD: blocked LU decomposition in place, BLOCK_SIZE 16; the public
// lud_cuda() launches lud_diagonal, lud_perimeter and lud_internal per block
// step and is called as lud.cu calls it. The input is diagonally dominant so
// that the factorisation stays finite.
#include "../real.cuh"

#include "yuhc/gpu-rodinia/cuda/lud/cuda/lud_kernel.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int n = o.small ? 128 : 2048;
  std::vector<float> m((size_t)n * n);
  real::lcg rng(4);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      m[(size_t)i * n + j] = rng.uniform() + (i == j ? (float)n : 0.0f);
  float *d_m;
  REAL_CHECK(cudaMalloc(&d_m, sizeof(float) * n * n));
  real::time_runs(
      o, [&] { REAL_CHECK(cudaMemcpy(d_m, m.data(), sizeof(float) * n * n, cudaMemcpyHostToDevice)); },
      [&] { lud_cuda(d_m, n); });
  real::hash h;
  h.add_device(d_m, (size_t)n * n);
  real::print_hash(h);
  return 0;
}
