// Refusal: the TMA-only form with a source in shared memory.
//
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_90a %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[256];
__shared__ ferry_barrier_t bar;

extern "C" __global__ void kernel(const char *in, char *out) {
  (void)in;
  (void)out;
  // CHECK: error-bulk-shared-source.cu:[[#@LINE+1]]:3: error: ferry_memcpy_async_bulk: the TMA copy reads global memory, but the source is in shared memory; copy from a global pointer, or call ferry_memcpy_async, which copies other memory synchronously
  ferry_memcpy_async_bulk(tile, tile + 128, 64, &bar);
  ferry_barrier_arrive_and_wait(&bar);
}
