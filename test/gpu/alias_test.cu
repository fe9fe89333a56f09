// expect: cp.async
// expect-converted: 1
// expect-remark: versioned on a run-time test that its source misses what the store
//
// A store between the copy and its barrier that may write the copy's source
// (issue 12): the copy is versioned on each thread's run-time test that its
// source misses the store's bytes. Launched with disjoint buffers (every
// thread's test passes: cp.async) and with out == in (every thread's fails:
// the load and store as written, then the store overwrites the source, as
// in the plain build), and with out == in for the odd blocks only. No two
// threads touch one element before the barrier, so the plain build's
// result is defined in every launch.
#include "harness.cuh"

__global__ void store_between(int *out, const int *in, int *const *outs) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  size_t i = (size_t)blockIdx.x * 256 + t;
  int *o = outs ? outs[blockIdx.x & 1] : out;
  tile[t] = in[i];
  o[i] = (int)t + 1;
  __syncthreads();
  o[i] += tile[255 - t] * 3;
}

static int run(harness::Rng &rng, harness::Output &out, int blocks, int mode) {
  size_t n = (size_t)blocks * 256;
  std::vector<int> in(n);
  for (int &v : in)
    v = rng.nonzero_int(1 << 20);
  int *d_in = harness::device_copy(in);
  int *d_out = harness::device_poisoned<int>(n);
  int **d_outs = nullptr;
  int *target = mode == 0 ? d_out : d_in;
  if (mode == 2) {
    std::vector<int *> outs = {d_out, d_in}; // even blocks to out, odd in place
    CHECK(cudaMalloc(&d_outs, 2 * sizeof(int *)));
    CHECK(cudaMemcpy(d_outs, outs.data(), 2 * sizeof(int *), cudaMemcpyHostToDevice));
  }
  store_between<<<blocks, 256>>>(target, d_in, d_outs);
  CHECK_LAUNCH();
  std::vector<int> got_out = harness::host_copy(d_out, n), got_in = harness::host_copy(d_in, n);
  std::vector<int> want_out(n), want_in = in;
  std::memset(want_out.data(), harness::kPoisonByte, n * sizeof(int));
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < 256; t++) {
      size_t i = (size_t)b * 256 + t;
      bool in_place = mode == 1 || (mode == 2 && (b & 1));
      int value = t + 1 + in[(size_t)b * 256 + 255 - t] * 3;
      (in_place ? want_in : want_out)[i] = value;
    }
  char what[64];
  std::snprintf(what, sizeof what, "store_between blocks=%d mode=%d", blocks, mode);
  int failures = (harness::count_mismatches(what, got_out, want_out) ? 1 : 0) +
                 (harness::count_mismatches(what, got_in, want_in) ? 1 : 0);
  out.append(got_out);
  out.append(got_in);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  if (d_outs)
    CHECK(cudaFree(d_outs));
  return failures;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xA11A5);
  harness::Output out;
  int failures = 0;
  for (int blocks : {1, 6})
    for (int mode : {0, 1, 2})
      failures += run(rng, out, blocks, mode);
  if (!out.write(argv[1]))
    failures++;
  std::printf("alias_test: %d failures\n", failures);
  return failures ? 1 : 0;
}
