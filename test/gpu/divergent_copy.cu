// expect: cp.async
// expect-converted: 2
// ferry-flags: -mllvm -ferry-lone-copy=false
// want-converted: 4
//
// Copies under a condition, with a tail block (n is not a multiple of the
// block size), and a barrier after: `if (tid < n) tile[t] = in[tid];
// __syncthreads();`. Converting is legal because cp.async is per thread: a
// thread that skips the copy issues nothing, and every thread still commits
// and waits for its own group before the barrier. ferry should convert every
// guarded copy here: the body copy of both kernels and the two halo copies
// of the stencil.
#include "harness.cuh"

constexpr int kBlock = 128;

// out[i] = 5 * in[i] - in[i + 1] (the right neighbour only inside the block
// and the array).
__global__ void guarded_copy(int *out, const int *in, int n) {
  __shared__ int tile[kBlock];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n)
    tile[threadIdx.x] = in[tid];
  __syncthreads();
  if (tid < n) {
    int right = (threadIdx.x + 1 < blockDim.x && tid + 1 < n) ? tile[threadIdx.x + 1] : 0;
    out[tid] = 5 * tile[threadIdx.x] - right;
  }
}

// 3-point stencil with halo cells loaded by the edge threads, each under its
// own condition; out-of-range neighbours count as 0.
__global__ void halo_stencil(int *out, const int *in, int n) {
  __shared__ int tile[kBlock + 2];
  int t = threadIdx.x;
  int gid = blockIdx.x * kBlock + t;
  if (gid < n)
    tile[t + 1] = in[gid];
  if (t == 0 && gid > 0)
    tile[0] = in[gid - 1];
  if (t == kBlock - 1 && gid + 1 < n)
    tile[kBlock + 1] = in[gid + 1];
  __syncthreads();
  if (gid < n) {
    int left = gid > 0 ? tile[t] : 0;
    int right = gid + 1 < n ? tile[t + 2] : 0;
    out[gid] = left - 3 * tile[t + 1] + 7 * right;
  }
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xD1CE);
  harness::Output out;
  int failures = 0;
  const int sizes[] = {1, 77, 128, 129, 1000, 4099};
  for (int n : sizes) {
    std::vector<int> in(n);
    for (int &v : in)
      v = rng.nonzero_int(1 << 24);
    int *d_in = harness::device_copy(in);
    int blocks = (n + kBlock - 1) / kBlock;

    std::vector<int> want(n);
    for (int i = 0; i < n; i++) {
      bool right_in_block = (i % kBlock) + 1 < kBlock && i + 1 < n;
      want[i] = 5 * in[i] - (right_in_block ? in[i + 1] : 0);
    }
    int *d_out = harness::device_poisoned<int>(n);
    guarded_copy<<<blocks, kBlock>>>(d_out, d_in, n);
    CHECK_LAUNCH();
    std::vector<int> got = harness::host_copy(d_out, n);
    char what[64];
    std::snprintf(what, sizeof what, "guarded_copy n=%d", n);
    if (harness::count_mismatches(what, got, want))
      failures++;
    out.append(got);
    CHECK(cudaFree(d_out));

    for (int i = 0; i < n; i++)
      want[i] = (i > 0 ? in[i - 1] : 0) - 3 * in[i] + 7 * (i + 1 < n ? in[i + 1] : 0);
    d_out = harness::device_poisoned<int>(n);
    halo_stencil<<<blocks, kBlock>>>(d_out, d_in, n);
    CHECK_LAUNCH();
    got = harness::host_copy(d_out, n);
    std::snprintf(what, sizeof what, "halo_stencil n=%d", n);
    if (harness::count_mismatches(what, got, want))
      failures++;
    out.append(got);
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_in));
  }
  return harness::finish("divergent_copy", out, argv[1], failures);
}
