// Rule 1: on sm_90a a copy from global to shared with 16-byte alignment
// promised (aligned_size_t<16>) and a shared barrier, is one cp.async.bulk issued by
// one thread, announced with expect_tx on the barrier and preceded by the
// proxy fence. sm_80 gets 16-byte cp.async bound with
// cp.async.mbarrier.arrive; sm_75 a synchronous 16-byte copy.
//
// RUN: %lower_cuda --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx 2>&1 | FileCheck %s --check-prefix=REMARK90
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_75 %s -o %t.sm75.ptx
// RUN: FileCheck %s --check-prefix=SM75 < %t.sm75.ptx
// RUN: %ptxas -arch=sm_75 %t.sm75.ptx -o /dev/null

#include <ferry_memcpy_async.h>

__shared__ alignas(16) int4 tile[256];
__shared__ ferry_barrier_t bar;

// SM90-LABEL: .entry block_tile(
// SM90: mov.u32 {{.*}}%tid.x
// SM90: setp.ne.{{.*}}
// SM90: fence.proxy.async.shared::cta;
// SM90: mov.b32 [[SIZE:%r[0-9]+]], 4096;
// SM90: mbarrier.expect_tx.relaxed.cta.shared.b64 [bar], [[SIZE]];
// SM90: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], [[SIZE]], [bar];
// SM90-NOT: cp.async.{{ca|cg}}
// SM90: mbarrier.try_wait
// SM80-LABEL: .entry block_tile(
// SM80: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// SM80: cp.async.mbarrier.arrive.shared.b64 [bar];
// SM80-NOT: cp.async.bulk
// SM75-LABEL: .entry block_tile(
// SM75-NOT: cp.async
// SM75: ld.global.v4.b32
// SM75: st.shared.v4.b32
extern "C" __global__ void block_tile(const int4 *in, int4 *out) {
  if (threadIdx.x == 0)
    ferry_barrier_init(&bar, blockDim.x);
  __syncthreads();
  // REMARK90: bulk-barrier.cu:[[#@LINE+1]]:3: remark: ferry_memcpy_async_group_aligned lowered to cp.async.bulk [-Rpass=ferry]
  ferry_memcpy_async_group_aligned(FERRY_GROUP_BLOCK, tile, in + blockIdx.x * 256, sizeof tile, 16, &bar);
  ferry_barrier_arrive_and_wait(&bar);
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x];
}

// A thread's own 16-byte slice: the bulk copy needs no leader test.
// SM90-LABEL: .entry own_slice(
// SM90-NOT: %tid{{.*}}setp
// SM90: mov.b32 [[SIZE:%r[0-9]+]], 16;
// SM90: mbarrier.expect_tx.relaxed.cta.shared.b64 [bar], [[SIZE]];
// SM90: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], [[SIZE]], [bar];
// SM80-LABEL: .entry own_slice(
// SM80: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// SM80-NEXT: cp.async.mbarrier.arrive.shared.b64 [bar];
extern "C" __global__ void own_slice(const int4 *in, int4 *out) {
  if (threadIdx.x == 0)
    ferry_barrier_init(&bar, blockDim.x);
  __syncthreads();
  // REMARK90: bulk-barrier.cu:[[#@LINE+1]]:3: remark: ferry_memcpy_async_aligned lowered to cp.async.bulk [-Rpass=ferry]
  ferry_memcpy_async_aligned(&tile[threadIdx.x], &in[threadIdx.x], 16, 16, &bar);
  ferry_barrier_arrive_and_wait(&bar);
  out[threadIdx.x] = tile[threadIdx.x ^ 1];
}
