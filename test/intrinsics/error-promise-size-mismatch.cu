// Refusal: a constant size that the promised alignment does not divide.
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
  // CHECK: error-promise-size-mismatch.cu:[[#@LINE+1]]:3: error: ferry_memcpy_async_aligned: the size 40 is not a multiple of the promised alignment 16; promise an alignment that divides the size, or drop _aligned
  ferry_memcpy_async_aligned(tile, in, 40, 16, &bar);
  ferry_barrier_arrive_and_wait(&bar);
}
