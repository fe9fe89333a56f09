// The plugin reports a runtime precondition that a constant argument breaks
// as a compile error at the call, with and without -DFERRY_DEBUG, at -O0
// and -O2 (the check runs before the optimizer inlines the runtime). With
// line tables the error points at the call; without, clang can only point
// at the function, and the message says how to get the line.
//
// RUN: not %ferry-cc -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only -S -O2 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-LINES
// RUN: not %ferry-cc -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only -S -O2 -gline-tables-only %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %ferry-cc -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only -S -O0 -gline-tables-only %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: not %ferry-cc -x cuda --cuda-gpu-arch=sm_90a --cuda-device-only -S -O2 -gline-tables-only -DFERRY_DEBUG %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

#include <ferry.h>

// NO-LINES: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_access_property_interleaved: the probability must be in (0, 1] (got 1.5); give the fraction of accesses that get the primary property, such as 0.5 (compile with -gline-tables-only to see the line)
__global__ void probability_too_large(unsigned *out, const unsigned *in) {
  // CHECK: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_access_property_interleaved: the probability must be in (0, 1] (got 1.5); give the fraction of accesses that get the primary property, such as 0.5
  ferry_access_property_t p = ferry_access_property_interleaved(FERRY_ACCESS_PERSISTING, 1.5f, FERRY_ACCESS_STREAMING);
  out[threadIdx.x] = ferry_load_u32(in + threadIdx.x, p);
}

__global__ void probability_zero(unsigned *out, const unsigned *in) {
  // CHECK: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_access_property_interleaved: the probability must be in (0, 1] (got 0)
  ferry_access_property_t p = ferry_access_property_interleaved(FERRY_ACCESS_PERSISTING, 0.0f, FERRY_ACCESS_STREAMING);
  out[threadIdx.x] = ferry_load_u32(in + threadIdx.x, p);
}

__global__ void leading_zero(unsigned *out, const unsigned *in) {
  // CHECK: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_access_property_range: leading_bytes must be greater than 0
  ferry_access_property_t p = ferry_access_property_range(in, 0, 4096, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_STREAMING);
  out[threadIdx.x] = ferry_load_u32(in + threadIdx.x, p);
}

__global__ void leading_past_total(unsigned *out, const unsigned *in) {
  // CHECK: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_access_property_range: leading_bytes must not exceed total_bytes (got 8192 > 4096)
  ferry_access_property_t p = ferry_access_property_range(in, 8192, 4096, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_STREAMING);
  out[threadIdx.x] = ferry_load_u32(in + threadIdx.x, p);
}

__global__ void total_past_4_gib(unsigned *out, const unsigned *in) {
  // CHECK: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_access_property_range: total_bytes must not exceed 4 GiB (got 4294967297); split the range
  ferry_access_property_t p = ferry_access_property_range(in, 64, (1ull << 32) + 1, FERRY_ACCESS_PERSISTING, FERRY_ACCESS_STREAMING);
  out[threadIdx.x] = ferry_load_u32(in + threadIdx.x, p);
}

__global__ void load_from_shared(unsigned *out) {
  __shared__ unsigned tile[256];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  // CHECK: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_load_u32: the pointer must be global memory, but it points to shared memory; pass a pointer into a cudaMalloc'd buffer (a kernel parameter or a __device__ variable)
  out[threadIdx.x] = ferry_load_u32(&tile[threadIdx.x ^ 1], ferry_access_property_streaming());
}

__global__ void discard_local(unsigned *out) {
  unsigned scratch[64];
  for (int i = 0; i < 64; i++)
    scratch[i] = out[i];
  // CHECK: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_discard_memory: the pointer must be global memory, but it points to local memory
  ferry_discard_memory(scratch, sizeof scratch);
  out[threadIdx.x] = scratch[threadIdx.x % 64];
}

__device__ ferry_barrier_t global_barrier;

__global__ void barrier_in_global(unsigned *out) {
  // CHECK: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_barrier_init: the barrier must be in shared memory, but it is in global memory; declare it __shared__ (FERRY_SHARED in plain C)
  ferry_barrier_init(&global_barrier, blockDim.x);
  out[threadIdx.x] = 0;
}

__global__ void barrier_count_zero(unsigned *out) {
  __shared__ ferry_barrier_t barrier;
  // CHECK: constant-preconditions.cu:[[#@LINE+1]]:{{[0-9]+}}: error: ferry_barrier_init: the expected count must be in [1, 1048575] (got 0); it is the number of threads that arrive in each phase
  ferry_barrier_init(&barrier, 0);
  out[threadIdx.x] = 0;
}
