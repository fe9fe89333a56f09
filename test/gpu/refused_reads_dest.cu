// expect: cp.async
// expect-remark: staged the copy's load
// expect-remark: the loaded value's other uses read it back from the iteration's slot after the barrier
//
// Each thread reads its own destination element between the copy and the
// barrier. An asynchronous copy would not have landed yet, so ferry must
// not let that read see it early (`-Rpass-missed=ferry` says why where it
// refuses), and the plugin build must compute exactly what the plain build
// does.
//   reads_own_copy: `tile[t] = in[i]; int mine = tile[t];` clang forwards
//     the stored value, so the IR shows the loaded value used twice, the
//     second use after the barrier: since issue 13's shape 5 ferry converts
//     the copy, pipelines its loop and reads `mine` back from the
//     iteration's slot of the ring after the barrier (no read of the
//     destination is left before it);
//   reads_through_index: the read goes through an index loaded from memory
//     (an identity permutation), which no compiler can forward, so the IR
//     keeps a shared load that may read the destination: refused as an
//     asynchronous copy, its load staged instead (issued iterations ahead
//     into the thread's own slots, the store as written taking the value
//     from its slot after the thread's wait: the read sees the stored
//     value, as written).
#include "harness.cuh"

constexpr int kBlock = 64;

__global__ void reads_own_copy(int *out, const int *in, int batches) {
  __shared__ int tile[kBlock];
  int t = threadIdx.x;
  for (int batch = 0; batch < batches; batch++) {
    size_t i = ((size_t)batch * gridDim.x + blockIdx.x) * kBlock + t;
    tile[t] = in[i];
    int mine = tile[t]; // reads the destination before the barrier
    __syncthreads();
    out[i] = 2 * mine - tile[(t + 1) % kBlock];
    __syncthreads();
  }
}

__global__ void reads_through_index(int *out, const int *in, const int *perm,
                                    int batches) {
  __shared__ int tile[kBlock];
  int t = threadIdx.x;
  for (int batch = 0; batch < batches; batch++) {
    size_t i = ((size_t)batch * gridDim.x + blockIdx.x) * kBlock + t;
    tile[t] = in[i];
    int mine = tile[perm[t]]; // perm[t] == t: the thread's own element
    __syncthreads();
    out[i] = mine + 3 * tile[(t + kBlock - 1) % kBlock];
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xBADC0DE);
  harness::Output out;
  int failures = 0;
  std::vector<int> perm(kBlock);
  for (int t = 0; t < kBlock; t++)
    perm[t] = t;
  int *d_perm = harness::device_copy(perm);
  struct { int grid, batches; } configs[] = {{1, 2}, {9, 3}};
  for (auto c : configs) {
    size_t n = (size_t)c.grid * c.batches * kBlock;
    std::vector<int> in(n), want(n);
    for (int &v : in)
      v = rng.nonzero_int(1 << 24);
    int *d_in = harness::device_copy(in);
    char what[64];

    for (size_t i = 0; i < n; i++)
      want[i] = 2 * in[i] - in[i - i % kBlock + (i % kBlock + 1) % kBlock];
    int *d_out = harness::device_poisoned<int>(n);
    reads_own_copy<<<c.grid, kBlock>>>(d_out, d_in, c.batches);
    CHECK_LAUNCH();
    std::vector<int> got = harness::host_copy(d_out, n);
    std::snprintf(what, sizeof what, "reads_own_copy grid=%d batches=%d", c.grid, c.batches);
    if (harness::count_mismatches(what, got, want))
      failures++;
    out.append(got);
    CHECK(cudaFree(d_out));

    for (size_t i = 0; i < n; i++)
      want[i] = in[i] + 3 * in[i - i % kBlock + (i % kBlock + kBlock - 1) % kBlock];
    d_out = harness::device_poisoned<int>(n);
    reads_through_index<<<c.grid, kBlock>>>(d_out, d_in, d_perm, c.batches);
    CHECK_LAUNCH();
    got = harness::host_copy(d_out, n);
    std::snprintf(what, sizeof what, "reads_through_index grid=%d batches=%d", c.grid,
                  c.batches);
    if (harness::count_mismatches(what, got, want))
      failures++;
    out.append(got);
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_in));
  }
  CHECK(cudaFree(d_perm));
  return harness::finish("refused_reads_dest", out, argv[1], failures);
}
