// Benchmark: one step of a merge sort as legacy CUDA, in the shape of
// public merge sorts: each block of kMergeRun threads loads two adjacent
// sorted runs into one shared tile (two copies a thread, the second
// blockDim.x further on), and every output element finds its place by a
// co-rank (merge path) binary search over the two runs in shared memory,
// ties going to the first run. 256 MiB of ints in sorted runs of 256 in,
// runs of 512 out. Built by clang without and with ferry;
// reference/merge_step.cu is the same kernel with hand cp.async.
#include "bench.cuh"

using bench::kMergeRun;

__global__ void merge_step(int *out, const int *in) {
  __shared__ int runs[2 * kMergeRun];
  int t = threadIdx.x, m = blockDim.x;
  size_t base = (size_t)blockIdx.x * 2 * m;
  runs[t] = in[base + t];
  runs[t + m] = in[base + m + t];
  __syncthreads();
  const int *a = runs, *b = runs + m;
  for (int k = t; k < 2 * m; k += m) {
    // How many of the first k outputs come from a: the first i at which
    // a[i] no longer goes before b[k - i - 1].
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

int main() {
  bench::Buffers<int> problem(bench::kBandwidthElements, bench::kBandwidthElements, bench::merge_input);
  problem.measure("merge_step", "runs_of_256", "", 2.0 * bench::kBandwidthElements * sizeof(int),
                  [](int *out, const int *in) {
                    merge_step<<<bench::kBandwidthElements / (2 * kMergeRun), kMergeRun>>>(out, in);
                  });
  return 0;
}
