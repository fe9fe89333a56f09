// expect: control
//
// A control for the sanitizer, not a plain-vs-ferry pair: every "racecheck
// clean" result of the other tests means something only if compute-sanitizer
// racecheck sees a race that goes through cp.async. This program plants one.
// build.sh builds it with plain clang alone (NAME.ARCH.control; no plugin:
// the copies are written as inline PTX), and run.sh puts it through racecheck
// with the options it uses for the other tests:
//
//   racy    thread t issues `cp.async.ca.shared.global [tile+4t], [in+4t], 4`
//           and `cp.async.commit_group`, but no `cp.async.wait_group` before
//           `__syncthreads()`; thread t+1 then reads tile[t]. The copy may
//           not have landed: a cross-thread read-after-write race. racecheck
//           must report hazards (more than 0).
//   synced  the same with `cp.async.wait_group 0` before the barrier (what
//           ferry emits). racecheck must report 0 hazards, and the values
//           read must equal the CPU reference.
//
// run.sh reports `PASS NAME.ARCH racecheck-detects` only when both hold.
// Extra modes, for run.sh's INFO lines (not counted):
//   racy16, synced16  the same with 16-byte `cp.async.cg` copies (ferry's
//                     block-collective chunks and 16-byte elements);
//   racyown           thread t reads its OWN tile[t] right after the commit,
//                     with no wait (a same-thread hazard; no barrier);
//   plainrace         the same exchange through a plain shared store and NO
//                     barrier at all: a race that involves no cp.async, to
//                     show racecheck works at all on this machine.
//
// Usage: sanitizer_control.ARCH.control MODE OUTPUT_FILE. The racy modes
// never fail on the values they read (they may or may not be stale); they
// exit 0 unless a CUDA call fails. The synced modes fail on any mismatch.
#include <cstring>

#include "harness.cuh"

constexpr int kThreads = 128;
constexpr int kBlocks = 4;

enum Mode { kRacy, kSynced, kRacyOwn, kPlainRace };

// Each thread copies kWords 4-byte words (one 4- or 16-byte cp.async) into
// its slot of the tile, then reads the slot of thread t+1 (mod the block).
template <int kWords, Mode kMode>
__global__ void copy_then_read(unsigned *out, const unsigned *in) {
  __shared__ __align__(16) unsigned tile[kThreads * kWords];
  unsigned t = threadIdx.x;
  size_t slot = ((size_t)blockIdx.x * kThreads + t) * kWords;
  if (kMode == kPlainRace) {
    for (int w = 0; w < kWords; w++)
      tile[t * kWords + w] = in[slot + w];
    // no barrier: thread t+1 may read before thread t has written
  } else {
    unsigned dst = (unsigned)__cvta_generic_to_shared(&tile[t * kWords]);
    size_t src = __cvta_generic_to_global(in + slot);
    if (kWords == 1)
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(dst), "l"(src) : "memory");
    else
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    if (kMode == kSynced)
      asm volatile("cp.async.wait_group 0;" ::: "memory");
    if (kMode != kRacyOwn)
      __syncthreads();
  }
  unsigned other = kMode == kRacyOwn ? t : (t + 1) % kThreads;
  for (int w = 0; w < kWords; w++)
    out[slot + w] = tile[other * kWords + w];
  if (kMode == kRacy || kMode == kRacyOwn) // drain the group before the thread exits
    asm volatile("cp.async.wait_group 0;" ::: "memory");
}

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr,
                 "usage: %s racy|synced|racy16|synced16|racyown|plainrace OUTPUT_FILE\n",
                 argv[0]);
    return 2;
  }
  const char *mode = argv[1];
  int words = (!std::strcmp(mode, "racy16") || !std::strcmp(mode, "synced16")) ? 4 : 1;
  size_t n = (size_t)kBlocks * kThreads * words;
  harness::Rng rng(0x5A417);
  std::vector<unsigned> in(n);
  for (unsigned &v : in)
    v = (unsigned)(rng.next() | 1);
  unsigned *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>(n);
  bool check = false;
  if (!std::strcmp(mode, "racy"))
    copy_then_read<1, kRacy><<<kBlocks, kThreads>>>(d_out, d_in);
  else if (!std::strcmp(mode, "synced"))
    check = true, copy_then_read<1, kSynced><<<kBlocks, kThreads>>>(d_out, d_in);
  else if (!std::strcmp(mode, "racy16"))
    copy_then_read<4, kRacy><<<kBlocks, kThreads>>>(d_out, d_in);
  else if (!std::strcmp(mode, "synced16"))
    check = true, copy_then_read<4, kSynced><<<kBlocks, kThreads>>>(d_out, d_in);
  else if (!std::strcmp(mode, "racyown"))
    copy_then_read<1, kRacyOwn><<<kBlocks, kThreads>>>(d_out, d_in);
  else if (!std::strcmp(mode, "plainrace"))
    copy_then_read<1, kPlainRace><<<kBlocks, kThreads>>>(d_out, d_in);
  else {
    std::fprintf(stderr, "unknown mode %s\n", mode);
    return 2;
  }
  CHECK_LAUNCH();
  std::vector<unsigned> got = harness::host_copy(d_out, n), want(n);
  bool own = !std::strcmp(mode, "racyown");
  for (int b = 0; b < kBlocks; b++)
    for (int t = 0; t < kThreads; t++)
      for (int w = 0; w < words; w++)
        want[((size_t)b * kThreads + t) * words + w] =
            in[((size_t)b * kThreads + (own ? t : (t + 1) % kThreads)) * words + w];
  size_t stale = 0;
  for (size_t i = 0; i < n; i++)
    stale += got[i] != want[i];
  std::printf("mode %s: %zu of %zu values read differ from the source%s\n", mode, stale, n,
              check ? "" : " (not checked: the race is planted)");
  harness::Output out;
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  char name[64];
  std::snprintf(name, sizeof name, "sanitizer_control %s", mode);
  return harness::finish(name, out, argv[2], check && stale ? 1 : 0);
}
