// ferry_barrier_t on the GPU: many blocks through thousands of phases, more
// than 2^20 and 2^24 phases in one block (the mbarrier's and the software
// barrier's counters wrap), token and parity waits, bounded waits that time
// out, pending counts, arrive_n, arrive_and_drop shrinking the count, and
// copies bound to the barrier (sm_90 bulk copies with transaction counts,
// sm_80 cp.async, synchronous before). Every result is checked against a
// CPU reference or an exact expectation.
#include <algorithm>
#include <ferry.h>

#include "rt_harness.cuh"

__device__ unsigned mix(unsigned block, unsigned phase, unsigned thread) {
  unsigned h = block * 0x9E3779B1u ^ phase * 0x85EBCA77u ^ thread * 0xC2B2AE3Du;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  return h ^ (h >> 13);
}

static unsigned host_mix(unsigned block, unsigned phase, unsigned thread) {
  unsigned h = block * 0x9E3779B1u ^ phase * 0x85EBCA77u ^ thread * 0xC2B2AE3Du;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  return h ^ (h >> 13);
}

// Each phase every thread publishes a value, and after the barrier reads its
// neighbour's. Two slots: a slot is rewritten two phases later, after a
// barrier that every reader of its old value has passed.
extern "C" __global__ void phases(unsigned *out, unsigned phase_count) {
  __shared__ ferry_barrier_t barrier;
  __shared__ unsigned slot[2][256];
  const unsigned n = blockDim.x, t = threadIdx.x;
  if (t == 0)
    ferry_barrier_init(&barrier, n);
  __syncthreads();
  unsigned sum = 0;
  for (unsigned p = 0; p < phase_count; p++) {
    slot[p & 1][t] = mix(blockIdx.x, p, t);
    ferry_barrier_arrive_and_wait(&barrier);
    sum = sum * 31u + slot[p & 1][(t + 1) % n];
  }
  out[blockIdx.x * n + t] = sum;
}

static std::vector<unsigned> phases_reference(unsigned blocks, unsigned n, unsigned phase_count) {
  std::vector<unsigned> want(blocks * n);
  for (unsigned b = 0; b < blocks; b++)
    for (unsigned t = 0; t < n; t++) {
      unsigned sum = 0;
      for (unsigned p = 0; p < phase_count; p++)
        sum = sum * 31u + host_mix(b, p, (t + 1) % n);
      want[b * n + t] = sum;
    }
  return want;
}

// Split arrive and wait, with work in between and the token kept in a
// register across it.
extern "C" __global__ void split_phases(unsigned *out, unsigned phase_count) {
  __shared__ ferry_barrier_t barrier;
  __shared__ unsigned slot[2][256];
  const unsigned n = blockDim.x, t = threadIdx.x;
  if (t == 0)
    ferry_barrier_init(&barrier, n);
  __syncthreads();
  unsigned sum = 0;
  for (unsigned p = 0; p < phase_count; p++) {
    slot[p & 1][t] = mix(blockIdx.x, p, t);
    ferry_barrier_token_t token = ferry_barrier_arrive(&barrier);
    __nanosleep(t % 8 * 16);
    ferry_barrier_wait(&barrier, token);
    sum = sum * 31u + slot[p & 1][(t + 1) % n];
  }
  out[blockIdx.x * n + t] = sum;
}

// Exact expectations, one flag per check per thread (1 = as expected).
enum TokenCheck {
  kEarlyParity0Pending,   // thread 0, phase 0 incomplete: parity 0 not done
  kEarlyParity1Done,      // ... parity 1 (the phase before 0) counts as done
  kTokenDone,             // after the wait: test_wait(token) is true
  kTryWaitDone,           // ... and try_wait(token)
  kParity0Done,           // phase 0 done, phase 1 current
  kParity1Pending,
  kTimedOut,              // thread 0: try_wait_parity_for(1, 50 us) times out
  kWaitedLongEnough,      // ... after at least 50 us
  kBoundedWaitDone,       // try_wait_for(token, 10 s) on phase 1 succeeds
  kPendingInRange,        // phase 2: pending_count(token) in [count, n + 1]
  kChecks
};

