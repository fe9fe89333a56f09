// expect: cp.async
// expect-remark: the kernel's second variant is _Z16three_candidatesPjPK4quadPfPKfiij__ferry_alt
// expect-remark: the kernel's third entry is _Z16three_candidatesPjPK4quadPfPKfiij__ferry_ver
// expect-remark: versioned this loop on a run-time check
// expect-trial-choice: _Z16three_candidatesPjPK4quadPfPKfiij 128x1x1 variant
// expect-trial-choice: _Z16three_candidatesPjPK4quadPfPKfiij 96x1x1 alternative|variant
// expect-trial-choice: _Z16three_candidatesPjPK4quadPfPKfiij 64x1x1 versioning|variant
//
// A kernel with four entries (dispatch.h): as written; its variant
// K__ferry, which holds the rules' copies (eight 16-byte copies a thread,
// one phase) and the accumulator loop alias-versioned (issue 32); the
// alternative K__ferry_alt, the copies alone; and the third entry
// K__ferry_ver, the versioning alone (the kernel as written with its loop
// versioned). The measured dispatch's trial times the four at each launch
// shape (o v a w w a v o) and keeps the fastest of those that beat the
// kernel as written by the margin; run.sh checks its report
// (expect-trial-choice, by the shape's block; ENTRY|ENTRY: either, where
// the test's work cannot tell two entries apart):
//   - 128x1x1: one block a multiprocessor (dynamic shared memory the kernel
//     does not use), a mixing loop between the copies and their barrier
//     (which the copies' cp.async overlaps; the plain copies wait for their
//     loads before it), and an accumulator loop of 8 iterations over
//     disjoint buffers (the versioned loop keeps it in a register): both
//     pay, so the variant;
//   - 96x1x1: the same without the accumulator loop (n = 0): the copies
//     alone pay, so the alternative or the variant (which then differ only
//     by the versioning's check, never run);
//   - 64x1x1: blocks filling the multiprocessors (the copies' latency
//     mostly hidden by other blocks), no mixing, 32 iterations of the
//     accumulator loop: the versioning pays, so the versioning alone or
//     the variant (which differ only by the copies);
//   - 112x1x1: as many blocks a multiprocessor, no loop, no mixing: no
//     choice is checked (on the H200 each of the three ran 3-7 % below
//     the kernel as written, within noise of one another).
// On an H200 (sm_90a and sm_80 PTX, one run each; each entry's two
// samples): 128x1x1 kept the variant, 94-97 us, against 193-197 as
// written, 166-169 for the copies alone, 113-115 for the versioning
// alone; 96x1x1 the variant (sm_90a) or the alternative (sm_80), 62-66 us
// both, against 89-95 as written and 80-81 for the versioning alone;
// 64x1x1 the variant, 47-50 us, against 83-86 as written, 80-83 for the
// copies alone and 49-53 for the versioning alone. No shape tried (these
// and a sweep of eight others, `sweep`) had the versioning alone or the
// alternative win by more than noise over the variant: where one half
// pays nothing, its entry ties the variant (the versioning alone kept once,
// 228.5 us against the variant's 231-235, sm_80, a loop of 32 at one block
// a multiprocessor); no shape made the kernel as written the fastest.
// Every launch is compared with a CPU reference, and by run.sh bit for bit
// with the plain build; memcheck runs it under measure too, where the
// trial launches all four entries (0 errors on the H200, sm_90a).
//
// Run as `three_candidates OUTPUT_FILE [sweep]`: `sweep` runs, instead of
// the four shapes, the four kinds of work at both occupancies with 128
// threads a block, whose report says which entry each keeps (how the
// shapes were chosen), unchecked but for the plain build's output.
#include "harness.cuh"

// kThreads: the largest block (the tile holds kQuads quads a thread).
constexpr unsigned kQuads = 8, kThreads = 128, kLaunches = 14;
constexpr size_t kReservedShared = 120 * 1024; // one block a multiprocessor

struct __align__(16) quad {
  unsigned a, b, c, d;
};

__device__ __host__ inline unsigned mix(unsigned h, int rounds) {
  for (int r = 0; r < rounds; r++)
    h = (h ^ (h >> 15)) * 0x2C1B3C6Du + (unsigned)r;
  return h;
}

// out[b, t] = mix(t, b, salt) + the words of eight quads of the block's
// tile that other threads copied; acc[b, t] += a[i, b, t] over i < n, in
// order (no reassociation: bit-identical). `salt` changes every output from
// launch to launch and none of the work.
__global__ void three_candidates(unsigned *out, const quad *wide, float *acc, const float *a,
                                 int n, int rounds, unsigned salt) {
  __shared__ quad w[kQuads * kThreads];
  // One dimension: the accumulator loop's stride (grid times block) is one
  // product alias versioning bounds.
  unsigned threads = blockDim.x, t = threadIdx.x, b = blockIdx.x;
  size_t at = (size_t)b * threads + t;
  const quad *tile = wide + (size_t)b * kQuads * threads;
  for (unsigned q = 0; q < kQuads; q++)
    w[q * threads + t] = tile[q * threads + t];
  unsigned result = mix(t * 0x9E3779B9u + b + salt, rounds);
  __syncthreads();
  for (unsigned q = 0; q < kQuads; q++) {
    quad v = w[q * threads + (t + q + 1) % threads];
    result += v.a ^ v.d;
  }
  size_t stride = (size_t)gridDim.x * threads;
  for (int i = 0; i < n; i++)
    acc[at] += a[i * stride + at];
  out[at] = result;
}

