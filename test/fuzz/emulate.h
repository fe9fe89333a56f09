// Runs the generated kernels on CPU threads, one std::thread per CUDA thread
// and a std::barrier for __syncthreads(), with just enough of the CUDA runtime
// for the generated host driver. It checks the generator (its CPU reference
// against real threads that race as a block's do), not any compiler: build a
// part with -x c++ -std=c++20 -DFUZZ_EMULATE (see check_emulated.sh).
#pragma once
#include <barrier>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __shared__ static
#define __constant__
#define __launch_bounds__(...)
#define __align__(n) alignas(n)

struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};
struct uint4 { unsigned x, y, z, w; };

typedef int cudaError_t;
enum { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorNotReady = 600 };
enum { cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2 };

namespace emu {
inline thread_local dim3 thread_index, block_index;
inline dim3 block_dim;
inline std::barrier<> *block_barrier;
alignas(16) inline unsigned char dynamic_shared[64 << 10];
inline cudaError_t last_error = cudaSuccess;
// To test run.py: FUZZ_EMULATE_HANG_AT=N makes the N-th launch of the process
// never finish, FUZZ_EMULATE_STICKY_AT=N makes it fail and spoil the context.
inline int launches, hung, sticky;
inline bool nth_launch(const char *var) {
  const char *v = std::getenv(var);
  return v && std::atoi(v) == launches;
}

template <class K> struct Launcher {
  dim3 grid, block;
  size_t dynamic;
  K *kernel;
  template <class... A> void operator()(A... args) const {
    unsigned threads = block.x * block.y * block.z;
    launches++;
    hung = nth_launch("FUZZ_EMULATE_HANG_AT");
    if (nth_launch("FUZZ_EMULATE_STICKY_AT")) {
      sticky = 1;
      last_error = 719; // cudaErrorLaunchFailure
      return;
    }
    if (dynamic > 49152 || threads > 1024 || threads == 0) {
      last_error = cudaErrorInvalidValue;
      return;
    }
    block_dim = block;
    // FUZZ_EMULATE_BLOCKS_REVERSED=1 runs the blocks last to first: a result
    // that depends on the blocks' order (one block's accesses reaching into
    // another's window) then differs from the reference's, which runs them
    // first to last.
    const bool reversed = std::getenv("FUZZ_EMULATE_BLOCKS_REVERSED") != nullptr;
    for (unsigned i = 0; i < grid.x; i++) {
      const unsigned b = reversed ? grid.x - 1 - i : i;
      // Stale tile contents from the block before must never be read.
      std::memset(dynamic_shared, 0x5a, sizeof dynamic_shared);
      std::barrier<> bar(threads);
      block_barrier = &bar;
      std::vector<std::thread> pool;
      for (unsigned y = 0; y < block.y; y++)
        for (unsigned x = 0; x < block.x; x++)
          pool.emplace_back([=, this] {
            thread_index = dim3(x, y, 0);
            block_index = dim3(b, 0, 0);
            kernel(args...);
          });
      for (auto &t : pool)
        t.join();
    }
  }
};
template <class K> Launcher<K> launcher(dim3 g, dim3 b, size_t dyn, K *k) { return {g, b, dyn, k}; }
} // namespace emu

#define threadIdx emu::thread_index
#define blockIdx emu::block_index
#define blockDim emu::block_dim
inline void __syncthreads() { emu::block_barrier->arrive_and_wait(); }
#define FUZZ_LAUNCH(kernel, grid, block, dyn) emu::launcher(grid, block, dyn, kernel)
#define FUZZ_EXTERN_SHARED(type, name) type *name = (type *)emu::dynamic_shared

template <class T> inline cudaError_t cudaMalloc(T **p, size_t n) {
  if (emu::sticky)
    return 719;
  *p = (T *)std::calloc(n ? n : 1, 1);
  return *p ? cudaSuccess : 2;
}
inline cudaError_t cudaFree(void *p) { std::free(p); return cudaSuccess; }
inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, int) { std::memcpy(d, s, n); return cudaSuccess; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaStreamQuery(int) { return emu::hung ? cudaErrorNotReady : cudaSuccess; }
inline cudaError_t cudaGetLastError() { cudaError_t e = emu::last_error; emu::last_error = cudaSuccess; return e; }
inline const char *cudaGetErrorName(cudaError_t e) { return e == cudaErrorInvalidValue ? "cudaErrorInvalidValue" : "emulated error"; }
