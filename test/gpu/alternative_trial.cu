// expect: cp.async
// expect-remark: the kernel's second variant is _Z8two_waysPjPKjPK4quadS4_PfPKfiji__ferry_alt
// expect-remark: versioned this loop on a run-time check
// expect-trial-choice: _Z8two_waysPjPKjPK4quadS4_PfPKfiji 128x1x1 variant|versioning
// expect-trial-choice: _Z8two_waysPjPKjPK4quadS4_PfPKfiji 256x1x1 alternative
//
// A kernel with two variants (dispatch.h: K__ferry and the alternative,
// K__ferry_alt), each the faster at a launch shape of its own, which the
// measured dispatch's trial of three entries must find (run.sh checks its
// report: expect-trial-choice, by the shape's block):
//   - the variant holds the rules' copies (two 16-byte copies sharing a
//     phase) and the accumulator loop alias-versioned (issue 32); its lone
//     4-byte copy, a trial candidate (the lone-copy rule, as in
//     lone_copy_trial.cu), stays as written beside the rules' copies;
//   - the alternative holds the rules' copies and the lone copy converted,
//     the loop as written.
// Shape one (128 threads a block, 4 blocks a multiprocessor, a loop of 512
// iterations over disjoint buffers): the versioned loop keeps its
// accumulator in a register, where the loop as written loads and stores it
// in every iteration: the variant wins. Shape two (256 threads, one block a
// multiprocessor through dynamic shared memory the kernel does not use, no
// loop and no tile: n = 0): what is left is lone_copy_trial.cu's phase, a
// lone 4-byte copy and a hash of `rounds` rounds before the barrier: the
// alternative, whose cp.async lets the hash run while the load is in
// flight, wins. Every launch is compared with a CPU reference, and by
// run.sh bit for bit with the plain build; memcheck runs it under measure
// too, where the trial launches all three entries. On an H200 (main at
// 0482f50 with this test, sm_90a and sm_80 PTX, one run each): shape one
// kept the variant (its samples 144-147 us, the original's 198-202, the
// alternative's 198-201), shape two the alternative (67.1-68.7 us, the
// original's 77.5-82.0, the variant's 78.2-79.3); identity, racecheck,
// synccheck, memcheck and memcheck under measure passed. (With the hash's
// rounds a constant, shape two's alternative ran 66-67 us against 52-55 us
// as written: see `rounds` below.)
//
// With the kernel's third entry (K__ferry_ver, the versioning alone: the
// loop versioned, no copy converted) the trial has four entries, three
// warm-ups and eight samples, and the samples are read a launch late: 16
// launches a shape let it decide (12 left it undecided at exit, 7 of 8
// samples read). At shape one the versioning alone is the variant less its
// two 16-byte copies, which pay nothing there: on the H200 (main after the
// merge of the third entry) their samples were 141.1-142.9 us and
// 141.2-143.1, the original's 193.9-194.0, so either may be kept.
//
// Run as `alternative_trial OUTPUT_FILE [small]`: `small` (for the
// sanitizers) launches fewer blocks and iterations.
#include "harness.cuh"

constexpr unsigned kDigits = 16, kLaunches = 16, kTile = 256;
constexpr int kRounds = 32; // a run-time argument: see two_ways
constexpr size_t kReservedShared = 120 * 1024; // one block a multiprocessor

struct __align__(16) quad {
  unsigned a, b, c, d;
};

__device__ __host__ inline unsigned mix(unsigned h, int rounds) {
  for (int r = 0; r < rounds; r++)
    h = (h ^ (h >> 15)) * 0x2C1B3C6Du + (unsigned)r;
  return h;
}

// out[b, t] = seed + h (+ the tiles' words where n > 0); acc[b, t] +=
// a[i, b, t] over i < n, in order (no reassociation: bit-identical).
// `salt` changes every output from launch to launch and none of the work:
// the trial's samples, each a launch of its own, time the same work.
// `rounds` is a run-time value, as in lone_copy_trial.cu: with a constant
// count `mix` unrolls into straight-line code, and there the kernel as
// written ran shape two in 52-55 us and the alternative in 66-67 (H200):
// the lone copy's cp.async did not pay. The launches pass kRounds.
__global__ void two_ways(unsigned *out, const unsigned *seeds, const quad *wide, const quad *more,
                         float *acc, const float *a, int n, unsigned salt, int rounds) {
  __shared__ unsigned seed[kDigits];
  __shared__ quad w[kTile], m[kTile];
  unsigned t = threadIdx.x, b = blockIdx.x, threads = blockDim.x;
  size_t at = (size_t)b * threads + t;
  if (t < kDigits)
    seed[t] = seeds[t * gridDim.x + b];
  unsigned h = mix(t * 0x9E3779B9u + b + salt, rounds);
  __syncthreads();
  unsigned result = seed[h % kDigits] + h;
  if (n > 0) {
    w[t] = wide[at];
    m[t] = more[at];
    __syncthreads();
    quad q = w[threads - 1 - t], r = m[t ^ 1];
    size_t stride = (size_t)gridDim.x * threads;
    for (int i = 0; i < n; i++)
      acc[at] += a[i * stride + at];
    result += q.a + r.d;
  }
  out[at] = result;
}

