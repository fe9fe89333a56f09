// expect: cp.async
// expect-converted: 1
// expect-remark: a trial candidate: the variant runs it only where a trial of the launch's shape timed it faster
// expect-remark: _Z11seeded_scanPjPKji__ferry_trial
// expect-trial-kept: _Z11seeded_scanPjPKji
//
// A copy alone in its phase that pays (issue 33): the cost model's
// lone-copy rule (cost_model.c) leaves as written a copy that is its
// thread's only load from global memory between two barriers, since the
// barrier's wait would expose all its latency anyway. Here, as in a radix
// sort's bottom scan, a few threads of each block load the block's 16 digit
// seeds (a guarded 4-byte copy, strided by the grid) and every thread then
// works on registers alone before the barrier (the rule counts only global
// loads, atomics and calls as work to overlap): the plain copy's store to
// shared memory waits for the load before that work, the cp.async does not
// (its wait stands at the barrier). The launch reserves dynamic shared
// memory the kernel does not use, keeping one block a multiprocessor, as a
// kernel whose blocks fill shared memory would: no other block's work hides
// the wait. So the copy is a trial candidate: its kernel's variant is
// K__ferry_trial, and the measured dispatch (FERRY_DISPATCH=measure) keeps
// it where it timed faster, which run.sh checks in the dispatch's report
// (expect-trial-kept). On an H200 (three runs, sm_90a, sm_80 PTX,
// sm_90a): the kernel as written 76.8-79.9 us a launch in the trial's
// samples, the variant 58.2-72.6 us, its slower sample 6.3 %, 7.3 % and
// 6.3 % below the original's faster one: kept each time. (A first version
// whose host checked each launch before the next let the clocks drop in
// between, and its samples were too noisy to keep it: the host here does
// nothing between launches.) Every launch is compared with a CPU
// reference, and by run.sh bit for bit with the plain build; racecheck,
// synccheck and memcheck are clean under FERRY_DISPATCH=variant.
//
// Run as `lone_copy_trial OUTPUT_FILE [small]`: `small` (for the
// sanitizers) launches fewer blocks.
#include "harness.cuh"

constexpr unsigned kBlock = 256, kDigits = 16, kLaunches = 12;
constexpr size_t kReservedShared = 120 * 1024; // one block a multiprocessor

__device__ __host__ inline unsigned mix(unsigned h, int rounds) {
  for (int r = 0; r < rounds; r++)
    h = (h ^ (h >> 15)) * 0x2C1B3C6Du + (unsigned)r;
  return h;
}

__global__ void seeded_scan(unsigned *out, const unsigned *seeds, int rounds) {
  __shared__ unsigned seed[kDigits];
  unsigned t = threadIdx.x;
  if (t < kDigits)
    seed[t] = seeds[t * gridDim.x + blockIdx.x];
  unsigned h = mix(t * 0x9E3779B9u + blockIdx.x, rounds);
  __syncthreads();
  out[(size_t)blockIdx.x * kBlock + t] = seed[h % kDigits] + h;
}

static unsigned expected(const std::vector<unsigned> &seeds, unsigned blocks, size_t i,
                         int rounds) {
  unsigned b = (unsigned)(i / kBlock), t = (unsigned)(i % kBlock);
  unsigned h = mix(t * 0x9E3779B9u + b, rounds);
  return seeds[(h % kDigits) * blocks + b] + h;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return harness::usage(argv[0]);
  bool small = argc > 2 && std::strcmp(argv[2], "small") == 0;
  int device = 0, multiprocessors = 0;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  unsigned blocks = small ? 64 : (unsigned)multiprocessors * 96;
  size_t n = (size_t)blocks * kBlock;
  harness::Rng rng(33);
  std::vector<unsigned> seeds(kDigits * blocks);
  for (auto &s : seeds)
    s = (unsigned)rng.next();
  unsigned *d_seeds = harness::device_copy(seeds);
  unsigned *d_out = harness::device_poisoned<unsigned>(n * kLaunches);
  CHECK(cudaFuncSetAttribute(seeded_scan, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             (int)kReservedShared));

  // One launch shape throughout (the trial's unit), each launch into its
  // own output; the work's length changes from launch to launch, and with
  // it every output. The host does nothing else between launches, so that
  // the GPU's clocks do not drop in the trial's samples.
  for (unsigned launch = 0; launch < kLaunches; launch++) {
    int rounds = 24 + (int)(launch % 4) * 4;
    seeded_scan<<<blocks, kBlock, kReservedShared>>>(d_out + launch * n, d_seeds, rounds);
    CHECK_LAUNCH();
  }
  std::vector<unsigned> all = harness::host_copy(d_out, n * kLaunches);
  harness::Output out;
  int failures = 0;
  for (unsigned launch = 0; launch < kLaunches; launch++) {
    int rounds = 24 + (int)(launch % 4) * 4;
    std::vector<unsigned> got(all.begin() + launch * n, all.begin() + (launch + 1) * n);
    std::vector<unsigned> want(n);
    for (size_t i = 0; i < n; i++)
      want[i] = expected(seeds, blocks, i, rounds);
    failures += harness::count_mismatches("seeded_scan", got, want) != 0;
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
  CHECK(cudaFree(d_seeds));
  CHECK(cudaFree(d_out));
  return harness::finish("lone_copy_trial", out, argv[1], failures);
}
