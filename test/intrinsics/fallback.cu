// Rule 4: a destination in global memory, or a source in shared memory,
// gets a synchronous copy on every target, and the barrier protocol is
// untouched: no cp.async, no cp.async.mbarrier.arrive, no bulk copy; the
// calling threads still arrive and wait as usual.
//
// RUN: %lower_cuda --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_75 %s -o %t.sm75.ptx 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.sm75.ptx
// RUN: %ptxas -arch=sm_75 %t.sm75.ptx -o /dev/null

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[4096];
__shared__ ferry_barrier_t bar;

// CHECK-LABEL: .entry global_destination(
// CHECK-NOT: cp.async
// CHECK: st.global
// CHECK-NOT: cp.async
// CHECK: ret;
extern "C" __global__ void global_destination(const char *in, char *out) {
  if (threadIdx.x == 0)
    ferry_barrier_init(&bar, blockDim.x);
  __syncthreads();
  // REMARK-DAG: fallback.cu:[[#@LINE+1]]:3: remark: ferry_memcpy_async_group lowered to a synchronous copy [-Rpass=ferry]
  ferry_memcpy_async_group(FERRY_GROUP_BLOCK, out, in, 4096, &bar);
  ferry_barrier_arrive_and_wait(&bar);
}

// CHECK-LABEL: .entry shared_source(
// CHECK-NOT: cp.async
// CHECK: ld.shared
// CHECK-NOT: cp.async
// CHECK: ret;
extern "C" __global__ void shared_source(char *out) {
  if (threadIdx.x == 0)
    ferry_barrier_init(&bar, blockDim.x);
  __syncthreads();
  // REMARK-DAG: fallback.cu:[[#@LINE+1]]:3: remark: ferry_memcpy_async_group lowered to a synchronous copy [-Rpass=ferry]
  ferry_memcpy_async_group(FERRY_GROUP_BLOCK, tile + 2048, tile, 2048, &bar);
  ferry_barrier_arrive_and_wait(&bar);
  out[threadIdx.x] = tile[2048 + threadIdx.x];
}
