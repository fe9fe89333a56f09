// Refusal: a promise above 16 where the copy would be cp.async (sm_80, or the thread pipeline, which has no barrier for a bulk copy). On sm_90a the barrier form takes it (bulk copies use it): see promise-above-16-bulk.cu.
//
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_80 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[256];
__shared__ ferry_barrier_t bar;

extern "C" __global__ void kernel(const char *in, char *out) {
  (void)in;
  (void)out;
  // CHECK: error-promise-above-16.cu:[[#@LINE+1]]:3: error: ferry_memcpy_async_aligned: the alignment promise 32 exceeds 16, the widest cp.async this target has; promise 16 (a larger alignment buys nothing on sm_80)
  ferry_memcpy_async_aligned(tile, in, 64, 32, &bar);
  ferry_barrier_arrive_and_wait(&bar);
}
