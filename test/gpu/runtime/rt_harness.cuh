// Scaffolding of the runtime's GPU tests: checked CUDA calls, a
// deterministic generator, per-check PASS/FAIL lines and the exit status,
// and the launcher that can take its kernels from a PTX file instead of the
// binary.
//
// Why the PTX file: CUDA 13 cannot build sm_70 code (its ptxas and
// fatbinary reject sm_70), so the sm_70 build of a test is its device code as
// PTX (.target sm_70, from clang --cuda-device-only -S), loaded at run time
// with cudaLibraryLoadFromFile; the driver JIT-compiles it for the GPU at
// hand. Every kernel is extern "C" so that it can be found by name there.
//
// Usage of every test program:  NAME [--ptx FILE] [--quick]
//   --ptx FILE  launch the kernels of FILE instead of the built-in ones
//   --quick     smaller sizes, for the runs under compute-sanitizer
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t check_err_ = (call);                                                               \
    if (check_err_ != cudaSuccess) {                                                               \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,                    \
                   cudaGetErrorString(check_err_));                                                \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

namespace rt {

struct Options {
  const char *ptx = nullptr;
  bool quick = false;
};

inline Options parse(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "--ptx") && i + 1 < argc)
      options.ptx = argv[++i];
    else if (!std::strcmp(argv[i], "--quick"))
      options.quick = true;
    else {
      std::fprintf(stderr, "usage: %s [--ptx FILE] [--quick]\n", argv[0]);
      std::exit(2);
    }
  }
  return options;
}

// splitmix64: the same stream on every machine.
struct Rng {
  uint64_t state;
  explicit Rng(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Never 0: a zero input hides a copy that did not happen.
  uint32_t nonzero() {
    for (;;) {
      uint32_t v = (uint32_t)next();
      if (v)
        return v;
    }
  }
};

class Launcher {
public:
  explicit Launcher(const Options &options) {
    if (options.ptx) {
      CHECK(cudaLibraryLoadFromFile(&library_, options.ptx, nullptr, nullptr, 0, nullptr, nullptr, 0));
      std::printf("kernels from %s\n", options.ptx);
    }
  }
  // The kernel to launch: the built-in one, or the PTX file's of that name.
  const void *kernel(const char *name, const void *built_in) const {
    if (!library_)
      return built_in;
    cudaKernel_t kernel;
    CHECK(cudaLibraryGetKernel(&kernel, library_, name));
    return (const void *)kernel;
  }
  // Launches and waits; returns the launch's or the kernel's error.
  template <typename... Args>
  cudaError_t launch(const char *name, const void *built_in, dim3 grid, dim3 block, Args... args) const {
    void *arguments[] = {(void *)&args..., nullptr};
    cudaError_t error = cudaLaunchKernel(kernel(name, built_in), grid, block, arguments, 0, 0);
    if (error == cudaSuccess)
      error = cudaDeviceSynchronize();
    return error;
  }

private:
  cudaLibrary_t library_ = nullptr;
};

// Launch and require success.
#define LAUNCH(launcher, kernel, grid, block, ...)                                                 \
  CHECK((launcher).launch(#kernel, (const void *)kernel, grid, block, __VA_ARGS__))

template <typename T> T *to_device(const std::vector<T> &host) {
  T *device = nullptr;
  CHECK(cudaMalloc(&device, host.size() * sizeof(T)));
  CHECK(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

// Outputs start as 0xA5 bytes, so that an element nobody wrote is wrong.
template <typename T> T *poisoned(size_t count) {
  T *device = nullptr;
  CHECK(cudaMalloc(&device, count * sizeof(T)));
  CHECK(cudaMemset(device, 0xA5, count * sizeof(T)));
  return device;
}

template <typename T> std::vector<T> to_host(const T *device, size_t count) {
  std::vector<T> host(count);
  CHECK(cudaMemcpy(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

// One line per check; the exit status counts the failures.
class Report {
public:
  explicit Report(const char *program) : program_(program) {}
  void check(bool ok, const std::string &what, const std::string &detail = "") {
    std::printf("%s %s: %s%s%s\n", ok ? "PASS" : "FAIL", program_, what.c_str(), detail.empty() ? "" : "  ",
                detail.c_str());
    std::fflush(stdout);
    failures_ += ok ? 0 : 1;
    checks_++;
  }
  // Element-wise comparison; the first differences go to stderr.
  template <typename T>
  void compare(const std::string &what, const std::vector<T> &got, const std::vector<T> &want) {
    size_t bad = 0;
    for (size_t i = 0; i < want.size(); i++) {
      if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0) {
        if (bad < 5)
          std::fprintf(stderr, "%s: element %zu differs\n", what.c_str(), i);
        bad++;
      }
    }
    check(bad == 0 && got.size() == want.size(), what,
          std::to_string(want.size()) + " elements" + (bad ? ", " + std::to_string(bad) + " differ" : ""));
  }
  int finish() const {
    std::printf("%s: %d checks, %d failed\n", program_, checks_, failures_);
    return failures_ ? 1 : 0;
  }

private:
  const char *program_;
  int checks_ = 0, failures_ = 0;
};

} // namespace rt
