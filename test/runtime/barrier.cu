// The barrier API from clang CUDA, one kernel per function, for the three
// kinds of target: sm_70 (the software barrier: shared-memory atomics, no
// mbarrier at all), sm_80 (mbarrier; waits poll test_wait with nanosleep)
// and sm_90a (waits use mbarrier.try_wait, which suspends in hardware; arrive
// with a count is one instruction). Every PTX file must assemble.
//
// RUN: %rt_cuda --cuda-gpu-arch=sm_70 %s -o %t.sm70.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM70 %s < %t.sm70.ptx
// RUN: not grep -E 'mbarrier|cp\.async' %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null
// RUN: %rt_cuda --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck --check-prefixes=CHECK,MBAR,SM80 %s < %t.sm80.ptx
// RUN: not grep -E 'mbarrier\.try_wait|expect_tx|shared::cta|ld\.acquire|atom\.' %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %rt_cuda --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck --check-prefixes=CHECK,MBAR,SM90 %s < %t.sm90.ptx
// RUN: not grep -E 'ld\.acquire|atom\.' %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null
//
// Tokens come from memory, not from kernel parameters: ptxas 13.0 crashes
// (segmentation fault) on an sm_8x mbarrier.test_wait whose token is a kernel
// parameter. A token from another kernel means nothing anyway.

#include <ferry.h>

__shared__ ferry_barrier_t bar;

// CHECK-LABEL: .entry init(
// SM70: st.shared.u64 [%r{{[0-9]+}}], %rd
// MBAR: mbarrier.init.shared.b64 [bar], %r
extern "C" __global__ void init(unsigned count) { ferry_barrier_init(&bar, count); }

// CHECK-LABEL: .entry invalidate(
// SM70: // %bb.0:
// SM70-NEXT: ret;
// MBAR: mbarrier.inval.shared.b64 [bar];
extern "C" __global__ void invalidate() { ferry_barrier_invalidate(&bar); }

// One atomic add; the thread that completes the phase adds again to start
// the next one (phase + 1, pending = expected).
// CHECK-LABEL: .entry arrive(
// SM70: atom.acq_rel.cta.shared.add.u64 [[OLD:%rd[0-9]+]], [%r{{[0-9]+}}], %rd
// SM70: and.b64 %rd{{[0-9]+}}, [[OLD]], 1048575;
// SM70: atom.acq_rel.cta.shared.add.u64
// MBAR: mbarrier.arrive.shared.b64 %rd{{[0-9]+}}, [bar];
extern "C" __global__ void arrive(ferry_barrier_token_t *out) { *out = ferry_barrier_arrive(&bar); }

// CHECK-LABEL: .entry arrive_n(
// SM70: atom.acq_rel.cta.shared.add.u64
// SM80: mbarrier.arrive.noComplete.shared.b64 %rd{{[0-9]+}}, [bar], %r
// SM80: mbarrier.arrive.shared.b64 %rd{{[0-9]+}}, [bar];
// SM90: mbarrier.arrive.shared::cta.b64 %rd{{[0-9]+}}, [%r{{[0-9]+}}], %r
extern "C" __global__ void arrive_n(ferry_barrier_token_t *out, unsigned n) {
  *out = ferry_barrier_arrive_n(&bar, n);
}

// CHECK-LABEL: .entry wait(
// SM70: ld.acquire.cta.shared.u64
// SM70: nanosleep.u32
// SM80: mbarrier.test_wait.shared.b64 %p{{[0-9]+}}, [bar], %rd
// SM80: nanosleep.u32
// SM90: mbarrier.try_wait.shared::cta.b64 done, [%r{{[0-9]+}}], %rd{{[0-9]+}};
// SM90-NOT: nanosleep
// CHECK: ret;
extern "C" __global__ void wait(const ferry_barrier_token_t *token) { ferry_barrier_wait(&bar, *token); }

// CHECK-LABEL: .entry arrive_and_wait(
// SM70: atom.acq_rel.cta.shared.add.u64
// SM70: ld.acquire.cta.shared.u64
// MBAR: mbarrier.arrive.shared.b64 [[TOKEN:%rd[0-9]+]], [bar];
// SM80: mbarrier.test_wait.shared.b64 %p{{[0-9]+}}, [bar], [[TOKEN]];
// SM90: mbarrier.try_wait.shared::cta.b64 done, [%r{{[0-9]+}}], [[TOKEN]];
extern "C" __global__ void arrive_and_wait() { ferry_barrier_arrive_and_wait(&bar); }

// Dropping subtracts one arrival and one expected arrival (1 + 2^20).
// CHECK-LABEL: .entry arrive_and_drop(
// SM70: mov.b64 [[DELTA:%rd[0-9]+]], -1048577;
// SM70: atom.acq_rel.cta.shared.add.u64 %rd{{[0-9]+}}, [%r{{[0-9]+}}], [[DELTA]];
// MBAR: mbarrier.arrive_drop.shared.b64 %rd{{[0-9]+}}, [bar];
extern "C" __global__ void arrive_and_drop() { ferry_barrier_arrive_and_drop(&bar); }

// CHECK-LABEL: .entry test_wait(
// SM70: ld.acquire.cta.shared.u64
// SM70-NOT: nanosleep
// MBAR: mbarrier.test_wait.shared.b64 %p{{[0-9]+}}, [bar], %rd
// CHECK: ret;
extern "C" __global__ void test_wait(bool *out, const ferry_barrier_token_t *token) {
  *out = ferry_barrier_test_wait(&bar, *token);
}

// CHECK-LABEL: .entry try_wait(
// SM80: mbarrier.test_wait.shared.b64
// SM90: mbarrier.try_wait.shared::cta.b64 done, [%r{{[0-9]+}}], %rd{{[0-9]+}};
extern "C" __global__ void try_wait(bool *out, const ferry_barrier_token_t *token) {
  *out = ferry_barrier_try_wait(&bar, *token);
}

// The bound is measured with %globaltimer; sm_90 passes what is left of it
// to try_wait as the suspend-time hint.
// CHECK-LABEL: .entry try_wait_for(
// CHECK: mov.u64 %rd{{[0-9]+}}, %globaltimer;
// SM70: ld.acquire.cta.shared.u64
// SM80: mbarrier.test_wait.shared.b64
// SM90: mbarrier.try_wait.shared::cta.b64 done, [%r{{[0-9]+}}], %rd{{[0-9]+}}, %r{{[0-9]+}};
extern "C" __global__ void try_wait_for(bool *out, const ferry_barrier_token_t *token) {
  *out = ferry_barrier_try_wait_for(&bar, *token, 1000);
}

// CHECK-LABEL: .entry pending_count(
// SM70: and.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 1048575;
// MBAR: mbarrier.pending_count.b64 %r{{[0-9]+}}, %rd
extern "C" __global__ void pending_count(unsigned *out, const ferry_barrier_token_t *token) {
  *out = ferry_barrier_pending_count(*token);
}
