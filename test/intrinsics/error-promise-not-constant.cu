// Refusal: an alignment promise that is not a compile-time constant is a
// compile error at the call (the promise plays aligned_size_t<A>'s A), on
// every target and at -O0 as at -O2.
//
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_75 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_80 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_90a %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %lower_cuda -gline-tables-only -O0 --cuda-gpu-arch=sm_90a %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[256];
__shared__ ferry_barrier_t bar;

extern "C" __global__ void kernel(const char *in, unsigned long alignment) {
  // CHECK: error-promise-not-constant.cu:[[#@LINE+1]]:3: error: ferry_memcpy_async_aligned: the alignment promise must be a compile-time constant, as cuda::aligned_size_t<A>'s A is; write the number (such as 16), or call the form without _aligned and let the alignment be checked at run time
  ferry_memcpy_async_aligned(tile, in, 64, alignment, &bar);
  ferry_barrier_arrive_and_wait(&bar);
}
