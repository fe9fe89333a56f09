// expect: cp.async
// expect-converted: 4
// expect-remark: pipelined its loop over
//
// Loop shapes whose trip count ferry-pipeline reads off the latch's test
// (issue 16): `k <= hi` (clang exits when k == hi, the counter itself
// tested), `k != hi` counting by 4, `k <= hi` counting by 4 with hi not
// on the step, and an unsigned do-while whose first increment wraps
// (k = UINT_MAX, then 0 .. hi-1). Each kernel is pipelined (16 stages of
// a 512-byte tile); trip counts 0..20 exercise the prologue's guards and
// the in-loop issue on both sides of the stage count, and `k <= hi` runs
// again with hi == INT_MAX (lo = INT_MAX - trips + 1): neither an endless
// nor an empty loop. Every output is compared with a CPU reference and, by
// run.sh, bit for bit with the plain build.
#include "harness.cuh"

#include <climits>

constexpr int kThreads = 128, kBlocks = 3;

// Iteration j of every kernel reads tile j of its block: in[(j * kBlocks +
// block) * kThreads + t], and accumulates tile[t] * 3 + tile[t + 1].
__device__ __forceinline__ unsigned mix(const unsigned *tile, unsigned t) {
  return tile[t] * 3u + tile[(t + 1) % kThreads];
}

__global__ void less_equal(unsigned *__restrict__ out, const unsigned *__restrict__ in, int lo,
                           int hi) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  for (int k = lo; k <= hi; k++) {
    tile[t] = in[((unsigned)(k - lo) * kBlocks + blockIdx.x) * kThreads + t];
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

__global__ void not_equal_by_4(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                               int lo, int hi) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  for (int k = lo; k != hi; k += 4) {
    tile[t] = in[((unsigned)(k - lo) / 4 * kBlocks + blockIdx.x) * kThreads + t];
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

__global__ void less_equal_by_4(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                                int lo, int hi) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  for (int k = lo; k <= hi; k += 4) {
    tile[t] = in[((unsigned)(k - lo) / 4 * kBlocks + blockIdx.x) * kThreads + t];
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

// Runs at least once: k = lo, then while ++k < hi. With lo = UINT_MAX the
// first increment wraps to 0, and the loop runs hi + 1 times.
__global__ void wrapping_do_while(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                                  unsigned lo, unsigned hi) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  unsigned k = lo;
  do {
    tile[t] = in[((k - lo) * kBlocks + blockIdx.x) * kThreads + t];
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  } while (++k < hi);
  out[blockIdx.x * kThreads + t] = acc;
}

enum Shape { kLessEqual, kNotEqualBy4, kLessEqualBy4, kWrappingDoWhile };

// Launches one shape for `trips` iterations from `lo`, checks it against
// the CPU, appends its output.
static int check(harness::Rng &rng, harness::Output &out, Shape shape, int trips, int lo) {
  size_t tiles = (size_t)(trips ? trips : 1) * kBlocks;
  std::vector<unsigned> in(tiles * kThreads);
  for (unsigned &v : in)
    v = (unsigned)rng.next() | 1u;
  unsigned *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>(kBlocks * kThreads);
  const char *name = "";
  switch (shape) {
  case kLessEqual: /* hi = lo + trips - 1, computed without overflow */
    name = "less_equal";
    less_equal<<<kBlocks, kThreads>>>(d_out, d_in, lo, (int)((long long)lo + trips - 1));
    break;
  case kNotEqualBy4:
    name = "not_equal_by_4";
    not_equal_by_4<<<kBlocks, kThreads>>>(d_out, d_in, lo, lo + 4 * trips);
    break;
  case kLessEqualBy4: /* hi past the last k by trips % 4 (never a whole step) */
    name = "less_equal_by_4";
    less_equal_by_4<<<kBlocks, kThreads>>>(d_out, d_in, lo,
                                           trips ? lo + 4 * (trips - 1) + trips % 4 : lo - 1);
    break;
  case kWrappingDoWhile: /* trips >= 1: UINT_MAX, 0, ..., trips - 2 */
    name = "wrapping_do_while";
    wrapping_do_while<<<kBlocks, kThreads>>>(d_out, d_in, UINT_MAX, (unsigned)(trips - 1));
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
  char what[96];
  std::snprintf(what, sizeof what, "%s trips=%d lo=%d", name, trips, lo);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x100B5);
  harness::Output out;
  int failures = 0;
  for (int trips = 0; trips <= 20; trips++) {
    failures += check(rng, out, kLessEqual, trips, -7);
    /* Up to INT_MAX exactly; no trips: lo = INT_MAX, hi = INT_MAX - 1. */
    failures += check(rng, out, kLessEqual, trips, trips ? INT_MAX - trips + 1 : INT_MAX);
    failures += check(rng, out, kNotEqualBy4, trips, 5);
    failures += check(rng, out, kLessEqualBy4, trips, -30);
    if (trips)
      failures += check(rng, out, kWrappingDoWhile, trips, -1);
  }
  return harness::finish("loop_bounds", out, argv[1], failures);
}
