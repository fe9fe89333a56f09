// At -O0 (no inlining, no folding), every form is still lowered before the
// linker: no call to an intrinsic is left in the PTX, and it assembles.
//
// RUN: %ferry-cc -x cuda --cuda-device-only -S -O0 -std=c++17 --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -x cuda --cuda-device-only -S -O0 -std=c++17 --cuda-gpu-arch=sm_90a %s -o %t.sm90a.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[4096];

// SM80-NOT: ferry_memcpy_async
// SM80: cp.async.cg.shared.global
// SM80-NOT: ferry_memcpy_async
// SM90-NOT: ferry_memcpy_async
// SM90: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// SM90-NOT: ferry_memcpy_async
__global__ void block_copy(const int4 *in, int *out) {
  __shared__ ferry_barrier_t bar;
  if (threadIdx.x == 0)
    ferry_barrier_init(&bar, blockDim.x);
  __syncthreads();
  ferry_memcpy_async_group(FERRY_GROUP_BLOCK, tile, in, 4096, &bar);
  ferry_barrier_arrive_and_wait(&bar);
  out[threadIdx.x] = tile[4095 - threadIdx.x % 4096];
}
