// real-repo: zjin-lcf/HeCBench
// real-source: src/stencil1d-cuda/stencil_1d.cu
// HeCBench stencil1d: a radius-7 sum over ints, each 256-thread block loading
// its elements and both halos into shared memory. The public file's main is
// renamed away; ours does what it does (input padded by RADIUS, grid
// length/BLOCK_SIZE, `repeat` launches) with length 2^25 and repeat 10 a
// timed run, random ints below 1000 instead of 0, 1, 2, ...
#include "../real.cuh"

#define main stencil1d_public_main
#include "zjin-lcf/HeCBench/src/stencil1d-cuda/stencil_1d.cu"
#undef main

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int length = o.small ? 1 << 14 : 1 << 25; // a multiple of BLOCK_SIZE
  const int repeat = o.small ? 1 : 10;

  std::vector<int> a(length + RADIUS);
  real::lcg g(1);
  for (int &x : a)
    x = g.below(1000);
  int *d_a, *d_b;
  REAL_CHECK(cudaMalloc((void **)&d_a, (length + RADIUS) * sizeof(int)));
  REAL_CHECK(cudaMalloc((void **)&d_b, length * sizeof(int)));
  REAL_CHECK(cudaMemcpy(d_a, a.data(), (length + RADIUS) * sizeof(int), cudaMemcpyHostToDevice));

  dim3 grids(length / BLOCK_SIZE);
  dim3 blocks(BLOCK_SIZE);
  real::time_runs(o, [] {}, [&] {
    for (int i = 0; i < repeat; i++)
      stencil_1d<<<grids, blocks>>>(d_a, d_b);
  });

  real::hash h;
  h.add_device(d_b, length);
  real::print_hash(h);
  return 0;
}
