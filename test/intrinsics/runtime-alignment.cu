// Rule 3: alignment not provable but possible: a uniform run-time test of
// (destination | source) chooses 16-, 8- or 4-byte cp.async, or a
// synchronous byte copy that is correct for any offsets; the size's tail
// (size % 4 bytes after the chunks) is copied with plain loads and stores.
// On sm_90a the barrier form tries the bulk copy first (address bits and
// size both multiples of 16, 0 < size < 2^20), also at run time.
//
// RUN: %lower_cuda --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx 2>&1 | FileCheck %s --check-prefix=REMARK80
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx 2>&1 | FileCheck %s --check-prefix=REMARK90
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_75 %s -o %t.sm75.ptx 2>&1 | FileCheck %s --check-prefix=REMARK75
// RUN: FileCheck %s --check-prefix=SM75 < %t.sm75.ptx
// RUN: %ptxas -arch=sm_75 %t.sm75.ptx -o /dev/null

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[8192];
__shared__ ferry_barrier_t bar;

// SM80-LABEL: .entry any_offsets(
// SM80-DAG: and.b64 {{.*}}, 15;
// SM80-DAG: and.b64 {{.*}}, 7;
// SM80-DAG: and.b64 {{.*}}, 3;
// SM80-DAG: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// SM80-DAG: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 8;
// SM80-DAG: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
// SM80-DAG: ld.global.b8
// SM80-DAG: st.shared.b8
// SM80: cp.async.mbarrier.arrive.shared.b64 [bar];
// SM90-LABEL: .entry any_offsets(
// SM90: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// SM90: cp.async.cg.shared.global
// SM90: cp.async.mbarrier.arrive.shared.b64 [bar];
// SM75-LABEL: .entry any_offsets(
// SM75-NOT: cp.async
// SM75-DAG: ld.global.v4.b32
// SM75-DAG: ld.global.b8
extern "C" __global__ void any_offsets(const char *in, int *out, unsigned source_offset,
                                       unsigned destination_offset, unsigned long size) {
  if (threadIdx.x == 0)
    ferry_barrier_init(&bar, blockDim.x);
  __syncthreads();
  // REMARK80: runtime-alignment.cu:[[#@LINE+3]]:3: remark: ferry_memcpy_async_group lowered to 16/8/4-byte cp.async (where a run-time check allows); else a synchronous copy [-Rpass=ferry]
  // REMARK90: runtime-alignment.cu:[[#@LINE+2]]:3: remark: ferry_memcpy_async_group lowered to cp.async.bulk (where a run-time check allows); else 16/8/4-byte cp.async (where a run-time check allows); else a synchronous copy [-Rpass=ferry]
  // REMARK75: runtime-alignment.cu:[[#@LINE+1]]:3: remark: ferry_memcpy_async_group lowered to a synchronous copy [-Rpass=ferry]
  ferry_memcpy_async_group(FERRY_GROUP_BLOCK, tile + destination_offset, in + source_offset, size, &bar);
  ferry_barrier_arrive_and_wait(&bar);
  out[threadIdx.x] = tile[destination_offset + threadIdx.x];
}