extern "C" __global__ void tokens(int *flags, unsigned *pending) {
  __shared__ ferry_barrier_t barrier;
  __shared__ unsigned arrived;
  const unsigned n = blockDim.x, t = threadIdx.x;
  int *mine = flags + t * kChecks;
  for (int c = 0; c < kChecks; c++)
    mine[c] = 1;
  // Thread 0 arrives for two (arrive_n): n + 1 arrivals per phase.
  if (t == 0) {
    ferry_barrier_init(&barrier, n + 1);
    arrived = 0;
  }
  __syncthreads();

  // Phase 0: thread 0 arrives last, after it has seen the phase incomplete.
  ferry_barrier_token_t token;
  if (t != 0) {
    atomicAdd(&arrived, 1u);
    token = ferry_barrier_arrive(&barrier);
  } else {
    while (atomicAdd(&arrived, 0u) != n - 1)
      ;
    mine[kEarlyParity0Pending] = !ferry_barrier_test_wait_parity(&barrier, 0);
    mine[kEarlyParity1Done] = ferry_barrier_test_wait_parity(&barrier, 1);
    token = ferry_barrier_arrive_n(&barrier, 2);
  }
  ferry_barrier_wait(&barrier, token);
  mine[kTokenDone] = ferry_barrier_test_wait(&barrier, token);
  mine[kTryWaitDone] = ferry_barrier_try_wait(&barrier, token);
  mine[kParity0Done] = ferry_barrier_test_wait_parity(&barrier, 0);
  mine[kParity1Pending] = !ferry_barrier_test_wait_parity(&barrier, 1);

  // Phase 1 cannot complete before thread 0 arrives, so its bounded wait
  // times out first.
  if (t != 0) {
    token = ferry_barrier_arrive(&barrier);
  } else {
    unsigned long long start = 0, end = 0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    bool done = ferry_barrier_try_wait_parity_for(&barrier, 1, 50000);
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(end));
    mine[kTimedOut] = !done;
    mine[kWaitedLongEnough] = end - start >= 50000;
    token = ferry_barrier_arrive_n(&barrier, 2);
  }
  mine[kBoundedWaitDone] = ferry_barrier_try_wait_for(&barrier, token, 10000000000ull);

  // Phase 2: the pending counts before each arrival.
  unsigned count = t == 0 ? 2 : 1;
  token = ferry_barrier_arrive_n(&barrier, count);
  pending[t] = ferry_barrier_pending_count(token);
  mine[kPendingInRange] = pending[t] >= count && pending[t] <= n + 1;
  ferry_barrier_wait(&barrier, token);
}

// Arrivals one at a time, in thread order: thread 0 arrives for three, the
// others for one each; the pending counts are then exact.
extern "C" __global__ void pending_in_order(unsigned *out) {
  __shared__ ferry_barrier_t barrier;
  __shared__ unsigned turn;
  const unsigned n = blockDim.x, t = threadIdx.x;
  if (t == 0) {
    ferry_barrier_init(&barrier, n + 2);
    turn = 0;
  }
  __syncthreads();
  while (atomicAdd(&turn, 0u) != t)
    ;
  ferry_barrier_token_t token = ferry_barrier_arrive_n(&barrier, t == 0 ? 3 : 1);
  out[t] = ferry_barrier_pending_count(token);
  atomicAdd(&turn, 1u);
  ferry_barrier_wait(&barrier, token);
}