struct Shape {
  unsigned blocks, threads;
  size_t shared;
  int n;
};

int main(int argc, char **argv) {
  if (argc < 2)
    return harness::usage(argv[0]);
  bool small = argc > 2 && std::strcmp(argv[2], "small") == 0;
  int device = 0, multiprocessors = 0;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  const Shape shapes[2] = {
      {small ? 16u : (unsigned)multiprocessors * 4, 128, 0, small ? 8 : 512},
      {small ? 64u : (unsigned)multiprocessors * 96, 256, kReservedShared, 0},
  };
  CHECK(cudaFuncSetAttribute(two_ways, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)kReservedShared));
  harness::Rng rng(34);
  harness::Output out;
  int failures = 0;
  for (const Shape &shape : shapes) {
    size_t count = (size_t)shape.blocks * shape.threads;
    std::vector<unsigned> seeds(kDigits * shape.blocks);
    for (auto &s : seeds)
      s = (unsigned)rng.next();
    std::vector<quad> wide(count), more(count);
    for (size_t i = 0; i < count; i++) {
      wide[i] = {(unsigned)rng.next(), (unsigned)rng.next(), (unsigned)rng.next(),
                 (unsigned)rng.next()};
      more[i] = {(unsigned)rng.next(), (unsigned)rng.next(), (unsigned)rng.next(),
                 (unsigned)rng.next()};
    }
    std::vector<float> acc(count), a(count * (shape.n ? shape.n : 1));
    for (auto &x : acc)
      x = (float)rng.nonzero_double();
    for (auto &x : a)
      x = (float)rng.nonzero_double();
    unsigned *d_seeds = harness::device_copy(seeds);
    quad *d_wide = harness::device_copy(wide), *d_more = harness::device_copy(more);
    float *d_acc = harness::device_copy(acc), *d_a = harness::device_copy(a);
    unsigned *d_out = harness::device_poisoned<unsigned>(count * kLaunches);
    // One launch shape at a time (the trial's unit), each launch into its
    // own output; the salt changes every output from launch to launch, and
    // the accumulators grow. (Work that changed from launch to launch, as
    // lone_copy_trial.cu's does, gave the three entries' samples unequal
    // work: the alternative's samples the heavier launches, the original's
    // the lightest, which kept the original once on sm_80 PTX.)
    for (unsigned launch = 0; launch < kLaunches; launch++) {
      unsigned salt = launch * 0x01000193u;
      two_ways<<<shape.blocks, shape.threads, shape.shared>>>(d_out + launch * count, d_seeds,
                                                              d_wide, d_more, d_acc, d_a, shape.n,
                                                              salt, kRounds);
      CHECK_LAUNCH();
    }
    std::vector<unsigned> all = harness::host_copy(d_out, count * kLaunches);
    for (unsigned launch = 0; launch < kLaunches; launch++) {
      unsigned salt = launch * 0x01000193u;
      std::vector<unsigned> got(all.begin() + launch * count, all.begin() + (launch + 1) * count);
      std::vector<unsigned> want(count);
      for (size_t i = 0; i < count; i++) {
        unsigned b = (unsigned)(i / shape.threads), t = (unsigned)(i % shape.threads);
        unsigned h = mix(t * 0x9E3779B9u + b + salt, kRounds);
        want[i] = seeds[(h % kDigits) * shape.blocks + b] + h;
        if (shape.n > 0)
          want[i] += wide[(size_t)b * shape.threads + shape.threads - 1 - t].a +
                     more[(size_t)b * shape.threads + (t ^ 1)].d;
      }
      failures += harness::count_mismatches("two_ways", got, want) != 0;
      // The first launch and the last (the entry the trial kept) whole,
      // the others by their FNV-1a hash.
      if (launch == 0 || launch + 1 == kLaunches) {
        out.append(got);
      } else {
        uint64_t hash = 0xcbf29ce484222325ull;
        for (unsigned v : got)
          hash = (hash ^ v) * 0x100000001b3ull;
        out.append(&hash, sizeof hash);
      }
    }
    // The accumulators after every launch, against the same sums in order.
    for (unsigned launch = 0; launch < kLaunches; launch++)
      for (size_t i = 0; i < count; i++)
        for (int k = 0; k < shape.n; k++)
          acc[i] += a[(size_t)k * count + i];
    std::vector<float> got_acc = harness::host_copy(d_acc, count);
    failures += harness::count_mismatches("two_ways accumulators", got_acc, acc) != 0;
    out.append(got_acc);
    CHECK(cudaFree(d_seeds));
    CHECK(cudaFree(d_wide));
    CHECK(cudaFree(d_more));
    CHECK(cudaFree(d_acc));
    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_out));
  }
  return harness::finish("alternative_trial", out, argv[1], failures);
}
