// real-repo: vetter/shoc
// real-source: src/cuda/level1/sort/Sort.cu
// real-source: src/cuda/level1/sort/sort_kernel.cu
// real-source: src/common/OptionParser.cpp
// real-source: src/common/Option.cpp
// real-source: src/common/ResultDatabase.cpp
// real-flags: -I$SRC/vetter/shoc/src/common -I$SRC/vetter/shoc/src/cuda/common -I$SRC/vetter/shoc/src/cuda/level1/sort
// SHOC Sort: LSD radix sort of key-value uints, 4 bits a pass (radixSortBlocks
// sorts 512-element blocks in shared memory, findRadixOffsets counts digits,
// a recursive scan, reorderData scatters). Sort.cu's RunBenchmark needs
// SHOC's option parser and result database (their .cpp files are included
// so that it links; it is never called); our main allocates as it does and
// one timed run is its timed loop: radixSortStep for bits 0..31, 4 at a time.
// Its size 3 (48 MiB of keys: 12M pairs); random keys, values 0..N-1.
#include "../real.cuh"

// Sort.cu calls max(int, unsigned) on the host, which CUDA's headers declare
// for nvcc (as the unsigned maximum) and clang's do not: ours, the same.
__host__ inline unsigned int max(int a, unsigned int b) { return (unsigned int)a > b ? (unsigned int)a : b; }

#include "vetter/shoc/src/cuda/level1/sort/Sort.cu"
#include "vetter/shoc/src/cuda/level1/sort/sort_kernel.cu"
#include "vetter/shoc/src/common/Option.cpp"
#include "vetter/shoc/src/common/OptionParser.cpp"
#include "vetter/shoc/src/common/ResultDatabase.cpp"

int main(int argc, char **argv) {
  real::options o = real::parse(argc, argv);
  const uint size = (o.small ? 256 * 1024 : 48 * 1024 * 1024) / sizeof(uint); // a multiple of 1024
  const uint bytes = size * sizeof(uint);

  // The scan's block sums, one array a level, as RunBenchmark allocates them.
  std::vector<uint *> scanBlockSums;
  uint numScanElts = size;
  do {
    uint numBlocks = std::max(1, (int)ceil((float)numScanElts / (4 * SCAN_BLOCK_SIZE)));
    if (numBlocks > 1) {
      scanBlockSums.push_back(nullptr);
      REAL_CHECK(cudaMalloc((void **)&scanBlockSums.back(), numBlocks * sizeof(uint)));
    }
    numScanElts = numBlocks;
  } while (numScanElts > 1);
  scanBlockSums.push_back(nullptr);
  REAL_CHECK(cudaMalloc((void **)&scanBlockSums.back(), sizeof(uint)));

  uint *dKeys, *dVals, *dTempKeys, *dTempVals;
  REAL_CHECK(cudaMalloc((void **)&dKeys, bytes));
  REAL_CHECK(cudaMalloc((void **)&dVals, bytes));
  REAL_CHECK(cudaMalloc((void **)&dTempKeys, bytes));
  REAL_CHECK(cudaMalloc((void **)&dTempVals, bytes));
  size_t numSortGroups = size / (4 * SORT_BLOCK_SIZE);
  uint *dCounters, *dCounterSums, *dBlockOffsets;
  REAL_CHECK(cudaMalloc((void **)&dCounters, WARP_SIZE * numSortGroups * sizeof(uint)));
  REAL_CHECK(cudaMalloc((void **)&dCounterSums, WARP_SIZE * numSortGroups * sizeof(uint)));
  REAL_CHECK(cudaMalloc((void **)&dBlockOffsets, WARP_SIZE * numSortGroups * sizeof(uint)));

  std::vector<uint> hKeys(size), hVals(size);
  real::lcg g(96);
  for (uint i = 0; i < size; i++) {
    hKeys[i] = g.next();
    hVals[i] = i;
  }

  // The sort is in place: the inputs are reloaded before every run.
  real::time_runs(
      o,
      [&] {
        REAL_CHECK(cudaMemcpy(dKeys, hKeys.data(), bytes, cudaMemcpyHostToDevice));
        REAL_CHECK(cudaMemcpy(dVals, hVals.data(), bytes, cudaMemcpyHostToDevice));
      },
      [&] {
        for (int i = 0; i < SORT_BITS; i += 4)
          radixSortStep(4, i, (uint4 *)dKeys, (uint4 *)dVals, (uint4 *)dTempKeys, (uint4 *)dTempVals,
                        dCounters, dCounterSums, dBlockOffsets, scanBlockSums.data(), size);
      });

  real::hash h;
  h.add_device(dKeys, size);
  h.add_device(dVals, size);
  real::print_hash(h);
  return 0;
}
