// Plain C for nvptx64-nvidia-cuda gets the same compile-time checks.
//
// RUN: not %ferry-cc --target=nvptx64-nvidia-cuda -march=sm_80 -std=c17 -S -O2 -gline-tables-only %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

#include <ferry.h>

__attribute__((nvptx_kernel)) void range_in_shared(unsigned *out) {
  FERRY_SHARED static unsigned tile[256];
  // CHECK: plain-c.c:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_access_property_range: the pointer must be global memory, but it points to shared memory
  ferry_access_property_t p = ferry_access_property_range(tile, 256, 1024, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_NORMAL);
  out[0] = ferry_load_u32(out, p);
}
