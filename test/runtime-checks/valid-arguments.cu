// Valid constant arguments, and arguments known only at run time, compile
// without a diagnostic (the run-time checks of -DFERRY_DEBUG cover those).
//
// RUN: %ferry-cc -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only -S -O2 %s -o %t.ptx 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only -S -O0 -DFERRY_DEBUG %s -o %t.debug.ptx 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %ptxas -arch=sm_80 %t.debug.ptx -o /dev/null

#include <ferry.h>

__global__ void valid(unsigned *out, const unsigned *in, float probability, size_t leading, unsigned count) {
  __shared__ ferry_barrier_t barrier;
  if (threadIdx.x == 0)
    ferry_barrier_init(&barrier, count);
  __syncthreads();
  ferry_access_property_t a = ferry_access_property_interleaved(FERRY_ACCESS_PERSISTING, 1.0f, FERRY_ACCESS_STREAMING);
  ferry_access_property_t b = ferry_access_property_interleaved(FERRY_ACCESS_PERSISTING, probability, FERRY_ACCESS_STREAMING);
  ferry_access_property_t c = ferry_access_property_range(in, 4096, 4096, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_STREAMING);
  ferry_access_property_t d = ferry_access_property_range(in, leading, 1ull << 32, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_STREAMING);
  unsigned sum = ferry_load_u32(in + threadIdx.x, a) + ferry_load_u32(in + threadIdx.x, b) +
                 ferry_load_u32(in + threadIdx.x, c) + ferry_load_u32(in + threadIdx.x, d);
  ferry_barrier_arrive_and_wait(&barrier);
  out[threadIdx.x] = sum;
}
