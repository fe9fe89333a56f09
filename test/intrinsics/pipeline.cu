// Pipelines: between producer_acquire and producer_commit the copy is only
// issued; producer_commit binds it (no cp.async.mbarrier.arrive from the
// lowering). On sm_90a the block pipeline's bulk copy completes on the head
// stage's `produced` barrier (shared + 8 + 16 * head), announced with
// expect_tx; the annotated form carries the L2 policy to cp.async and to the
// bulk copy. sm_75 copies synchronously and commits as usual.
//
// RUN: %lower_cuda --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_75 %s -o %t.sm75.ptx
// RUN: FileCheck %s --check-prefix=SM75 < %t.sm75.ptx
// RUN: %ptxas -arch=sm_75 %t.sm75.ptx -o /dev/null

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[4096];
__shared__ FERRY_PIPELINE_SHARED_STATE(2) state;

// SM90-LABEL: .entry block_pipeline(
// SM90: mbarrier.expect_tx.relaxed.cta.shared.b64 [[[BAR:%rd[0-9]+]]], [[SIZE:%r[0-9]+]];
// SM90: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], [[SIZE]], [[[BAR]]], %rd{{[0-9]+}};
// SM90: cp.async.mbarrier.arrive.noinc.shared.b64
// SM80-LABEL: .entry block_pipeline(
// SM80: cp.async.cg.shared.global.L2::cache_hint [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %rd{{[0-9]+}};
// SM80-NOT: cp.async.mbarrier.arrive.shared
// SM80: cp.async.mbarrier.arrive.noinc.shared.b64
// SM75-LABEL: .entry block_pipeline(
// SM75-NOT: cp.async
// SM75-NOT: cache_hint
// SM75: st.shared.v4.b32
// SM75: ret;
extern "C" __global__ void block_pipeline(const int4 *in, int *out) {
  ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK(&state);
  ferry_pipeline_producer_acquire(&pipe);
  ferry_memcpy_async_group_pipeline_aligned_annotated(FERRY_GROUP_BLOCK, tile, ferry_access_property_global(),
                                                      in + 256 * blockIdx.x, ferry_access_property_streaming(),
                                                      sizeof tile, 16, &pipe);
  ferry_pipeline_producer_commit(&pipe);
  ferry_pipeline_consumer_wait(&pipe);
  out[threadIdx.x] = tile[threadIdx.x];
  ferry_pipeline_consumer_release(&pipe);
}
