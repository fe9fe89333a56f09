// Transaction counts and cp.async binding. sm_90a has expect_tx,
// arrive.expect_tx and complete_tx; before sm_90 nothing can complete a
// transaction, so the byte counts vanish and arrive_tx is a plain arrive.
// arrive_on_cp_async is cp.async.mbarrier.arrive from sm_80 on and nothing on
// sm_70, which has no cp.async; its .noinc form is the thread's arrival
// itself (a plain arrive on sm_70).
//
// RUN: %rt_cuda --cuda-gpu-arch=sm_70 %s -o %t.sm70.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM70 %s < %t.sm70.ptx
// RUN: not grep -E 'mbarrier|cp\.async' %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null
// RUN: %rt_cuda --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM80 %s < %t.sm80.ptx
// RUN: not grep -E 'mbarrier\.expect_tx|mbarrier\.complete_tx|arrive\.expect_tx|cp\.async\.bulk' %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %rt_cuda --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM90 %s < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null

#include <ferry.h>

__shared__ ferry_barrier_t bar;

// CHECK-LABEL: .entry expect_tx(
// SM70: // %bb.0:
// SM70-NEXT: ret;
// SM80: // %bb.0:
// SM80-NEXT: ret;
// SM90: mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%r{{[0-9]+}}], %r{{[0-9]+}};
extern "C" __global__ void expect_tx(unsigned bytes) { ferry_barrier_expect_tx(&bar, bytes); }

// CHECK-LABEL: .entry arrive_tx_one(
// SM70: atom.acq_rel.cta.shared.add.u64
// SM80: mbarrier.arrive.shared.b64 %rd{{[0-9]+}}, [bar];
// SM90: mbarrier.arrive.expect_tx.shared::cta.b64 %rd{{[0-9]+}}, [%r{{[0-9]+}}], %r{{[0-9]+}};
extern "C" __global__ void arrive_tx_one(ferry_barrier_token_t *out) {
  *out = ferry_barrier_arrive_tx(&bar, 1, 4096);
}

// More than one arrival: the bytes are announced first, so that the
// arrivals cannot complete the phase before they are counted.
// CHECK-LABEL: .entry arrive_tx_many(
// SM80: mbarrier.arrive.noComplete.shared.b64 %rd{{[0-9]+}}, [bar], %r{{[0-9]+}};
// SM80: mbarrier.arrive.shared.b64
// SM90: mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%r{{[0-9]+}}], %r{{[0-9]+}};
// SM90: mbarrier.arrive.shared::cta.b64 %rd{{[0-9]+}}, [%r{{[0-9]+}}], %r{{[0-9]+}};
extern "C" __global__ void arrive_tx_many(ferry_barrier_token_t *out, unsigned bytes) {
  *out = ferry_barrier_arrive_tx(&bar, 3, bytes);
}

// CHECK-LABEL: .entry complete_tx(
// SM90: mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%r{{[0-9]+}}], %r{{[0-9]+}};
extern "C" __global__ void complete_tx(unsigned bytes) { ferry_barrier_complete_tx(&bar, bytes); }

// CHECK-LABEL: .entry arrive_on_cp_async(
// SM70: // %bb.0:
// SM70-NEXT: ret;
// SM80: cp.async.mbarrier.arrive.shared.b64 [bar];
// SM90: cp.async.mbarrier.arrive.shared.b64 [bar];
extern "C" __global__ void arrive_on_cp_async() { ferry_barrier_arrive_on_cp_async(&bar); }

// The thread's own arrival, made when its copies land; a plain arrive on
// sm_70.
// CHECK-LABEL: .entry arrive_on_cp_async_noinc(
// SM70: atom.acq_rel.cta.shared.add.u64
// SM80: cp.async.mbarrier.arrive.noinc.shared.b64 [bar];
// SM90: cp.async.mbarrier.arrive.noinc.shared.b64 [bar];
// CHECK-NOT: mbarrier.arrive.shared
// CHECK: ret;
extern "C" __global__ void arrive_on_cp_async_noinc() { ferry_barrier_arrive_on_cp_async_noinc(&bar); }

// What a copy bound to a barrier looks like on each target: thread 0 moves a
// 1 KiB tile with one bulk copy that completes 1024 transaction bytes on the
// barrier (sm_90), or each thread issues its own cp.async and binds it to the
// barrier (sm_80), or copies synchronously (sm_70); then all wait.
// CHECK-LABEL: .entry copy_tile(
// SM70: atom.acq_rel.cta.shared.add.u64
// SM70: ld.acquire.cta.shared.u64
// SM80: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// SM80: cp.async.mbarrier.arrive.shared.b64 [
// SM80: mbarrier.arrive.shared.b64
// SM80: mbarrier.test_wait.shared.b64
// SM90: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 1024, [%r{{[0-9]+}}];
// SM90: mbarrier.arrive.expect_tx.shared::cta.b64 %rd{{[0-9]+}}, [%r{{[0-9]+}}], %r{{[0-9]+}};
// SM90: mbarrier.try_wait.shared::cta.b64
extern "C" __global__ void copy_tile(const int4 *in, int4 *out) {
  __shared__ alignas(128) int4 tile[64];
  __shared__ ferry_barrier_t tile_barrier;
  if (threadIdx.x == 0)
    ferry_barrier_init(&tile_barrier, blockDim.x);
  __syncthreads();
  ferry_barrier_token_t token;
#if __CUDA_ARCH__ >= 900
  if (threadIdx.x == 0) {
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 1024, [%2];"
                 :
                 : "r"((unsigned)__cvta_generic_to_shared(tile)), "l"(in),
                   "r"((unsigned)__cvta_generic_to_shared(&tile_barrier))
                 : "memory");
    token = ferry_barrier_arrive_tx(&tile_barrier, 1, sizeof tile);
  } else {
    token = ferry_barrier_arrive(&tile_barrier);
  }
#elif __CUDA_ARCH__ >= 800
  for (unsigned i = threadIdx.x; i < 64; i += blockDim.x)
    __nvvm_cp_async_ca_shared_global_16((__attribute__((address_space(3))) void *)&tile[i],
                                        (__attribute__((address_space(1))) const void *)&in[i]);
  ferry_barrier_arrive_on_cp_async(&tile_barrier);
  token = ferry_barrier_arrive(&tile_barrier);
#else
  for (unsigned i = threadIdx.x; i < 64; i += blockDim.x)
    tile[i] = in[i];
  token = ferry_barrier_arrive(&tile_barrier);
#endif
  ferry_barrier_wait(&tile_barrier, token);
  for (unsigned i = threadIdx.x; i < 64; i += blockDim.x)
    out[i] = tile[63 - i];
}
