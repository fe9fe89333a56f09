// The host side every driver of bench/real/ shares. A driver is ours; the
// kernels it launches are a public program's, included verbatim from a
// checkout (bench/real/build.sh passes -I for the checkouts' folder). The
// driver makes the input (deterministic), runs the program's launches as the
// program does, and ends with two lines that bench/real/run.sh reads:
//   time_ms MEDIAN      median over the timed runs of the launches' time
//                       (device events around them, inputs reset outside)
//   hash HEX            FNV-1a over every output byte, after the last run
// `--small` selects the compute-sanitizer size (seconds under racecheck),
// `--runs N` the number of timed runs (default 11, at least 11 for tables),
// `--each` also prints every run's time, the warm-up first, in the order run:
//   runs_ms T0 T1 ...
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda.h>
#include <cuda_runtime.h>

// Legacy runtime names that CUDA 13 removed and legacy programs still call.
#ifndef cudaThreadSynchronize
#define cudaThreadSynchronize cudaDeviceSynchronize
#endif

#define REAL_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t real_err_ = (call);                                            \
    if (real_err_ != cudaSuccess) {                                            \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(real_err_));                      \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

namespace real {

struct options {
  bool small = false; // the sanitizer's size
  int runs = 11;      // timed runs
  bool each = false;  // print every run's time
};

inline options parse(int argc, char **argv) {
  options o;
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "--small"))
      o.small = true;
    else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
      o.runs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--each"))
      o.each = true;
    else {
      std::fprintf(stderr, "usage: %s [--small] [--runs N] [--each]\n", argv[0]);
      std::exit(2);
    }
  }
  if (o.small)
    o.runs = 1;
  return o;
}

// A fixed linear congruential sequence: the same input on every build.
struct lcg {
  uint64_t state;
  explicit lcg(uint64_t seed) : state(seed * 6364136223846793005ULL + 1) {}
  uint32_t next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(state >> 33);
  }
  float uniform() { return (next() >> 8) * (1.0f / 16777216.0f); } // [0, 1)
  int below(int n) { return (int)(next() % (uint32_t)n); }
};

// FNV-1a over bytes, chained over several outputs.
struct hash {
  uint64_t h = 1469598103934665603ULL;
  void add(const void *data, size_t bytes) {
    const unsigned char *p = static_cast<const unsigned char *>(data);
    for (size_t i = 0; i < bytes; i++)
      h = (h ^ p[i]) * 1099511628211ULL;
  }
  template <typename T> void add_device(const T *device, size_t count) {
    std::vector<T> host(count);
    REAL_CHECK(cudaMemcpy(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost));
    add(host.data(), count * sizeof(T));
  }
};

// Runs `reset` (untimed) then `launches` (timed with events on the legacy
// default stream) once as a warm-up and then o.runs times; prints time_ms.
template <typename Reset, typename Launches>
void time_runs(const options &o, Reset reset, Launches launches) {
  cudaEvent_t start, stop;
  REAL_CHECK(cudaEventCreate(&start));
  REAL_CHECK(cudaEventCreate(&stop));
  std::vector<float> each; // every run's time, the warm-up first
  for (int r = -1; r < o.runs; r++) {
    reset();
    REAL_CHECK(cudaDeviceSynchronize());
    REAL_CHECK(cudaEventRecord(start));
    launches();
    REAL_CHECK(cudaEventRecord(stop));
    REAL_CHECK(cudaEventSynchronize(stop));
    REAL_CHECK(cudaGetLastError());
    float ms = 0;
    REAL_CHECK(cudaEventElapsedTime(&ms, start, stop));
    each.push_back(ms);
  }
  if (o.each) {
    std::printf("runs_ms");
    for (float ms : each)
      std::printf(" %.6f", ms);
    std::printf("\n");
  }
  REAL_CHECK(cudaEventDestroy(start));
  REAL_CHECK(cudaEventDestroy(stop));
  std::vector<float> times(each.begin() + 1, each.end()); // the timed runs
  std::sort(times.begin(), times.end());
  std::printf("time_ms %.6f\n", times[times.size() / 2]);
}

inline void print_hash(const hash &h) { std::printf("hash %016llx\n", (unsigned long long)h.h); }

} // namespace real
