// The problems of the benchmark suite, shared by every build of it: the
// legacy sources in bench/ (built by clang with and without ferry) and the
// hand-written references in bench/reference/ (built by nvcc). A build
// supplies kernels through small launch lambdas; this header owns the
// inputs, the sizes, the timing and the output checksum, so that every
// build of a problem computes from the same bytes and its checksum can be
// compared with the legacy build's.
//
// Each measurement prints one line on stdout, which bench/suite.py reads:
//   result,PROBLEM,CONFIG,LABEL,MEDIAN_MS,BYTES,FLOPS,CHECKSUM
// LABEL names the kernel variant inside a reference build ("" in the legacy
// sources, where the build itself is the variant); BYTES is what the kernel
// reads plus writes in global memory (for the cudaMemcpy roof), FLOPS its
// arithmetic (SGEMM), 0 where not meaningful.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t check_err_ = (call);                                           \
    if (check_err_ != cudaSuccess) {                                           \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(check_err_));                     \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

namespace bench {

// Medians of this many timed launches, after kWarmupLaunches untimed ones.
// Small enough that the whole suite runs in well under three minutes.
constexpr int kRepsBandwidth = 21;
constexpr int kRepsSgemm = 11;

// Untimed launches before the timed ones, each waited for: the suite times
// each build's steady state. A ferry build's dispatch times each launch
// shape over its first launches (one warm-up and up to eight samples, each
// read at the launch after it: at most 18 launches); with one warm-up, a
// trial of three entries ran 13 of bench/copy_compute's 22 launches, so
// the median of the 21 timed ones was a launch of the trial's, not the
// entry it chose (H200: 0.145-0.147 ms at 4 blocks per SM, where the
// chosen entry's launches time 0.139-0.142 ms once the trial is over). What
// a trial costs a whole program is measured by bench/real, whose programs
// time themselves.
constexpr int kWarmupLaunches = 24;

// 2^26 four-byte elements: 256 MiB read and 256 MiB written by the copy
// loop, the stencil and the transpose, the same as the cudaMemcpy roof.
constexpr size_t kBandwidthElements = (size_t)1 << 26;
constexpr int kImageSide = 8192; // kImageSide^2 == kBandwidthElements
constexpr int kSgemmSide = 4096;

template <typename Launch> float median_ms(Launch launch, int reps) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int w = 0; w < kWarmupLaunches; w++) {
    launch();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
  }
  std::vector<float> times;
  for (int r = 0; r < reps; r++) {
    CHECK(cudaEventRecord(start));
    launch();
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaGetLastError());
    float ms;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms);
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// FNV-1a over 8-byte words (the sizes here are multiples of 8): any change
// of any output bit changes it, at host memory speed.
inline unsigned long long checksum(const void *data, size_t bytes) {
  const uint64_t *words = static_cast<const uint64_t *>(data);
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < bytes / 8; i++)
    h = (h ^ words[i]) * 1099511628211ULL;
  return h;
}

// Copies a device buffer back and hashes it.
inline unsigned long long device_checksum(const void *device, size_t bytes) {
  std::vector<unsigned char> host(bytes);
  CHECK(cudaMemcpy(host.data(), device, bytes, cudaMemcpyDeviceToHost));
  return checksum(host.data(), bytes);
}

inline void print_result(const char *problem, const char *config, const char *label, float ms,
                         double bytes, double flops, unsigned long long sum) {
  std::printf("result,%s,%s,%s,%.6f,%.0f,%.0f,%016llx\n", problem, config, label, ms, bytes,
              flops, sum);
  std::fflush(stdout);
}

// Every output buffer is filled with this byte before a measurement, so an
// element a kernel fails to write cannot look right by accident.
constexpr int kPoisonByte = 0xA5;

// Deterministic inputs, the same in every build.
inline int input_int(size_t i) { return (int)(i * 2654435761u); }
inline float input_float(size_t i) {
  return (float)((i * 2654435761u) % 1000) / 1000.0f - 0.5f;
}

inline int sm_count() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  return prop.multiProcessorCount;
}

