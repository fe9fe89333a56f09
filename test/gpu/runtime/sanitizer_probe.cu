// What compute-sanitizer's synccheck accepts, and what mbarrier.pending_count
// returns: small mbarrier patterns, one per mode, each run alone under
// synccheck by run.sh. Not a test of the runtime: it records the tool's and
// the hardware's behaviour that the runtime's design relies on.
//
// Usage: sanitizer_probe MODE
//   pending      sequential arrivals; prints pending_count of each token
//   token        arrive, wait(token)
//   parity       arrive, wait_parity
//   cp-incr      cp.async, cp.async.mbarrier.arrive, arrive, wait(token)
//   cp-noinc     cp.async, cp.async.mbarrier.arrive.noinc (the thread's arrival), wait_parity
//   pc-arrive    warp 0 produces (arrive on full, wait empty by parity), warps 1-3 consume
//   pc-noinc     the same, producers arrive on full with cp.async.mbarrier.arrive.noinc
//   pc-incr      the same, producers with cp.async.mbarrier.arrive + arrive
#include <ferry.h>

#include "rt_harness.cuh"

#define SHARED32(p) ((unsigned)__cvta_generic_to_shared(p))

__device__ void copy4(int *destination, const int *source) {
#if __CUDA_ARCH__ >= 800
  __nvvm_cp_async_ca_shared_global_4((__attribute__((address_space(3))) void *)destination,
                                     (__attribute__((address_space(1))) const void *)source);
#else
  *destination = *source;
#endif
}

__device__ void arrive_noinc(ferry_barrier_t *barrier) {
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" : : "r"(SHARED32(barrier)) : "memory");
#else
  (void)ferry_barrier_arrive(barrier);
#endif
}

extern "C" __global__ void pending(unsigned *out) {
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
  // Thread 0 arrives for three (arrive_n), the others for one each.
  ferry_barrier_token_t token = ferry_barrier_arrive_n(&barrier, t == 0 ? 3 : 1);
  out[t] = ferry_barrier_pending_count(token);
  atomicAdd(&turn, 1u);
  ferry_barrier_wait(&barrier, token);
}

extern "C" __global__ void patterns(int mode, const int *in, int *out) {
  __shared__ ferry_barrier_t barrier, full, empty;
  __shared__ int tile[128];
  const unsigned t = threadIdx.x;
  const bool partitioned = mode >= 5;
  if (t == 0) {
    ferry_barrier_init(&barrier, blockDim.x);
    ferry_barrier_init(&full, 32);
    ferry_barrier_init(&empty, blockDim.x - 32);
  }
  __syncthreads();
  int sum = 0;
  if (!partitioned) {
    for (int round = 0; round < 4; round++) {
      bool parity = round & 1;
      if (mode == 1) { // token
        tile[t] = in[round * 128 + t];
        ferry_barrier_wait(&barrier, ferry_barrier_arrive(&barrier));
      } else if (mode == 2) { // parity
        tile[t] = in[round * 128 + t];
        (void)ferry_barrier_arrive(&barrier);
        ferry_barrier_wait_parity(&barrier, parity);
      } else if (mode == 3) { // cp-incr
        copy4(&tile[t], &in[round * 128 + t]);
        ferry_barrier_arrive_on_cp_async(&barrier);
        ferry_barrier_wait(&barrier, ferry_barrier_arrive(&barrier));
      } else { // cp-noinc
        copy4(&tile[t], &in[round * 128 + t]);
        arrive_noinc(&barrier);
        ferry_barrier_wait_parity(&barrier, parity);
      }
      sum += tile[(t + 1) % 128];
      __syncthreads(); // the next round overwrites the tile
    }
  } else {
    for (int round = 0; round < 4; round++) {
      bool parity = round & 1;
      if (t < 32) {
        ferry_barrier_wait_parity(&empty, !parity);
        for (int i = t; i < 128; i += 32)
          copy4(&tile[i], &in[round * 128 + i]);
        if (mode == 5) { // pc-arrive
#if __CUDA_ARCH__ >= 800
          __nvvm_cp_async_wait_all();
#endif
          (void)ferry_barrier_arrive(&full);
        } else if (mode == 6) { // pc-noinc
          arrive_noinc(&full);
        } else { // pc-incr
          ferry_barrier_arrive_on_cp_async(&full);
          (void)ferry_barrier_arrive(&full);
        }
      } else {
        ferry_barrier_wait_parity(&full, parity);
        sum += tile[(t + 1) % 128];
        (void)ferry_barrier_arrive(&empty);
      }
    }
  }
  out[t] = sum;
}

int main(int argc, char **argv) {
  const char *modes[] = {"pending", "token", "parity", "cp-incr", "cp-noinc", "pc-arrive", "pc-noinc", "pc-incr"};
  int mode = -1;
  for (int m = 0; m < 8 && argc > 1; m++)
    if (!std::strcmp(argv[1], modes[m]))
      mode = m;
  if (mode < 0) {
    std::fprintf(stderr, "usage: %s MODE\n", argv[0]);
    return 2;
  }
  rt::Options options = rt::parse(argc - 1, argv + 1);
  rt::Launcher launcher(options);
  if (mode == 0) {
    const unsigned n = 8;
    unsigned *out = rt::poisoned<unsigned>(n);
    LAUNCH(launcher, pending, 1, n, out);
    std::vector<unsigned> got = rt::to_host(out, n);
    std::printf("INFO pending counts (expected %u arrivals; thread 0 arrives for 3, first):", n + 2);
    for (unsigned v : got)
      std::printf(" %u", v);
    std::printf("\n");
    return 0;
  }
  std::vector<int> in(4 * 128);
  for (size_t i = 0; i < in.size(); i++)
    in[i] = (int)i * 3 + 1;
  int *in_device = rt::to_device(in);
  int *out = rt::poisoned<int>(128);
  LAUNCH(launcher, patterns, 1, 128, mode, (const int *)in_device, out);
  std::vector<int> got = rt::to_host(out, 128);
  unsigned bad = 0;
  for (unsigned t = 0; t < 128; t++) {
    if (mode >= 5 && t < 32)
      continue;
    int want = 0;
    for (int round = 0; round < 4; round++)
      want += in[round * 128 + (t + 1) % 128];
    bad += got[t] != want;
  }
  std::printf("%s %s: %u wrong\n", bad ? "FAIL" : "PASS", modes[mode], bad);
  return bad ? 1 : 0;
}