struct Shape {
  unsigned blocks, threads;
  size_t shared;
  int n, rounds;
};

// Launches one shape kLaunches times; with `check`, compares each launch
// with the CPU reference (the sweep is compared with the plain build's
// output alone: its reference would take the CPU longer than the GPU).
static int run_shape(const Shape &shape, bool check, harness::Rng &rng, harness::Output &out) {
  size_t count = (size_t)shape.blocks * shape.threads;
  std::vector<quad> wide(count * kQuads);
  for (auto &q : wide)
    q = {(unsigned)rng.next(), (unsigned)rng.next(), (unsigned)rng.next(), (unsigned)rng.next()};
  std::vector<float> acc(count), a(count * (shape.n ? shape.n : 1));
  for (auto &x : acc)
    x = (float)rng.nonzero_double();
  for (auto &x : a)
    x = (float)rng.nonzero_double();
  quad *d_wide = harness::device_copy(wide);
  float *d_acc = harness::device_copy(acc), *d_a = harness::device_copy(a);
  unsigned *d_out = harness::device_poisoned<unsigned>(count * kLaunches);
  // One launch shape at a time (the trial's unit), each launch into its own
  // output: the first (the rules' choice), three warm-ups, eight samples,
  // and two of the entry kept.
  for (unsigned launch = 0; launch < kLaunches; launch++) {
    three_candidates<<<shape.blocks, shape.threads, shape.shared>>>(d_out + launch * count, d_wide, d_acc,
                                                            d_a, shape.n, shape.rounds,
                                                            launch * 0x01000193u);
    CHECK_LAUNCH();
  }
  std::vector<unsigned> all = harness::host_copy(d_out, count * kLaunches);
  int failures = 0;
  for (unsigned launch = 0; launch < kLaunches; launch++) {
    std::vector<unsigned> got(all.begin() + launch * count, all.begin() + (launch + 1) * count);
    std::vector<unsigned> want(count);
    for (size_t i = 0; i < count && check; i++) {
      unsigned threads = shape.threads;
      unsigned b = (unsigned)(i / threads), t = (unsigned)(i % threads);
      unsigned h = mix(t * 0x9E3779B9u + b + launch * 0x01000193u, shape.rounds);
      for (unsigned q = 0; q < kQuads; q++) {
        const quad &v = wide[((size_t)b * kQuads + q) * threads + (t + q + 1) % threads];
        h += v.a ^ v.d;
      }
      want[i] = h;
    }
    if (check)
      failures += harness::count_mismatches("three_candidates", got, want) != 0;
    // The first launch and the last (the entry the trial kept) whole, the
    // others by their FNV-1a hash.
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
  for (unsigned launch = 0; launch < kLaunches && check; launch++)
    for (size_t i = 0; i < count; i++)
      for (int k = 0; k < shape.n; k++)
        acc[i] += a[(size_t)k * count + i];
  std::vector<float> got_acc = harness::host_copy(d_acc, count);
  if (check)
    failures += harness::count_mismatches("three_candidates accumulators", got_acc, acc) != 0;
  out.append(got_acc);
  CHECK(cudaFree(d_wide));
  CHECK(cudaFree(d_acc));
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_out));
  return failures;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return harness::usage(argv[0]);
  bool sweep = argc > 2 && std::strcmp(argv[2], "sweep") == 0;
  int device = 0, sms = 0;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  unsigned m = (unsigned)sms;
  CHECK(cudaFuncSetAttribute(three_candidates, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)kReservedShared));
  std::vector<Shape> shapes;
  if (!sweep) {
    shapes = {
        {m * 32, 128, kReservedShared, 8, 64},
        {m * 32, 96, kReservedShared, 0, 64},
        {m * 56, 64, 0, 32, 0},
        {m * 112, 112, 0, 0, 0},
    };
  } else {
    // Each shape's grid differs by a block or two, to be told apart in the
    // report; the longest first (a short original ends the kernel's later
    // trials: dispatch_measure.c, SHORT_NS).
    unsigned k = 0;
    const int work[4][2] = {{8, 64}, {0, 64}, {32, 0}, {0, 0}}; // n, rounds
    for (int reserve = 1; reserve >= 0; reserve--)
      for (const auto &w : work)
        shapes.push_back(
            {m * (reserve ? 32u : 56u) + k++, 128, reserve ? kReservedShared : 0, w[0], w[1]});
  }
  harness::Rng rng(33);
  harness::Output out;
  int failures = 0;
  for (const Shape &shape : shapes) {
    if (sweep)
      std::printf("sweep: grid %ux1x1 reserve %zu n %d rounds %d\n", shape.blocks, shape.shared,
                  shape.n, shape.rounds);
    failures += run_shape(shape, !sweep, rng, out);
  }
  return harness::finish("three_candidates", out, argv[1], failures);
}
