// Linked into the dispatch tests with -Wl,--wrap=cudaLaunchKernel (and
// cudaLaunchKernel_ptsz, which a per-thread default stream uses): records
// the host handle of every launch (the dispatch's launches included, as
// its runtime is linked into the test's own object), so that a test can
// tell which entry ran: the kernel's handle is the original; any other is
// the variant that ferry registered.
#include <cuda_runtime_api.h>

extern "C" cudaError_t __real_cudaLaunchKernel(const void *function, dim3 grid, dim3 block,
                                               void **arguments, size_t shared, cudaStream_t stream);

static const void *last_handle;
static unsigned long long launches;

extern "C" cudaError_t __wrap_cudaLaunchKernel(const void *function, dim3 grid, dim3 block,
                                               void **arguments, size_t shared,
                                               cudaStream_t stream) {
  last_handle = function;
  launches++;
  return __real_cudaLaunchKernel(function, grid, block, arguments, shared, stream);
}

extern "C" cudaError_t __real_cudaLaunchKernel_ptsz(const void *function, dim3 grid, dim3 block,
                                                    void **arguments, size_t shared,
                                                    cudaStream_t stream);

extern "C" cudaError_t __wrap_cudaLaunchKernel_ptsz(const void *function, dim3 grid, dim3 block,
                                                    void **arguments, size_t shared,
                                                    cudaStream_t stream) {
  last_handle = function;
  launches++;
  return __real_cudaLaunchKernel_ptsz(function, grid, block, arguments, shared, stream);
}

const void *launch_record_last() { return last_handle; }
unsigned long long launch_record_count() { return launches; }
