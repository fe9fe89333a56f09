// expect: cp.async
// expect-converted: 3
// expect-remark: pipelined its loop over
//
// Loops counted by `long long` (issue 16): `k < hi` counting by 4 with hi
// not on the step, `k <= hi` counting by 1 (clang exits when k == hi), and
// `k != hi` counting by 1. Each is pipelined (16 stages of a 512-byte
// tile); with counters of 64 bits the ring asks the counter itself whether
// an iteration S-1 ahead runs. Trip counts 0..20, from an ordinary start
// and up to the end of the type (hi == LLONG_MAX for `<=`, within a step
// of it for `<`): nothing may wrap into an endless or an empty loop. Every
// output is compared with a CPU reference and, by run.sh, bit for bit with
// the plain build.
#include "harness.cuh"

#include <climits>

constexpr int kThreads = 128, kBlocks = 3;

// Iteration j reads tile j of its block and accumulates tile[t] * 3 +
// tile[t + 1].
__device__ __forceinline__ unsigned mix(const unsigned *tile, unsigned t) {
  return tile[t] * 3u + tile[(t + 1) % kThreads];
}

__global__ void less_by_4(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                          long long lo, long long hi) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  for (long long k = lo; k < hi; k += 4) {
    tile[t] = in[((unsigned long long)(k - lo) / 4 * kBlocks + blockIdx.x) * kThreads + t];
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

__global__ void less_equal(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                           long long lo, long long hi) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  for (long long k = lo; k <= hi; k++) {
    tile[t] = in[((unsigned long long)(k - lo) * kBlocks + blockIdx.x) * kThreads + t];
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

__global__ void not_equal(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                          long long lo, long long hi) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  for (long long k = lo; k != hi; k++) {
    tile[t] = in[((unsigned long long)(k - lo) * kBlocks + blockIdx.x) * kThreads + t];
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

enum Shape { kLessBy4, kLessEqual, kNotEqual };

// Launches one shape for `trips` iterations from `lo` (up to the type's end
// when `at_end`), checks it against the CPU, appends its output.
static int check(harness::Rng &rng, harness::Output &out, Shape shape, int trips, bool at_end) {
  size_t tiles = (size_t)(trips ? trips : 1) * kBlocks;
  std::vector<unsigned> in(tiles * kThreads);
  for (unsigned &v : in)
    v = (unsigned)rng.next() | 1u;
  unsigned *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>(kBlocks * kThreads);
  long long lo = 0, hi = 0;
  const char *name = "";
  switch (shape) {
  case kLessBy4: /* hi past the last k by 1 + trips % 4 (at most a step) */
    name = "less_by_4";
    hi = at_end ? LLONG_MAX - 3 + trips % 4 : 1000000000000LL;
    lo = trips ? hi - 1 - trips % 4 - 4LL * (trips - 1) : hi + trips % 3;
    less_by_4<<<kBlocks, kThreads>>>(d_out, d_in, lo, hi);
    break;
  case kLessEqual:
    name = "less_equal";
    hi = at_end ? LLONG_MAX : -5000000000LL;
    lo = trips ? hi - (trips - 1) : hi + 1;
    if (at_end && !trips) /* none, hi + 1 being out of range: lo = hi + 1 */
      lo = hi, hi = hi - 1;
    less_equal<<<kBlocks, kThreads>>>(d_out, d_in, lo, hi);
    break;
  case kNotEqual:
    name = "not_equal";
    lo = at_end ? LLONG_MAX - trips : -3;
    hi = lo + trips;
    not_equal<<<kBlocks, kThreads>>>(d_out, d_in, lo, hi);
    break;
  }
  CHECK_LAUNCH();
  std::vector<unsigned> got = harness::host_copy(d_out, kBlocks * kThreads);
  std::vector<unsigned> want(kBlocks * kThreads, 0);
  for (int j = 0; j < trips; j++)
    for (int b = 0; b < kBlocks; b++)
      for (int t = 0; t < kThreads; t++) {
        const unsigned *tile = &in[((size_t)j * kBlocks + b) * kThreads];
        want[b * kThreads + t] += tile[t] * 3u + tile[(t + 1) % kThreads];
      }
  char what[128];
  std::snprintf(what, sizeof what, "%s trips=%d lo=%lld hi=%lld", name, trips, lo, hi);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x64B17);
  harness::Output out;
  int failures = 0;
  for (int trips = 0; trips <= 20; trips++)
    for (bool at_end : {false, true}) {
      failures += check(rng, out, kLessBy4, trips, at_end);
      failures += check(rng, out, kLessEqual, trips, at_end);
      failures += check(rng, out, kNotEqual, trips, at_end);
    }
  return harness::finish("loop_wide_counter", out, argv[1], failures);
}
