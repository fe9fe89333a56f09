// expect: cp.async
// expect-converted: 4
// expect-remark: pipelined its loop over 8 stages
//
// Four pipelined loops in one kernel, each over a 1 KiB tile: the rings of
// the loops before count against the 48 KiB of static shared memory, so
// the first two take 16 stages and the last two 8. Trip counts around both
// rings' prologues and in-loop guards (0, 1, 2, 7, 8, 9, 15, 16, 17, 40),
// one per loop, in several mixes. Every output is compared with a CPU
// reference and, by run.sh, bit for bit with the plain build.
#include "harness.cuh"

constexpr int kThreads = 256;

#define LOOP(tile, first, trips)                                               \
  for (int k = 0; k < (trips); k++) {                                          \
    tile[t] = in[((size_t)(first) + k) * kThreads + t];                        \
    __syncthreads();                                                           \
    acc = acc * 3u + tile[kThreads - 1 - t];                                   \
    __syncthreads();                                                           \
  }

__global__ void four_loops(unsigned *__restrict__ out, const unsigned *__restrict__ in,
                           int n0, int n1, int n2, int n3) {
  __shared__ unsigned a[kThreads], b[kThreads], c[kThreads], d[kThreads];
  unsigned t = threadIdx.x, acc = blockIdx.x;
  in += (size_t)blockIdx.x * (n0 + n1 + n2 + n3) * kThreads;
  LOOP(a, 0, n0)
  LOOP(b, n0, n1)
  LOOP(c, n0 + n1, n2)
  LOOP(d, n0 + n1 + n2, n3)
  out[blockIdx.x * kThreads + t] = acc;
}

static int check(const int trips[4], harness::Rng &rng, harness::Output &out) {
  const int blocks = 4;
  int total = trips[0] + trips[1] + trips[2] + trips[3];
  std::vector<unsigned> in((size_t)blocks * total * kThreads + 1);
  for (unsigned &v : in)
    v = (unsigned)rng.next();
  unsigned *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>((size_t)blocks * kThreads);
  four_loops<<<blocks, kThreads>>>(d_out, d_in, trips[0], trips[1], trips[2], trips[3]);
  CHECK_LAUNCH();
  std::vector<unsigned> got = harness::host_copy(d_out, (size_t)blocks * kThreads);
  std::vector<unsigned> want((size_t)blocks * kThreads);
  for (int blk = 0; blk < blocks; blk++)
    for (int t = 0; t < kThreads; t++) {
      const unsigned *band = in.data() + (size_t)blk * total * kThreads;
      unsigned acc = (unsigned)blk;
      for (int k = 0; k < total; k++)
        acc = acc * 3u + band[(size_t)k * kThreads + kThreads - 1 - t];
      want[(size_t)blk * kThreads + t] = acc;
    }
  out.append(got);
  char what[96];
  std::snprintf(what, sizeof what, "four_loops trips %d %d %d %d", trips[0], trips[1],
                trips[2], trips[3]);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x4819B);
  harness::Output out;
  int failures = 0;
  const int mixes[][4] = {
      {0, 1, 2, 7},   {1, 0, 8, 9},   {15, 16, 17, 40}, {16, 17, 7, 8},
      {40, 2, 9, 15}, {17, 15, 0, 1}, {2, 40, 16, 0},   {9, 8, 15, 17},
  };
  for (const int *trips : mixes)
    failures += check(trips, rng, out);
  return harness::finish("four_rings", out, argv[1], failures);
}
