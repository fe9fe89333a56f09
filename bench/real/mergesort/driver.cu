// real-repo: NVIDIA/cuda-samples
// real-source: Samples/0_Introduction/mergeSort/mergeSort.cu
// real-flags: -I$SRC/NVIDIA/cuda-samples/Common
// cuda-samples mergeSort: key-value merge sort of uints (a shared-memory
// odd-even sort of 1024-element tiles, then per stride the sample ranks, the
// limits and the merge of elementary intervals, whose kernel loads two tiles
// of keys and values into shared memory). Our main replaces the sample's
// main.cpp: keys below 65536 as it makes them, values 0..N-1 as its
// fillValues does, and the sample's own mergeSort() host function, ascending.
#include "../real.cuh"

#include "NVIDIA/cuda-samples/Samples/0_Introduction/mergeSort/mergeSort.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  // A multiple of SHARED_SIZE_LIMIT, at most SAMPLE_STRIDE * MAX_SAMPLE_COUNT.
  const uint N = o.small ? 65536 : 4 * 1048576;
  const uint DIR = 1, numValues = 65536;

  std::vector<uint> key(N), val(N);
  real::lcg g(1);
  for (uint i = 0; i < N; i++) {
    key[i] = g.below(numValues);
    val[i] = i;
  }
  uint *d_SrcKey, *d_SrcVal, *d_BufKey, *d_BufVal, *d_DstKey, *d_DstVal;
  for (uint **p : {&d_SrcKey, &d_SrcVal, &d_BufKey, &d_BufVal, &d_DstKey, &d_DstVal})
    REAL_CHECK(cudaMalloc((void **)p, N * sizeof(uint)));
  REAL_CHECK(cudaMemcpy(d_SrcKey, key.data(), N * sizeof(uint), cudaMemcpyHostToDevice));
  REAL_CHECK(cudaMemcpy(d_SrcVal, val.data(), N * sizeof(uint), cudaMemcpyHostToDevice));
  initMergeSort();

  // The sources are read only: nothing to reset between runs.
  real::time_runs(
      o, [] {},
      [&] { mergeSort(d_DstKey, d_DstVal, d_BufKey, d_BufVal, d_SrcKey, d_SrcVal, N, DIR); });

  real::hash h;
  h.add_device(d_DstKey, N);
  h.add_device(d_DstVal, N);
  real::print_hash(h);
  closeMergeSort();
  return 0;
}
