// real-repo: yuhc/gpu-rodinia
// real-source: cuda/hotspot/hotspot.cu
// Rodinia HotSpot: a 2D thermal stencil, BLOCK_SIZE 16, pyramid of 2 steps
// per launch (the program's compute_tran_temp loop launches calculate_temp
// once per pyramid). The public file has its own main and run; both are
// renamed away and our main calls compute_tran_temp as run() does.
#include "../real.cuh"

#define main hotspot_public_main
#include "yuhc/gpu-rodinia/cuda/hotspot/hotspot.cu"
#undef main

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int n = o.small ? 128 : 4096;          // grid_rows = grid_cols
  const int pyramid_height = 2;
  const int total_iterations = o.small ? 4 : 20;
  const int size = n * n;
  // As run() computes them (EXPAND_RATE 2).
  const int border = pyramid_height * EXPAND_RATE / 2;
  const int small_block = BLOCK_SIZE - pyramid_height * EXPAND_RATE;
  const int block_cols = n / small_block + (n % small_block == 0 ? 0 : 1);

  std::vector<float> temp(size), power(size);
  real::lcg rng(1);
  for (int i = 0; i < size; i++) {
    temp[i] = 320.0f + 20.0f * rng.uniform();   // Kelvin, as the data files
    power[i] = 0.001f * rng.uniform();
  }
  float *matrix_temp[2], *matrix_power;
  REAL_CHECK(cudaMalloc(&matrix_temp[0], sizeof(float) * size));
  REAL_CHECK(cudaMalloc(&matrix_temp[1], sizeof(float) * size));
  REAL_CHECK(cudaMalloc(&matrix_power, sizeof(float) * size));
  REAL_CHECK(cudaMemcpy(matrix_power, power.data(), sizeof(float) * size, cudaMemcpyHostToDevice));

  int ret = 0;
  real::time_runs(
      o,
      [&] {
        REAL_CHECK(cudaMemcpy(matrix_temp[0], temp.data(), sizeof(float) * size, cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemset(matrix_temp[1], 0, sizeof(float) * size));
      },
      [&] {
        ret = compute_tran_temp(matrix_power, matrix_temp, n, n, total_iterations, pyramid_height,
                                block_cols, block_cols, border, border);
      });
  real::hash h;
  h.add_device(matrix_temp[ret], size);
  real::print_hash(h);
  return 0;
}