// A device-to-device cudaMemcpy of kBandwidthElements ints: the bandwidth
// roof the bandwidth-bound kernels are measured against.
inline void measure_memcpy_roof() {
  size_t bytes = kBandwidthElements * sizeof(int);
  void *in, *out;
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMalloc(&out, bytes));
  CHECK(cudaMemset(in, 1, bytes));
  float ms = median_ms([&] { CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice)); },
                       kRepsBandwidth);
  print_result("memcpy", "d2d", "", ms, 2.0 * bytes, 0, 0);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
}

// The seeds' copy-and-compute loop: each block copies blockDim.x ints a
// batch into shared memory and computes out[i] = s[i] * 3 + s[(i+1) % n].
// The grid is 1, 2, 4 and 8 blocks per SM of kCopyComputeThreads threads;
// each block runs `batches` batches so that the grid covers the input.
constexpr int kCopyComputeThreads = 256;
struct CopyCompute {
  int *in = nullptr, *out = nullptr;
  const char *problem; // the name results are printed under

  explicit CopyCompute(const char *problem = "copy_compute") : problem(problem) {
    std::vector<int> host(kBandwidthElements);
    for (size_t i = 0; i < host.size(); i++)
      host[i] = input_int(i);
    CHECK(cudaMalloc(&in, host.size() * sizeof(int)));
    CHECK(cudaMalloc(&out, host.size() * sizeof(int)));
    CHECK(cudaMemcpy(in, host.data(), host.size() * sizeof(int), cudaMemcpyHostToDevice));
  }
  ~CopyCompute() {
    cudaFree(in);
    cudaFree(out);
  }

  // launch(blocks, threads, out, in, batches) launches one kernel.
  template <typename Launch> void measure(const char *label, Launch launch) {
    int sms = sm_count();
    for (int per_sm : {1, 2, 4, 8}) {
      int blocks = sms * per_sm;
      size_t batches = kBandwidthElements / ((size_t)blocks * kCopyComputeThreads);
      size_t used = batches * blocks * kCopyComputeThreads;
      CHECK(cudaMemset(out, kPoisonByte, kBandwidthElements * sizeof(int)));
      float ms = median_ms([&] { launch(blocks, kCopyComputeThreads, out, (const int *)in, batches); },
                           kRepsBandwidth);
      char config[32];
      std::snprintf(config, sizeof config, "%d_blocks_per_sm", per_sm);
      print_result(problem, config, label, ms, 2.0 * used * sizeof(int), 0,
                   device_checksum(out, used * sizeof(int)));
    }
  }
};

// C = A * B, square kSgemmSide matrices, one output per thread, BS x BS
// tiles (the CUDA samples' matrixMul). The checksum covers C bit for bit:
// every build sums each output's products in the same order (tile by tile,
// k ascending within a tile, one fused multiply-add per product), so the
// results are identical, not merely close.
struct Sgemm {
  float *A = nullptr, *B = nullptr, *C = nullptr;
  static constexpr size_t elements = (size_t)kSgemmSide * kSgemmSide;

  Sgemm() {
    std::vector<float> host(elements);
    for (size_t i = 0; i < elements; i++)
      host[i] = input_float(i);
    CHECK(cudaMalloc(&A, elements * sizeof(float)));
    CHECK(cudaMalloc(&B, elements * sizeof(float)));
    CHECK(cudaMalloc(&C, elements * sizeof(float)));
    CHECK(cudaMemcpy(A, host.data(), elements * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(B, host.data(), elements * sizeof(float), cudaMemcpyHostToDevice));
  }
  ~Sgemm() {
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
  }

  // launch(grid, block, C, A, B, n) launches one kernel of tile side `tile`.
  template <typename Launch> void measure(const char *label, int tile, Launch launch) {
    const int n = kSgemmSide;
    CHECK(cudaMemset(C, kPoisonByte, elements * sizeof(float)));
    dim3 grid(n / tile, n / tile), block(tile, tile);
    float ms = median_ms([&] { launch(grid, block, C, (const float *)A, (const float *)B, n); },
                         kRepsSgemm);
    char config[32];
    std::snprintf(config, sizeof config, "%dx%d", tile, tile);
    print_result("sgemm", config, label, ms, 3.0 * elements * sizeof(float),
                 2.0 * n * (double)n * n, device_checksum(C, elements * sizeof(float)));
  }
};

// A kImageSide x kImageSide float image in, one of the same size out: the
// stencil and the transpose.
struct Image {
  float *in = nullptr, *out = nullptr;
  static constexpr size_t elements = (size_t)kImageSide * kImageSide;

