// real-repo: NVIDIA/cuda-samples
// real-source: Samples/2_Concepts_and_Techniques/scan/scan.cu
// real-flags: -I$SRC/NVIDIA/cuda-samples/Common
// cuda-samples scan: batched exclusive prefix sums of uints, short arrays
// (4..1024) in one shared-memory pass, large ones (2048..262144) in three
// (block scans, a scan of their tops, uniformUpdate adding one shared value
// per block). Our main replaces the sample's main.cpp: its N = 6.5M random
// uints, and one timed run is one call of scanExclusiveShort() for every
// short length and of scanExclusiveLarge() for every large one, as its two
// loops make them, each length into its own output.
#include "../real.cuh"

#include "NVIDIA/cuda-samples/Samples/2_Concepts_and_Techniques/scan/scan.cu"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  // A multiple of MAX_LARGE_ARRAY_SIZE, at most MAX_BATCH_ELEMENTS.
  const uint N = o.small ? MAX_LARGE_ARRAY_SIZE : 13 * 1048576 / 2;
  std::vector<uint> lengths;
  for (uint l = MIN_SHORT_ARRAY_SIZE; l <= MAX_SHORT_ARRAY_SIZE; l <<= 1)
    lengths.push_back(l);
  for (uint l = MIN_LARGE_ARRAY_SIZE; l <= MAX_LARGE_ARRAY_SIZE; l <<= 1)
    lengths.push_back(l);

  std::vector<uint> input(N);
  real::lcg g(2009);
  for (uint &x : input)
    x = g.next();
  uint *d_Input;
  std::vector<uint *> d_Output(lengths.size());
  REAL_CHECK(cudaMalloc((void **)&d_Input, N * sizeof(uint)));
  for (uint *&p : d_Output)
    REAL_CHECK(cudaMalloc((void **)&p, N * sizeof(uint)));
  REAL_CHECK(cudaMemcpy(d_Input, input.data(), N * sizeof(uint), cudaMemcpyHostToDevice));
  initScan();

  // The input is read only: nothing to reset between runs.
  real::time_runs(o, [] {}, [&] {
    for (size_t i = 0; i < lengths.size(); i++) {
      if (lengths[i] <= MAX_SHORT_ARRAY_SIZE)
        scanExclusiveShort(d_Output[i], d_Input, N / lengths[i], lengths[i]);
      else
        scanExclusiveLarge(d_Output[i], d_Input, N / lengths[i], lengths[i]);
    }
  });

  real::hash h;
  for (uint *p : d_Output)
    h.add_device(p, N);
  real::print_hash(h);
  closeScan();
  return 0;
}
