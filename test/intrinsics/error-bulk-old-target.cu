// Refusal: the TMA-only form compiled for a GPU without cp.async.bulk.
//
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_75 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %lower_cuda -gline-tables-only --cuda-gpu-arch=sm_80 %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[256];
__shared__ ferry_barrier_t bar;

extern "C" __global__ void kernel(const char *in, char *out) {
  (void)in;
  (void)out;
  // CHECK: error-bulk-old-target.cu:[[#@LINE+1]]:3: error: ferry_memcpy_async_bulk: the TMA copy (cp.async.bulk) needs sm_90 or newer, but this is compiled for sm_{{75|80}}; compile for sm_90a, or call ferry_memcpy_async, which uses cp.async or a plain copy here
  ferry_memcpy_async_bulk(tile, in, 64, &bar);
  ferry_barrier_arrive_and_wait(&bar);
}