  Image() {
    std::vector<float> host(elements);
    for (size_t i = 0; i < elements; i++)
      host[i] = input_float(i);
    CHECK(cudaMalloc(&in, elements * sizeof(float)));
    CHECK(cudaMalloc(&out, elements * sizeof(float)));
    CHECK(cudaMemcpy(in, host.data(), elements * sizeof(float), cudaMemcpyHostToDevice));
  }
  ~Image() {
    cudaFree(in);
    cudaFree(out);
  }

  // launch(out, in, width, height) launches one kernel.
  template <typename Launch>
  void measure(const char *problem, const char *config, const char *label, Launch launch) {
    CHECK(cudaMemset(out, kPoisonByte, elements * sizeof(float)));
    float ms = median_ms([&] { launch(out, (const float *)in, kImageSide, kImageSide); },
                         kRepsBandwidth);
    print_result(problem, config, label, ms, 2.0 * elements * sizeof(float), 0,
                 device_checksum(out, elements * sizeof(float)));
  }
};

// One input buffer and one output buffer of T, for the problems in the
// shapes of public legacy code (issues 12 and 13: the merge step, the 8x8
// DCT, the bitonic sort, the reduction, the LU-like perimeter step): fill
// writes the input on the host, the output is poisoned before each
// measurement and hashed whole after it.
template <typename T> struct Buffers {
  T *in = nullptr, *out = nullptr;
  size_t in_elements, out_elements;

  template <typename Fill>
  Buffers(size_t in_elements, size_t out_elements, Fill fill)
      : in_elements(in_elements), out_elements(out_elements) {
    std::vector<T> host(in_elements);
    fill(host);
    CHECK(cudaMalloc(&in, in_elements * sizeof(T)));
    CHECK(cudaMalloc(&out, out_elements * sizeof(T)));
    CHECK(cudaMemcpy(in, host.data(), in_elements * sizeof(T), cudaMemcpyHostToDevice));
  }
  ~Buffers() {
    cudaFree(in);
    cudaFree(out);
  }

  // launch(out, in) launches one kernel, which reads and writes `bytes`
  // of global memory.
  template <typename Launch>
  void measure(const char *problem, const char *config, const char *label, double bytes,
               Launch launch) {
    CHECK(cudaMemset(out, kPoisonByte, out_elements * sizeof(T)));
    float ms = median_ms([&] { launch(out, (const T *)in); }, kRepsBandwidth);
    print_result(problem, config, label, ms, bytes, 0, device_checksum(out, out_elements * sizeof(T)));
  }
};

// The merge step's input: kBandwidthElements ints in sorted runs of
// kMergeRun, each run a different start and steps of 0 to 7 (ties
// included, so that the merge's stability shows in the output).
constexpr int kMergeRun = 256;
inline void merge_input(std::vector<int> &v) {
  for (size_t run = 0; run < v.size(); run += kMergeRun) {
    int x = (int)((unsigned)input_int(run) % 100000u);
    for (size_t i = run; i < run + kMergeRun; i++) {
      x += (int)((unsigned)input_int(i) >> 29);
      v[i] = x;
    }
  }
}

// The 8x8 DCT-II's basis, row u: c(u) cos((2k + 1) u pi / 16), orthonormal.
// Computed on the host in double, so every build gets the same floats.
inline void dct_basis(float basis[64]) {
  for (int u = 0; u < 8; u++)
    for (int k = 0; k < 8; k++)
      basis[u * 8 + k] = (float)((u == 0 ? std::sqrt(1.0 / 8) : std::sqrt(2.0 / 8)) *
                                 std::cos((2 * k + 1) * u * 3.14159265358979323846 / 16));
}

// The separable convolution's taps, radius 8: a binomial-like smoothing
// kernel, normalised in double on the host.
constexpr int kConvRadius = 8;
inline void convolution_taps(float taps[2 * kConvRadius + 1]) {
  double sum = 0, w[2 * kConvRadius + 1];
  for (int j = -kConvRadius; j <= kConvRadius; j++)
    sum += w[j + kConvRadius] = std::exp(-(double)(j * j) / (2.0 * 3.0 * 3.0));
  for (int j = 0; j <= 2 * kConvRadius; j++)
    taps[j] = (float)(w[j] / sum);
}

} // namespace bench
