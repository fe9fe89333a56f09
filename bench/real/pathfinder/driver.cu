// real-repo: yuhc/gpu-rodinia
// real-source: cuda/pathfinder/pathfinder.cu
// Rodinia PathFinder: dynamic programming down a grid of walls, BLOCK_SIZE
// 256, pyramid height 20; calc_path launches dynproc_kernel once per pyramid
// (with a device synchronize after each, as the program does). The public
// main is renamed away; its globals (rows, cols, data, ...) are left alone.
#include "../real.cuh"

#define main pathfinder_public_main
#include "yuhc/gpu-rodinia/cuda/pathfinder/pathfinder.cu"
#undef main

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int ncols = o.small ? 4096 : 1 << 20, nrows = o.small ? 41 : 101;
  const int height = 20;
  const int border = height * HALO;
  const int small_block = BLOCK_SIZE - height * HALO * 2;
  const int block_cols = ncols / small_block + (ncols % small_block == 0 ? 0 : 1);

  std::vector<int> walls(ncols * nrows);
  real::lcg rng(3);
  for (int &w : walls)
    w = rng.below(10);
  int *gpu_wall, *gpu_result[2];
  REAL_CHECK(cudaMalloc(&gpu_result[0], sizeof(int) * ncols));
  REAL_CHECK(cudaMalloc(&gpu_result[1], sizeof(int) * ncols));
  REAL_CHECK(cudaMalloc(&gpu_wall, sizeof(int) * (ncols * nrows - ncols)));
  REAL_CHECK(cudaMemcpy(gpu_wall, walls.data() + ncols, sizeof(int) * (ncols * nrows - ncols),
                        cudaMemcpyHostToDevice));
  int ret = 0;
  real::time_runs(
      o,
      [&] {
        REAL_CHECK(cudaMemcpy(gpu_result[0], walls.data(), sizeof(int) * ncols, cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemset(gpu_result[1], 0, sizeof(int) * ncols));
      },
      [&] { ret = calc_path(gpu_wall, gpu_result, nrows, ncols, height, block_cols, border); });
  real::hash h;
  h.add_device(gpu_result[ret], ncols);
  real::print_hash(h);
  return 0;
}
