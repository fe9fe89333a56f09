// Hand-written references for the bitonic sort (bench/bitonic_sort.cu),
// built with nvcc: the tile moved into shared memory by hand cp.async, two
// 4-byte copies a thread or one 16-byte chunk a thread for the first 256
// threads (the tile is 4 KiB), one wait before the first stage's barrier;
// the same network after it. Same output bit for bit.
#include "../bench.cuh"
#include "cp_async.cuh"

constexpr int kTile = 1024;

__device__ inline void sort_and_write(int *keys, int *dst) {
  int t = threadIdx.x;
  for (int size = 2; size <= kTile; size <<= 1) {
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
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

__global__ void bitonic_sort_cp_async4(int *out, const int *in) {
  __shared__ int keys[kTile];
  int t = threadIdx.x;
  const int *src = in + (size_t)blockIdx.x * kTile;
  cp_async<4>(&keys[t], &src[t]);
  cp_async<4>(&keys[t + kTile / 2], &src[t + kTile / 2]);
  cp_async_commit();
  cp_async_wait<0>();
  sort_and_write(keys, out + (size_t)blockIdx.x * kTile);
}

__global__ void bitonic_sort_cp_async16(int *out, const int *in) {
  __shared__ __align__(16) int keys[kTile];
  int t = threadIdx.x;
  const int *src = in + (size_t)blockIdx.x * kTile;
  if (t < kTile / 4)
    cp_async<16>(&keys[4 * t], &src[4 * t]);
  cp_async_commit();
  cp_async_wait<0>();
  sort_and_write(keys, out + (size_t)blockIdx.x * kTile);
}

int main() {
  bench::Buffers<int> problem(bench::kBandwidthElements, bench::kBandwidthElements, [](std::vector<int> &v) {
    for (size_t i = 0; i < v.size(); i++)
      v[i] = bench::input_int(i);
  });
  double bytes = 2.0 * bench::kBandwidthElements * sizeof(int);
  unsigned blocks = bench::kBandwidthElements / kTile;
  problem.measure("bitonic_sort", "tiles_of_1024", "hand cp.async 4 B", bytes,
                  [&](int *out, const int *in) { bitonic_sort_cp_async4<<<blocks, kTile / 2>>>(out, in); });
  problem.measure("bitonic_sort", "tiles_of_1024", "hand cp.async 16 B", bytes,
                  [&](int *out, const int *in) { bitonic_sort_cp_async16<<<blocks, kTile / 2>>>(out, in); });
  return 0;
}
