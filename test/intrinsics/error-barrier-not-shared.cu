// Refusal: a barrier in local memory (mbarrier lives in shared memory).
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
  ferry_barrier_t local;
  // CHECK: error-barrier-not-shared.cu:[[#@LINE+1]]:3: error: ferry_memcpy_async: the barrier must be in shared memory, but it is in local memory; declare it __shared__ (FERRY_SHARED in plain C) and initialise it with ferry_barrier_init
  ferry_memcpy_async(tile, in, 64, &local);
  ferry_barrier_arrive_and_wait(&bar);
}
