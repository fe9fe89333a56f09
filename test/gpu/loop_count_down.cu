// expect: cp.async
// expect-converted: 4
// expect-remark: pipelined its loop over
// expect-remark: behind a range check before the loop
//
// Copy loops counting down, as legacy kernels walk their tiles from the end
// (HeCBench's tsp-cuda: `for (jj = cities - 1; jj >= ii + 2; jj -=
// tilesize)`): `k = n - 1; k >= 0; k--` (clang tests k + 1 > 1, unsigned),
// `k = n - T; k >= 0; k -= T` (k + T > 2T - 1, unsigned, a constant bound),
// `jj = hi - 1; jj >= lo + 2; jj -= T` (the decremented counter, signed), and
// a 64-bit `b = n - 2; b >= 0; b -= 2` whose store may write the copies'
// sources, pipelined behind a range check: run once on separate buffers (the
// ring runs) and once with the store writing what a later iteration copies
// (the check fails and the loop runs as written). Each is pipelined (16
// stages of a 512-byte tile); trip counts 0, 1, 2, 3, 15, 16, 17 and 40
// exercise the prologue's guards and the in-loop issue on both sides of the
// stage count, tile lengths not a multiple of the step the tile loops'
// last partial tile. Every iteration folds its tile into acc in order, so
// a tile copied from the wrong iteration changes the result; every output
// is compared with a CPU reference and, by run.sh, bit for bit with the
// plain build.
#include "harness.cuh"

constexpr int kThreads = 128, kBlocks = 3;

__device__ __forceinline__ unsigned mix(const unsigned *tile, unsigned t) {
  return tile[t] * 3u + tile[(t + 1) % kThreads];
}
static unsigned mix_host(const unsigned *tile, int t) {
  return tile[t] * 3u + tile[(t + 1) % kThreads];
}

