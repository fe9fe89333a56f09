// real-repo: NVIDIA/cuda-samples
// real-source: Samples/6_Performance/transpose/transpose.cu
// real-flags: -I$SRC/NVIDIA/cuda-samples/Common
// cuda-samples transpose: the sample's eight kernels (copy, shared-memory
// copy, naive, coalesced, no-bank-conflict, coarse- and fine-grained partial
// transposes, diagonal), 32 x 32 tiles staged in shared memory by 32 x 16
// threads, launched as its main launches them: through a function pointer,
// on a grid of size/TILE_DIM squared. Our main replaces the sample's (renamed
// away): one timed run launches each of the eight once, each into its own
// output, on an 8192 x 8192 matrix of floats.
#include "../real.cuh"

// The sample's main calls max(float, float) on the host, which nvcc's headers
// declare there and clang's do not: a host overload of ours lets it compile.
__host__ inline float max(float a, float b) { return a > b ? a : b; }

#define main transpose_public_main
#include "NVIDIA/cuda-samples/Samples/6_Performance/transpose/transpose.cu"
#undef main

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int size_x = o.small ? 256 : 8192, size_y = size_x; // square, TILE_DIM multiple
  const size_t n = (size_t)size_x * size_y;
  void (*kernels[8])(float *, float *, int, int) = {
      &copy, &copySharedMem, &transposeNaive, &transposeCoalesced,
      &transposeNoBankConflicts, &transposeCoarseGrained, &transposeFineGrained,
      &transposeDiagonal};
  dim3 grid(size_x / TILE_DIM, size_y / TILE_DIM), threads(TILE_DIM, BLOCK_ROWS);

  real::lcg g(7);
  std::vector<float> in(n);
  for (float &x : in)
    x = g.uniform();
  float *d_idata, *d_odata[8];
  REAL_CHECK(cudaMalloc((void **)&d_idata, n * sizeof(float)));
  for (float *&p : d_odata)
    REAL_CHECK(cudaMalloc((void **)&p, n * sizeof(float)));
  REAL_CHECK(cudaMemcpy(d_idata, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  // The partial transposes write only part of their output: zero them once,
  // so that every output byte hashed is defined. No kernel reads an output.
  for (float *p : d_odata)
    REAL_CHECK(cudaMemset(p, 0, n * sizeof(float)));
  real::time_runs(o, [] {}, [&] {
    for (int k = 0; k < 8; k++)
      kernels[k]<<<grid, threads>>>(d_odata[k], d_idata, size_x, size_y);
  });

  real::hash h;
  for (float *p : d_odata)
    h.add_device(p, n);
  real::print_hash(h);
  return 0;
}
