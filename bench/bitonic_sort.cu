// Benchmark: a bitonic sort of tiles in shared memory as legacy CUDA, in
// the shape of the CUDA samples' sorting networks: each block of 512
// threads loads a tile of 1024 ints (two copies a thread, half a tile
// apart), sorts it ascending with a compare-exchange per thread per stage
// and a __syncthreads before each stage, and writes it back. 256 MiB of
// ints in and out. Built by clang without and with ferry;
// reference/bitonic_sort.cu is the same kernel with hand cp.async.
#include "bench.cuh"

constexpr int kTile = 1024;

__global__ void bitonic_sort(int *out, const int *in) {
  __shared__ int keys[kTile];
  int t = threadIdx.x;
  const int *src = in + (size_t)blockIdx.x * kTile;
  int *dst = out + (size_t)blockIdx.x * kTile;
  keys[t] = src[t];
  keys[t + kTile / 2] = src[t + kTile / 2];
  for (int size = 2; size <= kTile; size <<= 1) {
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      // The pair (pos, pos + stride); runs of `size` alternate direction,
      // so that two of them form a bitonic sequence of twice the size.
      int pos = 2 * t - (t & (stride - 1));
      bool ascending = (pos & size) == 0;
      int x = keys[pos], y = keys[pos + stride];
      if ((x > y) == ascending) {
        keys[pos] = y;
        keys[pos + stride] = x;
      }
    }
  }
  __syncthreads();
  dst[t] = keys[t];
  dst[t + kTile / 2] = keys[t + kTile / 2];
}

int main() {
  bench::Buffers<int> problem(bench::kBandwidthElements, bench::kBandwidthElements, [](std::vector<int> &v) {
    for (size_t i = 0; i < v.size(); i++)
      v[i] = bench::input_int(i);
  });
  problem.measure("bitonic_sort", "tiles_of_1024", "", 2.0 * bench::kBandwidthElements * sizeof(int),
                  [](int *out, const int *in) {
                    bitonic_sort<<<bench::kBandwidthElements / kTile, kTile / 2>>>(out, in);
                  });
  return 0;
}
