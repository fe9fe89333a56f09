// An intrinsic is replaced at each call; taking its address (to call it
// through a pointer) is a compile error where the address is taken, not an
// undefined symbol at link time.
//
// RUN: not %lower_cuda --cuda-gpu-arch=sm_80 -gline-tables-only %s -o /dev/null 2>&1 | FileCheck %s

#include <ferry_memcpy_async.h>

typedef void (*copier)(void *, const void *, size_t, ferry_barrier_t *);
__device__ copier chosen;

__global__ void pick(void) {
  // CHECK: error-address-taken.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_memcpy_async is replaced at each call by the copy itself and has no address; call it directly instead of through a pointer
  chosen = ferry_memcpy_async;
}
