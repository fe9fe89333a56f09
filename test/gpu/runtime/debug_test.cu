// Built with -DFERRY_DEBUG. Each mode breaks one precondition that libcu++
// verifies "in debug mode"; the kernel must print ferry's message and trap,
// so the launch fails. Mode "valid" breaks nothing and must succeed. A trap
// ruins the CUDA context, hence one mode per process: run.sh runs each and
// checks the printed message as well as this program's verdict.
//
// Usage: debug_test MODE [--ptx FILE]
#include <ferry.h>

#include "rt_harness.cuh"

enum Mode { kValid, kProbability, kRange, kBarrierSpace, kProducers, kLoadSpace, kModes };
static const char *kNames[kModes] = {"valid", "probability", "range", "barrier-space", "producers", "load-space"};

// The arguments come from the host, so that nothing is known at compile
// time (the plugin diagnoses constant arguments; this is the run-time check).
extern "C" __global__ void violate(int mode, float probability, unsigned long leading, unsigned long total,
                                   unsigned long long *sink, ferry_barrier_t *global_barrier, unsigned producers) {
  __shared__ ferry_barrier_t barrier;
  __shared__ FERRY_PIPELINE_SHARED_STATE(2) state;
  __shared__ unsigned local_word;
  unsigned long long result = 0;
  switch (mode) {
  case kProbability:
    result = ferry_access_property_interleaved(FERRY_ACCESS_STREAMING, probability, FERRY_ACCESS_GLOBAL).policy;
    break;
  case kRange:
    result = ferry_access_property_range(sink, leading, total, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_GLOBAL).policy;
    break;
  case kBarrierSpace:
    ferry_barrier_init(global_barrier, 1);
    break;
  case kProducers: {
    ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK_PARTITIONED(&state, producers);
    (void)ferry_pipeline_quit(&pipe);
    break;
  }
  case kLoadSpace:
    local_word = 7;
    result = ferry_load_u32(mode == kLoadSpace ? (const void *)&local_word : (const void *)sink,
                            ferry_access_property_normal());
    break;
  default:
    if (threadIdx.x == 0)
      ferry_barrier_init(&barrier, blockDim.x);
    __syncthreads();
    ferry_barrier_arrive_and_wait(&barrier);
    result = ferry_access_property_interleaved(FERRY_ACCESS_STREAMING, probability, FERRY_ACCESS_GLOBAL).policy;
    result ^= ferry_access_property_range(sink, leading, total, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_GLOBAL).policy;
    break;
  }
  sink[threadIdx.x] = result;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MODE [--ptx FILE]\n", argv[0]);
    return 2;
  }
  int mode = -1;
  for (int m = 0; m < kModes; m++)
    if (!std::strcmp(argv[1], kNames[m]))
      mode = m;
  if (mode < 0) {
    std::fprintf(stderr, "unknown mode %s\n", argv[1]);
    return 2;
  }
  rt::Options options = rt::parse(argc - 1, argv + 1);
  rt::Launcher launcher(options);
  rt::Report report("debug_test");

  unsigned long long *sink = rt::poisoned<unsigned long long>(64);
  ferry_barrier_t *global_barrier = rt::poisoned<ferry_barrier_t>(1);
  float probability = mode == kProbability ? 2.0f : 0.5f;
  unsigned long leading = mode == kRange ? 512 : 256, total = 256;
  unsigned producers = mode == kProducers ? 64 : 16;
  cudaError_t error = launcher.launch("violate", (const void *)violate, 1, 64, mode, probability, leading, total,
                                      sink, global_barrier, producers);
  std::fflush(stdout);
  if (mode == kValid)
    report.check(error == cudaSuccess, "valid arguments pass the checks", cudaGetErrorString(error));
  else
    report.check(error != cudaSuccess, std::string(kNames[mode]) + ": the launch traps",
                 std::string("launch result: ") + cudaGetErrorString(error));
  return report.finish();
}