// Thread k leaves the barrier in phase k; every phase must complete with the
// threads that are left, and each must have seen all of them arrive.
extern "C" __global__ void drop(int *errors) {
  __shared__ ferry_barrier_t barrier;
  __shared__ unsigned counted[256];
  const unsigned n = blockDim.x, t = threadIdx.x;
  counted[t] = 0;
  if (t == 0)
    ferry_barrier_init(&barrier, n);
  __syncthreads();
  int bad = 0;
  for (unsigned k = 0; k < n; k++) {
    atomicAdd(&counted[k], 1u);
    if (t == k) {
      ferry_barrier_arrive_and_drop(&barrier);
      break;
    }
    ferry_barrier_token_t token = ferry_barrier_arrive(&barrier);
    if (!ferry_barrier_try_wait_for(&barrier, token, 5000000000ull)) {
      bad += 1000; // the phase never completed: the drop did not shrink the count
      break;
    }
    bad += atomicAdd(&counted[k], 0u) != n - k;
  }
  errors[t] = bad;
}

// Copies bound to the barrier: a 1 KiB tile per phase, reversed into the
// output. sm_90: one bulk copy (TMA) that completes 1024 transaction bytes,
// announced with arrive_tx on even tiles and expect_tx + arrive on odd ones.
// sm_80: per-thread cp.async, each thread's arrival made when its copies land
// (arrive_on_cp_async_noinc), or with hold_phase libcu++'s way
// (arrive_on_cp_async, then arrive), which synccheck reports, so that mode
// only runs outside the sanitizers. Earlier: plain copies.
extern "C" __global__ void bulk_tiles(const int4 *in, int4 *out, unsigned tiles, int hold_phase) {
  __shared__ alignas(128) int4 tile[64];
  __shared__ ferry_barrier_t barrier;
  const unsigned t = threadIdx.x;
  if (t == 0)
    ferry_barrier_init(&barrier, blockDim.x);
  __syncthreads();
  for (unsigned i = 0; i < tiles; i++) {
    const int4 *source = in + (blockIdx.x * tiles + i) * 64;
    ferry_barrier_token_t token;
#if __CUDA_ARCH__ >= 900
    if (t == 0) {
      if (i % 2)
        ferry_barrier_expect_tx(&barrier, sizeof tile);
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 1024, [%2];"
                   :
                   : "r"((unsigned)__cvta_generic_to_shared(tile)), "l"(source),
                     "r"((unsigned)__cvta_generic_to_shared(&barrier))
                   : "memory");
      token = i % 2 ? ferry_barrier_arrive(&barrier) : ferry_barrier_arrive_tx(&barrier, 1, sizeof tile);
    } else {
      token = ferry_barrier_arrive(&barrier);
    }
#elif __CUDA_ARCH__ >= 800
    for (unsigned j = t; j < 64; j += blockDim.x)
      __nvvm_cp_async_cg_shared_global_16((__attribute__((address_space(3))) void *)&tile[j],
                                          (__attribute__((address_space(1))) const void *)&source[j]);
    if (hold_phase) {
      // libcu++'s way: hold the phase for the copies, then arrive.
      ferry_barrier_arrive_on_cp_async(&barrier);
      token = ferry_barrier_arrive_tx(&barrier, 1, 0);
    } else {
      // The arrival itself waits for the copies; no token, so by parity:
      // the copy phase of tile i is phase 2i.
      ferry_barrier_arrive_on_cp_async_noinc(&barrier);
      ferry_barrier_wait_parity(&barrier, 0);
      token = 0;
    }
#else
    for (unsigned j = t; j < 64; j += blockDim.x)
      tile[j] = source[j];
    token = ferry_barrier_arrive(&barrier);
#endif
#if __CUDA_ARCH__ >= 800 && __CUDA_ARCH__ < 900
    if (hold_phase)
      ferry_barrier_wait(&barrier, token);
#else
    ferry_barrier_wait(&barrier, token);
#endif
    for (unsigned j = t; j < 64; j += blockDim.x)
      out[(blockIdx.x * tiles + i) * 64 + j] = tile[63 - j];
    // Everyone has read the tile before it is overwritten.
    ferry_barrier_arrive_and_wait(&barrier);
  }
}