// Iteration k reads tile k of its block: in[(k * kBlocks + block) * kThreads + t].
__global__ void down_by_one(unsigned *__restrict__ out, const unsigned *__restrict__ in, int n) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  for (int k = n - 1; k >= 0; k--) {
    tile[t] = in[(k * kBlocks + blockIdx.x) * kThreads + t];
    __syncthreads();
    acc = acc * 31u + mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

// Block b's row of n elements, read kThreads at a time from its end: the
// tiles at n - 128, n - 256, ... down to the last one at or above 0.
__global__ void down_tile(unsigned *__restrict__ out, const unsigned *__restrict__ in, int n) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  const unsigned *row = in + (size_t)blockIdx.x * n;
  for (int k = n - kThreads; k >= 0; k -= kThreads) {
    tile[t] = row[k + t];
    __syncthreads();
    acc = acc * 31u + mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

// jj from hi - 1 down while jj >= lo + 2, by kThreads; its tile starts at
// jj - lo - 2 in a row of hi - lo + kThreads elements.
__global__ void down_to_lo(unsigned *__restrict__ out, const unsigned *__restrict__ in, int hi,
                           int lo) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  const unsigned *row = in + (size_t)blockIdx.x * (hi - lo + kThreads);
  for (int jj = hi - 1; jj >= lo + 2; jj -= kThreads) {
    tile[t] = row[jj - lo - 2 + t];
    __syncthreads();
    acc = acc * 31u + mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

// No __restrict__: iteration b stores acc to out[b * kThreads + t], which
// may be what a later iteration copies. Block b's own region of `region`
// elements holds both.
__global__ void down_wide(unsigned *out, const unsigned *in, long long n, long long region) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  out += blockIdx.x * region;
  in += blockIdx.x * region;
  for (long long b = n - 2; b >= 0; b -= 2) {
    tile[t] = in[b * kThreads + t];
    __syncthreads();
    acc = acc * 31u + mix(tile, t);
    out[b * kThreads + t] = acc;
    __syncthreads();
  }
  out[(n > 0 ? n : 0) * kThreads + t] = acc;
}

static int compare(harness::Output &out, const char *what, const std::vector<unsigned> &got,
                   const std::vector<unsigned> &want) {
  out.append(got);
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

static std::vector<unsigned> random_words(harness::Rng &rng, size_t count) {
  std::vector<unsigned> v(count);
  for (unsigned &x : v)
    x = (unsigned)rng.next() | 1u;
  return v;
}

static int check_by_one(harness::Rng &rng, harness::Output &out, int trips) {
  std::vector<unsigned> in = random_words(rng, (size_t)(trips ? trips : 1) * kBlocks * kThreads);
  unsigned *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>(kBlocks * kThreads);
  down_by_one<<<kBlocks, kThreads>>>(d_out, d_in, trips);
  CHECK_LAUNCH();
  std::vector<unsigned> want(kBlocks * kThreads, 0);
  for (int k = trips - 1; k >= 0; k--)
    for (int b = 0; b < kBlocks; b++)
      for (int t = 0; t < kThreads; t++)
        want[b * kThreads + t] = want[b * kThreads + t] * 31u +
                                 mix_host(&in[((size_t)k * kBlocks + b) * kThreads], t);
  char what[64];
  std::snprintf(what, sizeof what, "down_by_one trips=%d", trips);
  int failed = compare(out, what, harness::host_copy(d_out, kBlocks * kThreads), want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return failed;
}

static int check_tile(harness::Rng &rng, harness::Output &out, int n) {
  std::vector<unsigned> in = random_words(rng, (size_t)(n ? n : 1) * kBlocks);
  unsigned *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>(kBlocks * kThreads);
  down_tile<<<kBlocks, kThreads>>>(d_out, d_in, n);
  CHECK_LAUNCH();
  std::vector<unsigned> want(kBlocks * kThreads, 0);
  for (int k = n - kThreads; k >= 0; k -= kThreads)
    for (int b = 0; b < kBlocks; b++)
      for (int t = 0; t < kThreads; t++)
        want[b * kThreads + t] =
            want[b * kThreads + t] * 31u + mix_host(&in[(size_t)b * n + k], t);
  char what[64];
  std::snprintf(what, sizeof what, "down_tile n=%d", n);
  int failed = compare(out, what, harness::host_copy(d_out, kBlocks * kThreads), want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return failed;
}

static int check_to_lo(harness::Rng &rng, harness::Output &out, int hi, int lo) {
  size_t row = (size_t)(hi - lo + kThreads);
  std::vector<unsigned> in = random_words(rng, row * kBlocks);
  unsigned *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>(kBlocks * kThreads);
  down_to_lo<<<kBlocks, kThreads>>>(d_out, d_in, hi, lo);
  CHECK_LAUNCH();
  std::vector<unsigned> want(kBlocks * kThreads, 0);
  for (int jj = hi - 1; jj >= lo + 2; jj -= kThreads)
    for (int b = 0; b < kBlocks; b++)
      for (int t = 0; t < kThreads; t++)
        want[b * kThreads + t] =
            want[b * kThreads + t] * 31u + mix_host(&in[b * row + (jj - lo - 2)], t);
  char what[64];
  std::snprintf(what, sizeof what, "down_to_lo hi=%d lo=%d", hi, lo);
  int failed = compare(out, what, harness::host_copy(d_out, kBlocks * kThreads), want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return failed;
}

// `shift` elements between out and in within each block's region: 0 for
// separate buffers; with in = out + 2 * kThreads, the store of iteration b
// writes the tile that iteration b - 2 copies.
static int check_wide(harness::Rng &rng, harness::Output &out, long long n, bool overlap) {
  long long tiles = n > 0 ? n + 1 : 1;
  long long region = (tiles + 2) * kThreads;
  std::vector<unsigned> in_host = random_words(rng, (size_t)(region * kBlocks));
  std::vector<unsigned> out_host = random_words(rng, (size_t)(region * kBlocks));
  unsigned *d_in = harness::device_copy(in_host);
  unsigned *d_out = overlap ? d_in : harness::device_copy(out_host);
  const unsigned *source = overlap ? d_in + 2 * kThreads : d_in;
  down_wide<<<kBlocks, kThreads>>>(d_out, source, n, region);
  CHECK_LAUNCH();
  // As written, block by block (blocks touch their own regions only), a
  // whole iteration at a time (the barriers order the block's threads).
  std::vector<unsigned> memory_in = in_host, memory_out = overlap ? in_host : out_host;
  std::vector<unsigned> &dst = overlap ? memory_in : memory_out;
  size_t in_shift = overlap ? 2 * kThreads : 0;
  for (int blk = 0; blk < kBlocks; blk++) {
    size_t base = (size_t)blk * region;
    std::vector<unsigned> acc(kThreads, 0), tile(kThreads);
    for (long long b = n - 2; b >= 0; b -= 2) {
      for (int t = 0; t < kThreads; t++)
        tile[t] = memory_in[base + in_shift + b * kThreads + t];
      for (int t = 0; t < kThreads; t++) {
        acc[t] = acc[t] * 31u + mix_host(tile.data(), t);
        dst[base + b * kThreads + t] = acc[t];
      }
    }
    for (int t = 0; t < kThreads; t++)
      dst[base + (n > 0 ? n : 0) * kThreads + t] = acc[t];
  }
  char what[64];
  std::snprintf(what, sizeof what, "down_wide n=%lld%s", n, overlap ? " overlapping" : "");
  int failed = compare(out, what, harness::host_copy(d_out, (size_t)(region * kBlocks)), dst);
  CHECK(cudaFree(d_in));
  if (!overlap)
    CHECK(cudaFree(d_out));
  return failed;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xD0E5);
  harness::Output out;
  int failures = 0;
  const int trip_counts[] = {0, 1, 2, 3, 15, 16, 17, 40};
  for (int trips : trip_counts) {
    failures += check_by_one(rng, out, trips);
    // trips whole tiles, then a partial one of 0, 77 or 127 elements
    // before them (never a whole step).
    failures += check_tile(rng, out, trips * kThreads);
    failures += check_tile(rng, out, trips * kThreads + 77);
    failures += check_tile(rng, out, trips * kThreads + 127);
    // jj from hi - 1 down to lo + 2: trips iterations with hi = lo +
    // trips * kThreads + 1, trips + 1 with 50 more (the last step partial).
    failures += check_to_lo(rng, out, -1000 + trips * kThreads + 1, -1000);
    failures += check_to_lo(rng, out, 5 + trips * kThreads + 51, 5);
    // b from n - 2 down to 0 by 2: n / 2 iterations (n even), and the
    // same with n odd (b ends at 1).
    failures += check_wide(rng, out, 2 * trips, false);
    failures += check_wide(rng, out, 2 * trips + 1, false);
    failures += check_wide(rng, out, 2 * trips, true);
  }
  return harness::finish("loop_count_down", out, argv[1], failures);
}
