// real-repo: NVIDIA/cuda-samples
// real-source: Samples/2_Concepts_and_Techniques/sortingNetworks/bitonicSort.cu
// real-source: Samples/2_Concepts_and_Techniques/sortingNetworks/oddEvenMergeSort.cu
// real-flags: -I$SRC/NVIDIA/cuda-samples/Common
// cuda-samples sortingNetworks: bitonic sort and odd-even merge sort of
// key-value uints, 1024-element tiles sorted in shared memory, longer arrays
// merged by global and shared merge steps. Our main replaces the sample's
// main.cpp: its N = 1M keys below 65536 and values 0..N-1, descending (its
// DIR 0); one timed run sorts with the sample's host functions bitonicSort()
// and oddEvenMergeSort(), each as a batch of 1024-element arrays and as one
// array of N, into four outputs.
#include "../real.cuh"

#include "NVIDIA/cuda-samples/Samples/2_Concepts_and_Techniques/sortingNetworks/bitonicSort.cu"
#include "NVIDIA/cuda-samples/Samples/2_Concepts_and_Techniques/sortingNetworks/oddEvenMergeSort.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const uint N = o.small ? 16384 : 1048576, DIR = 0, numValues = 65536;
  const uint lengths[2] = {SHARED_SIZE_LIMIT, N};

  std::vector<uint> key(N), val(N);
  real::lcg g(2001);
  for (uint i = 0; i < N; i++) {
    key[i] = g.below(numValues);
    val[i] = i;
  }
  uint *d_InputKey, *d_InputVal, *d_OutKey[4], *d_OutVal[4];
  REAL_CHECK(cudaMalloc((void **)&d_InputKey, N * sizeof(uint)));
  REAL_CHECK(cudaMalloc((void **)&d_InputVal, N * sizeof(uint)));
  for (int i = 0; i < 4; i++) {
    REAL_CHECK(cudaMalloc((void **)&d_OutKey[i], N * sizeof(uint)));
    REAL_CHECK(cudaMalloc((void **)&d_OutVal[i], N * sizeof(uint)));
  }
  REAL_CHECK(cudaMemcpy(d_InputKey, key.data(), N * sizeof(uint), cudaMemcpyHostToDevice));
  REAL_CHECK(cudaMemcpy(d_InputVal, val.data(), N * sizeof(uint), cudaMemcpyHostToDevice));

  // The inputs are read only: nothing to reset between runs.
  real::time_runs(o, [] {}, [&] {
    for (int l = 0; l < 2; l++) {
      bitonicSort(d_OutKey[l], d_OutVal[l], d_InputKey, d_InputVal, N / lengths[l], lengths[l], DIR);
      oddEvenMergeSort(d_OutKey[2 + l], d_OutVal[2 + l], d_InputKey, d_InputVal, N / lengths[l],
                       lengths[l], DIR);
    }
  });

  real::hash h;
  for (int i = 0; i < 4; i++) {
    h.add_device(d_OutKey[i], N);
    h.add_device(d_OutVal[i], N);
  }
  real::print_hash(h);
  return 0;
}
