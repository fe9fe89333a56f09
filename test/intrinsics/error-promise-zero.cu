// Refusal: an alignment promise of 0 (cuda::aligned_size_t<0> does not exist).
//
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_75 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_80 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_90a %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[256];
__shared__ ferry_barrier_t bar;

extern "C" __global__ void kernel(const char *in, char *out) {
  (void)in;
  (void)out;
  // CHECK: error-promise-zero.cu:[[#@LINE+1]]:3: error: ferry_memcpy_async_aligned: the alignment promise must be a power of two, but it is 0; promise the largest power of two that divides both addresses and the size (such as 4, 8 or 16)
  ferry_memcpy_async_aligned(tile, in, 64, 0, &bar);
  ferry_barrier_arrive_and_wait(&bar);
}
