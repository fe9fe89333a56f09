// real-repo: zjin-lcf/HeCBench
// real-source: src/convolution1D-cuda/main.cu
// HeCBench convolution1D (Kirk and Hwu, chapter 7): a 1D convolution with a
// mask in constant memory, three kernels (basic, tiled with halos in dynamic
// shared memory, tiled with caching), for double, float and int16_t. The
// public main is renamed away; ours runs what its conv1D<T>() runs, at one
// block size (256) and mask width 5 (its widths are 3..9): one timed run
// launches the three kernels for the three types, each into its own output,
// on 2^25 inputs below 256 (rand() % 256 there, real::lcg here).
#include "../real.cuh"

#define main conv1d_public_main
#include "zjin-lcf/HeCBench/src/convolution1D-cuda/main.cu"
#undef main

template <typename T> struct conv_case {
  T *d_a, *d_b[3];
};

template <typename T> static conv_case<T> setup(int input_width, int mask_width) {
  conv_case<T> c;
  std::vector<T> a(input_width);
  T h_mask[MAX_MASK_WIDTH];
  for (int i = 0; i < MAX_MASK_WIDTH; i++)
    h_mask[i] = 1;
  real::lcg g(123);
  for (T &x : a)
    x = (T)g.below(256);
  REAL_CHECK(cudaMalloc((void **)&c.d_a, input_width * sizeof(T)));
  for (T *&p : c.d_b)
    REAL_CHECK(cudaMalloc((void **)&p, input_width * sizeof(T)));
  REAL_CHECK(cudaMemcpy(c.d_a, a.data(), input_width * sizeof(T), cudaMemcpyHostToDevice));
  REAL_CHECK(cudaMemcpyToSymbol(mask<T>, h_mask, mask_width * sizeof(T)));
  return c;
}

template <typename T> static void launch(const conv_case<T> &c, int input_width, int mask_width, int bs) {
  dim3 grids(input_width / bs), blocks(bs);
  conv1d<<<grids, blocks>>>(c.d_a, c.d_b[0], input_width, mask_width);
  conv1d_tiled<<<grids, blocks, (bs + MAX_MASK_WIDTH - 1) * sizeof(T), 0>>>(c.d_a, c.d_b[1], input_width,
                                                                            mask_width);
  conv1d_tiled_caching<<<grids, blocks, bs * sizeof(T), 0>>>(c.d_a, c.d_b[2], input_width, mask_width);
}

template <typename T> static void hash_case(real::hash &h, const conv_case<T> &c, int input_width) {
  for (T *p : c.d_b)
    h.add_device(p, input_width);
}

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int input_width = o.small ? 1 << 14 : 1 << 25; // a multiple of MAX_BLOCK_SIZE
  const int mask_width = 5, bs = 256;
  conv_case<double> cd = setup<double>(input_width, mask_width);
  conv_case<float> cf = setup<float>(input_width, mask_width);
  conv_case<int16_t> ci = setup<int16_t>(input_width, mask_width);

  real::time_runs(o, [] {}, [&] {
    launch(cd, input_width, mask_width, bs);
    launch(cf, input_width, mask_width, bs);
    launch(ci, input_width, mask_width, bs);
  });

  real::hash h;
  hash_case(h, cd, input_width);
  hash_case(h, cf, input_width);
  hash_case(h, ci, input_width);
  real::print_hash(h);
  return 0;
}
