// real-repo: vetter/shoc
// real-source: src/cuda/level1/scan/scan_kernel.h
// SHOC Scan: a three-kernel prefix sum (reduce to 64 block sums, one block
// scans them, bottom_scan scans each block's region with vector loads),
// for float/float4 and double/double4. Scan.cu's RunTest needs SHOC's option
// parser and result database; we include its kernel file and launch its
// timed loop body as RunTest does (64 blocks of 256 threads, its shared
// sizes), 8 iterations a timed run for each type, on its size 4 (64 MiB).
#include "../real.cuh"

#include "vetter/shoc/src/cuda/level1/scan/scan_kernel.h"

template <class T> struct scan_case {
  int size;
  T *d_idata, *d_odata, *d_block_sums;
};

template <class T> static scan_case<T> setup(size_t bytes, uint64_t seed) {
  scan_case<T> c;
  c.size = (int)(bytes / sizeof(T));
  std::vector<T> h_idata(c.size);
  real::lcg g(seed);
  for (T &x : h_idata)
    x = (T)g.uniform();
  REAL_CHECK(cudaMalloc((void **)&c.d_idata, bytes));
  REAL_CHECK(cudaMalloc((void **)&c.d_odata, bytes));
  REAL_CHECK(cudaMalloc((void **)&c.d_block_sums, 64 * sizeof(T)));
  REAL_CHECK(cudaMemcpy(c.d_idata, h_idata.data(), bytes, cudaMemcpyHostToDevice));
  return c;
}

template <class T, class vecT> static void run(const scan_case<T> &c, int iters) {
  int num_blocks = 64, num_threads = 256, smem_size = sizeof(T) * num_threads;
  for (int j = 0; j < iters; j++) {
    reduce<T, 256><<<num_blocks, num_threads, smem_size>>>(c.d_idata, c.d_block_sums, c.size);
    scan_single_block<T, 256><<<1, num_threads, smem_size * 2>>>(c.d_block_sums, num_blocks);
    bottom_scan<T, vecT, 256><<<num_blocks, num_threads, 2 * smem_size>>>(c.d_idata, c.d_odata,
                                                                          c.d_block_sums, c.size);
  }
}

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const size_t bytes = (o.small ? 1 : 64) * 1024 * 1024;
  const int iters = o.small ? 1 : 8;
  scan_case<float> cf = setup<float>(bytes, 1);
  scan_case<double> cd = setup<double>(bytes, 2);

  // Every iteration recomputes the outputs from the inputs: nothing to reset.
  real::time_runs(o, [] {}, [&] {
    run<float, float4>(cf, iters);
    run<double, double4>(cd, iters);
  });

  real::hash h;
  h.add_device(cf.d_odata, cf.size);
  h.add_device(cf.d_block_sums, 64);
  h.add_device(cd.d_odata, cd.size);
  h.add_device(cd.d_block_sums, 64);
  real::print_hash(h);
  return 0;
}
