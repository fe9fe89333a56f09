// Refusal: the TMA-only form with a constant size that is not a multiple of 16.
//
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_90a %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[256];
__shared__ ferry_barrier_t bar;

extern "C" __global__ void kernel(const char *in, char *out) {
  (void)in;
  (void)out;
  // CHECK: error-bulk-size.cu:[[#@LINE+1]]:3: error: ferry_memcpy_async_bulk: the TMA copy's size must be a multiple of 16 below 1 MiB, but it is 40; round the buffer up to 16 bytes (or split it), or call ferry_memcpy_async
  ferry_memcpy_async_bulk(tile, in, 40, &bar);
  ferry_barrier_arrive_and_wait(&bar);
}
