// A second translation unit that launches a kernel it did not define,
// through a pointer: the launch bypasses the kernel's launch stub, so under
// ferry's dispatch it runs the kernel as written.
#include <cuda_runtime.h>

cudaError_t launch_from_other_unit(const void *kernel, dim3 grid, dim3 block, void **arguments,
                                   size_t shared) {
  return cudaLaunchKernel(kernel, grid, block, arguments, shared, 0);
}
