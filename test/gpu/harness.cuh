// Shared scaffolding of the GPU execution tests (test/gpu/*.cu): checked CUDA
// calls, deterministic inputs, poisoned outputs, the output file that run.sh
// compares bit for bit between the plain and the plugin build, and a failure
// count that becomes the exit status.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

// After every launch: the launch's own error, then the kernel's.
#define CHECK_LAUNCH()                                                         \
  do {                                                                         \
    CHECK(cudaGetLastError());                                                 \
    CHECK(cudaDeviceSynchronize());                                            \
  } while (0)

namespace harness {

// Output buffers are filled with this byte before each launch, so an element
// the kernel fails to write can never look right by accident.
constexpr int kPoisonByte = 0xA5;

// splitmix64: the same stream on every machine and every build.
struct Rng {
  uint64_t state;
  explicit Rng(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Integers in [-range, range], never 0 (a zero input hides a missed copy
  // into zero-initialised memory).
  int nonzero_int(int range) {
    for (;;) {
      int v = (int)(next() % (2u * (unsigned)range + 1u)) - range;
      if (v != 0)
        return v;
    }
  }
  // Floats in [-1, -1/64] U [1/64, 1]: nonzero, with full random mantissas.
  float nonzero_float() {
    float mag = 0.015625f + (float)(next() >> 40) * (0.984375f / 16777216.0f);
    return (next() & 1) ? -mag : mag;
  }
  double nonzero_double() {
    double mag = 0.015625 + (double)(next() >> 11) * (0.984375 / 9007199254740992.0);
    return (next() & 1) ? -mag : mag;
  }
};

// Everything a test writes to its output file, in launch order.
struct Output {
  std::vector<unsigned char> bytes;
  void append(const void *data, size_t size) {
    const unsigned char *p = static_cast<const unsigned char *>(data);
    bytes.insert(bytes.end(), p, p + size);
  }
  template <typename T> void append(const std::vector<T> &v) {
    append(v.data(), v.size() * sizeof(T));
  }
  bool write(const char *path) const {
    FILE *f = std::fopen(path, "wb");
    if (!f) {
      std::perror(path);
      return false;
    }
    bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
    ok = (std::fclose(f) == 0) && ok;
    if (!ok)
      std::fprintf(stderr, "%s: write failed\n", path);
    return ok;
  }
};

template <typename T> T *device_copy(const std::vector<T> &host) {
  T *dev = nullptr;
  CHECK(cudaMalloc(&dev, host.size() * sizeof(T)));
  CHECK(cudaMemcpy(dev, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return dev;
}

template <typename T> T *device_poisoned(size_t count) {
  T *dev = nullptr;
  CHECK(cudaMalloc(&dev, count * sizeof(T)));
  CHECK(cudaMemset(dev, kPoisonByte, count * sizeof(T)));
  return dev;
}

template <typename T> std::vector<T> host_copy(const T *dev, size_t count) {
  std::vector<T> host(count);
  CHECK(cudaMemcpy(host.data(), dev, count * sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

// Compares byte for byte against the reference; prints the first few
// differences and returns how many elements differ.
template <typename T>
size_t count_mismatches(const char *what, const std::vector<T> &got,
                        const std::vector<T> &want) {
  size_t bad = 0;
  for (size_t i = 0; i < want.size(); i++) {
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
      if (bad < 5)
        std::fprintf(stderr, "%s: element %zu differs from the CPU reference\n", what, i);
      bad++;
    }
  }
  if (bad)
    std::fprintf(stderr, "%s: %zu of %zu elements differ\n", what, bad, want.size());
  return bad;
}

inline int usage(const char *argv0) {
  std::fprintf(stderr, "usage: %s OUTPUT_FILE\n", argv0);
  return 2;
}

// Writes the output file and turns the failure count into the exit status.
inline int finish(const char *test, const Output &out, const char *path, int failures) {
  if (!out.write(path))
    failures++;
  std::printf("%s: %s (%zu output bytes, %d failure%s)\n", test,
              failures ? "FAIL" : "ok", out.bytes.size(), failures,
              failures == 1 ? "" : "s");
  return failures ? 1 : 0;
}

} // namespace harness