// complete_tx by hand: thread 0 announces 64 bytes, thread 1 reports them
// delivered; the phase needs both (a no-op pair before sm_90).
extern "C" __global__ void manual_tx(int *done) {
  __shared__ ferry_barrier_t barrier;
  if (threadIdx.x == 0)
    ferry_barrier_init(&barrier, blockDim.x);
  __syncthreads();
  ferry_barrier_token_t token;
  if (threadIdx.x == 0)
    token = ferry_barrier_arrive_tx(&barrier, 1, 64);
  else {
    if (threadIdx.x == 1)
      ferry_barrier_complete_tx(&barrier, 64);
    token = ferry_barrier_arrive(&barrier);
  }
  done[threadIdx.x] = ferry_barrier_try_wait_for(&barrier, token, 5000000000ull);
  __syncthreads();
  if (threadIdx.x == 0)
    ferry_barrier_invalidate(&barrier);
}

int main(int argc, char **argv) {
  rt::Options options = rt::parse(argc, argv);
  rt::Launcher launcher(options);
  rt::Report report("barrier_test");
  rt::Rng rng(3);

  // Many blocks, many phases; block sizes with partial warps too.
  {
    const unsigned blocks = options.quick ? 4 : 264, phase_count = options.quick ? 200 : 4000;
    for (unsigned n : {256u, 96u, 33u}) {
      unsigned *out = rt::poisoned<unsigned>(blocks * n);
      LAUNCH(launcher, phases, blocks, n, out, phase_count);
      report.compare("phases: " + std::to_string(blocks) + " blocks x " + std::to_string(n) + " threads x " +
                         std::to_string(phase_count) + " phases",
                     rt::to_host(out, blocks * n), phases_reference(blocks, n, phase_count));
      CHECK(cudaMemset(out, 0xA5, blocks * n * sizeof(unsigned)));
      LAUNCH(launcher, split_phases, blocks, n, out, phase_count);
      report.compare("split arrive/wait: " + std::to_string(blocks) + " x " + std::to_string(n) + " x " +
                         std::to_string(phase_count),
                     rt::to_host(out, blocks * n), phases_reference(blocks, n, phase_count));
      CHECK(cudaFree(out));
    }
  }

  // Past 2^20 phases with a warp, past 2^24 (the software barrier's phase
  // counter) with one thread.
  if (!options.quick) {
    struct Long {
      unsigned threads, phase_count;
    } runs[] = {{32, (1u << 20) + (1u << 18) + 7}, {1, (1u << 24) + 5}};
    for (Long run : runs) {
      unsigned *out = rt::poisoned<unsigned>(run.threads);
      LAUNCH(launcher, phases, 1, run.threads, out, run.phase_count);
      report.compare("long run: 1 block x " + std::to_string(run.threads) + " threads x " +
                         std::to_string(run.phase_count) + " phases",
                     rt::to_host(out, run.threads), phases_reference(1, run.threads, run.phase_count));
      CHECK(cudaFree(out));
    }
  }

  // Tokens, parities, bounded waits, pending counts.
  {
    const unsigned n = 128;
    int *flags = rt::poisoned<int>(n * kChecks);
    unsigned *pending = rt::poisoned<unsigned>(n);
    LAUNCH(launcher, tokens, 1, n, flags, pending);
    std::vector<int> got = rt::to_host(flags, n * kChecks);
    const char *names[kChecks] = {"phase 0 incomplete: parity 0 pending",
                                  "phase 0 incomplete: parity 1 (the phase before) done",
                                  "test_wait(token) after wait",
                                  "try_wait(token) after wait",
                                  "phase 1 current: parity 0 done",
                                  "phase 1 current: parity 1 pending",
                                  "try_wait_parity_for(50 us) times out",
                                  "the timed-out wait lasted >= 50 us",
                                  "try_wait_for(token, 10 s) succeeds",
                                  "pending_count(token) in range"};
    for (int c = 0; c < kChecks; c++) {
      bool thread0_only = c == kEarlyParity0Pending || c == kEarlyParity1Done || c == kTimedOut ||
                          c == kWaitedLongEnough;
      unsigned bad = 0;
      for (unsigned t = 0; t < (thread0_only ? 1 : n); t++)
        bad += got[t * kChecks + c] != 1;
      report.check(bad == 0, std::string("tokens: ") + names[c], bad ? std::to_string(bad) + " threads wrong" : "");
    }
    // Phase 2's pending counts, all threads at once: each in range, and the
    // first arrival saw all n + 1. (Threads of a warp that arrive together
    // can be one hardware arrival and share a token: counts may repeat.)
    std::vector<unsigned> values = rt::to_host(pending, n);
    unsigned top = *std::max_element(values.begin(), values.end());
    report.check(top == n + 1, "tokens: concurrent arrivals: the first saw the whole count",
                 "max " + std::to_string(top) + ", thread 0 saw " + std::to_string(values[0]));
    CHECK(cudaFree(flags));
    CHECK(cudaFree(pending));
  }

  // Exact pending counts, arrivals in order.
  {
    const unsigned n = 40;
    unsigned *out = rt::poisoned<unsigned>(n);
    LAUNCH(launcher, pending_in_order, 1, n, out);
    std::vector<unsigned> got = rt::to_host(out, n), want(n);
    for (unsigned t = 0; t < n; t++)
      want[t] = t == 0 ? n + 2 : n - t;
    report.compare("pending_count, arrivals in order (arrive_n 3 first, then 1 each)", got, want);
    CHECK(cudaFree(out));
  }

  // arrive_and_drop: the count shrinks by one each phase.
  for (unsigned n : {64u, 37u}) {
    int *errors = rt::poisoned<int>(n);
    LAUNCH(launcher, drop, 1, n, errors);
    std::vector<int> got = rt::to_host(errors, n);
    int bad = 0;
    for (int e : got)
      bad += e;
    report.check(bad == 0, "arrive_and_drop: " + std::to_string(n) + " threads leave one per phase",
                 bad ? std::to_string(bad) + " errors" : "");
    CHECK(cudaFree(errors));
  }

  // Copies bound to the barrier.
  {
    const unsigned blocks = options.quick ? 2 : 66, tiles = options.quick ? 6 : 40, threads = 96;
    std::vector<int4> in(blocks * tiles * 64);
    for (int4 &v : in)
      v = make_int4((int)rng.nonzero(), (int)rng.nonzero(), (int)rng.nonzero(), (int)rng.nonzero());
    std::vector<int4> want(in.size());
    for (unsigned b = 0; b < blocks * tiles; b++)
      for (unsigned j = 0; j < 64; j++)
        want[b * 64 + j] = in[b * 64 + 63 - j];
    int4 *in_device = rt::to_device(in);
    int4 *out = rt::poisoned<int4>(in.size());
    std::vector<uint32_t> want_words(4 * want.size());
    std::memcpy(want_words.data(), want.data(), want.size() * sizeof(int4));
    for (int hold_phase = 0; hold_phase < (options.quick ? 1 : 2); hold_phase++) {
      CHECK(cudaMemset(out, 0xA5, in.size() * sizeof(int4)));
      LAUNCH(launcher, bulk_tiles, blocks, threads, (const int4 *)in_device, out, tiles, hold_phase);
      std::vector<int4> got = rt::to_host(out, in.size());
      std::vector<uint32_t> got_words(4 * got.size());
      std::memcpy(got_words.data(), got.data(), got.size() * sizeof(int4));
      report.compare(std::string("copies bound to the barrier") + (hold_phase ? " (sm_80: hold + arrive)" : "") +
                         ": " + std::to_string(blocks) + " blocks x " + std::to_string(tiles) + " tiles of 1 KiB",
                     got_words, want_words);
    }
    CHECK(cudaFree(in_device));
    CHECK(cudaFree(out));

    int *done = rt::poisoned<int>(32);
    LAUNCH(launcher, manual_tx, 1, 32, done);
    std::vector<int> flags = rt::to_host(done, 32);
    report.check(std::count(flags.begin(), flags.end(), 1) == 32, "expect_tx + complete_tx by hand completes the phase");
    CHECK(cudaFree(done));
  }
  return report.finish();
}
