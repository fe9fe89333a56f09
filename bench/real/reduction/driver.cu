// real-repo: NVIDIA/cuda-samples
// real-source: Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu
// real-source: Samples/2_Concepts_and_Techniques/reduction/reduction.cpp
// real-flags: -I$SRC/NVIDIA/cuda-samples/Common
// cuda-samples reduction: nine of the sample's ten sum-reduction kernels
// (reduce0..7, cg_reduce), each block summing into shared memory. The tenth,
// multi_warp_cg_reduce (kernel 9), is left out: cooperative groups
// synchronise its multi-warp tiles by atomics on shared memory, which
// compute-sanitizer racecheck does not follow (it reported ~7,600 hazards for
// the --small run on an H100, in a kernel ferry leaves as written).
// reduction.cpp's main is renamed away; ours does what its benchmarkReduce
// does on the GPU path (cpuFinalReduction false, threshold 1): reduce<T>()
// over the input, then passes over the block sums (copied to an
// intermediate buffer) with getNumBlocksAndThreads() sizes until one value
// is left; the sizes are planned before timing (that function queries the
// device). Its defaults: 2^24 elements, 256 threads, 64 blocks at most,
// inputs rand() & 0xFF (ints) and that over RAND_MAX (floats). One timed
// run: the nine kernels for int, then for float, each into its own output.
#include "../real.cuh"

#include <type_traits>

#define main reduction_public_main
#include "NVIDIA/cuda-samples/Samples/2_Concepts_and_Techniques/reduction/reduction.cpp"
#undef main
#include "NVIDIA/cuda-samples/Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu"

const int kernels = 9; // whichKernel 0..8

struct pass {
  int n, threads, blocks;
};

template <class T> struct reduce_case {
  T *d_idata, *d_intermediateSums;
  T *d_odata[kernels];
  int numBlocks[kernels];
  std::vector<pass> passes[kernels]; // the first and the passes after it
};

template <class T> static reduce_case<T> setup(int size, uint64_t seed) {
  const int maxThreads = 256, maxBlocks = 64;
  reduce_case<T> c;
  std::vector<T> h_idata(size);
  real::lcg g(seed);
  for (T &x : h_idata)
    x = std::is_integral<T>::value ? (T)(g.next() & 0xFF) : (T)(g.next() & 0xFF) / (T)RAND_MAX;
  REAL_CHECK(cudaMalloc((void **)&c.d_idata, size * sizeof(T)));
  REAL_CHECK(cudaMemcpy(c.d_idata, h_idata.data(), size * sizeof(T), cudaMemcpyHostToDevice));
  int most = 0;
  for (int k = 0; k < kernels; k++) {
    int threads, blocks;
    getNumBlocksAndThreads(k, size, maxBlocks, maxThreads, blocks, threads);
    c.numBlocks[k] = blocks;
    c.passes[k].push_back({size, threads, blocks});
    most = std::max(most, blocks);
    REAL_CHECK(cudaMalloc((void **)&c.d_odata[k], blocks * sizeof(T)));
    for (int s = blocks; s > 1;) { // benchmarkReduce's loop, cpuFinalThreshold 1
      getNumBlocksAndThreads(k, s, maxBlocks, maxThreads, blocks, threads);
      c.passes[k].push_back({s, threads, blocks});
      s = k < 3 ? (s + threads - 1) / threads : (s + (threads * 2 - 1)) / (threads * 2);
    }
  }
  REAL_CHECK(cudaMalloc((void **)&c.d_intermediateSums, most * sizeof(T)));
  return c;
}

template <class T> static void run(const reduce_case<T> &c) {
  for (int k = 0; k < kernels; k++) {
    const std::vector<pass> &p = c.passes[k];
    reduce<T>(p[0].n, p[0].threads, p[0].blocks, k, c.d_idata, c.d_odata[k]);
    for (size_t i = 1; i < p.size(); i++) {
      REAL_CHECK(cudaMemcpy(c.d_intermediateSums, c.d_odata[k], p[i].n * sizeof(T), cudaMemcpyDeviceToDevice));
      reduce<T>(p[i].n, p[i].threads, p[i].blocks, k, c.d_intermediateSums, c.d_odata[k]);
    }
  }
}

template <class T> static void hash_case(real::hash &h, const reduce_case<T> &c) {
  for (int k = 0; k < kernels; k++)
    h.add_device(c.d_odata[k], c.numBlocks[k]);
}

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const int size = o.small ? 1 << 16 : 1 << 24;
  reduce_case<int> ci = setup<int>(size, 1);
  reduce_case<float> cf = setup<float>(size, 2);

  // Each kernel's first pass reads only the input: nothing to reset.
  real::time_runs(o, [] {}, [&] {
    run(ci);
    run(cf);
  });

  real::hash h;
  hash_case(h, ci);
  hash_case(h, cf);
  real::print_hash(h);
  return 0;
}
