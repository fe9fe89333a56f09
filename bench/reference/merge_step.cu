// Hand-written references for the merge step (bench/merge_step.cu), built
// with nvcc: the same two runs a block moved into shared memory by hand
// cp.async, two 4-byte copies a thread or one 16-byte chunk a thread for
// the first 128 threads (the tile is 2 KiB), one wait before the barrier;
// the same co-rank merge after it. Same output bit for bit.
#include "../bench.cuh"
#include "cp_async.cuh"

using bench::kMergeRun;

__device__ inline void merge_from_shared(int *out, const int *runs, size_t base) {
  int t = threadIdx.x, m = blockDim.x;
  const int *a = runs, *b = runs + m;
  for (int k = t; k < 2 * m; k += m) {
    int lo = max(0, k - m), hi = min(k, m);
    while (lo < hi) {
      int i = (lo + hi) / 2;
      if (a[i] <= b[k - i - 1])
        lo = i + 1;
      else
        hi = i;
    }
    int i = lo, j = k - lo;
    out[base + k] = (j >= m || (i < m && a[i] <= b[j])) ? a[i] : b[j];
  }
}

__global__ void merge_step_cp_async4(int *out, const int *in) {
  __shared__ int runs[2 * kMergeRun];
  int t = threadIdx.x, m = blockDim.x;
  size_t base = (size_t)blockIdx.x * 2 * m;
  cp_async<4>(&runs[t], &in[base + t]);
  cp_async<4>(&runs[t + m], &in[base + m + t]);
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();
  merge_from_shared(out, runs, base);
}

__global__ void merge_step_cp_async16(int *out, const int *in) {
  __shared__ __align__(16) int runs[2 * kMergeRun];
  int t = threadIdx.x, m = blockDim.x;
  size_t base = (size_t)blockIdx.x * 2 * m;
  if (t < 2 * m / 4)
    cp_async<16>(&runs[4 * t], &in[base + 4 * t]);
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();
  merge_from_shared(out, runs, base);
}

int main() {
  bench::Buffers<int> problem(bench::kBandwidthElements, bench::kBandwidthElements, bench::merge_input);
  double bytes = 2.0 * bench::kBandwidthElements * sizeof(int);
  unsigned blocks = bench::kBandwidthElements / (2 * kMergeRun);
  problem.measure("merge_step", "runs_of_256", "hand cp.async 4 B", bytes,
                  [&](int *out, const int *in) { merge_step_cp_async4<<<blocks, kMergeRun>>>(out, in); });
  problem.measure("merge_step", "runs_of_256", "hand cp.async 16 B", bytes,
                  [&](int *out, const int *in) { merge_step_cp_async16<<<blocks, kMergeRun>>>(out, in); });
  return 0;
}
