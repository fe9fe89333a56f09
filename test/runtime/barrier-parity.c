// The parity waits, from plain C17 compiled for nvptx64-nvidia-cuda (the
// barrier is declared with FERRY_SHARED and passed as a generic pointer).
// sm_70 tests the parity of the software barrier's phase counter; sm_80 has
// mbarrier.test_wait.parity (and polls it with nanosleep); sm_90a waits with
// mbarrier.try_wait.parity.
//
// RUN: %rt_c17 -march=sm_70 %s -o %t.sm70.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM70 %s < %t.sm70.ptx
// RUN: not grep -E 'mbarrier|cp\.async' %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null
// RUN: %rt_c17 -march=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM80 %s < %t.sm80.ptx
// RUN: not grep -E 'mbarrier\.try_wait|shared::cta|ld\.acquire' %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %rt_c17 -march=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM90 %s < %t.sm90.ptx
// RUN: not grep -E 'ld\.acquire|nanosleep' %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null

#include <ferry.h>

static FERRY_SHARED ferry_barrier_t bar;

#define BARRIER ((ferry_barrier_t *)&bar)
#define KERNEL __attribute__((nvptx_kernel))

// The phase number sits at bit 40 of the software barrier's word: its
// parity is bit 40.
// CHECK-LABEL: .entry wait_parity(
// SM70: ld.acquire.cta.shared.u64 [[STATE:%rd[0-9]+]], [%r{{[0-9]+}}];
// SM70: shr.u64 %rd{{[0-9]+}}, [[STATE]], 40;
// SM70: nanosleep.u32
// SM80: mbarrier.test_wait.parity.shared.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
// SM80: nanosleep.u32
// SM90: mbarrier.try_wait.parity.shared::cta.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
// CHECK: ret;
KERNEL void wait_parity(const int *parity) { ferry_barrier_wait_parity(BARRIER, *parity & 1); }

// CHECK-LABEL: .entry test_wait_parity(
// SM70: ld.acquire.cta.shared.u64
// SM80: mbarrier.test_wait.parity.shared.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
// SM90: mbarrier.test_wait.parity.shared.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-NOT: nanosleep
// CHECK: ret;
KERNEL void test_wait_parity(bool *out, const int *parity) {
  *out = ferry_barrier_test_wait_parity(BARRIER, *parity & 1);
}

// CHECK-LABEL: .entry try_wait_parity(
// SM70: ld.acquire.cta.shared.u64
// SM80: mbarrier.test_wait.parity.shared.b64
// SM90: mbarrier.try_wait.parity.shared::cta.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
KERNEL void try_wait_parity(bool *out, const int *parity) {
  *out = ferry_barrier_try_wait_parity(BARRIER, *parity & 1);
}

// CHECK-LABEL: .entry try_wait_parity_for(
// CHECK: mov.u64 %rd{{[0-9]+}}, %globaltimer;
// SM70: ld.acquire.cta.shared.u64
// SM80: mbarrier.test_wait.parity.shared.b64
// SM90: mbarrier.try_wait.parity.shared::cta.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}}, %r{{[0-9]+}};
KERNEL void try_wait_parity_for(bool *out, const int *parity, unsigned long long nanoseconds) {
  *out = ferry_barrier_try_wait_parity_for(BARRIER, *parity & 1, nanoseconds);
}

// A consumer that never arrives: it follows the phases by parity alone.
// CHECK-LABEL: .entry follow_phases(
// SM80: mbarrier.test_wait.parity.shared.b64
// SM90: mbarrier.try_wait.parity.shared::cta.b64
KERNEL void follow_phases(int phases) {
  bool parity = 0;
  for (int phase = 0; phase < phases; phase++) {
    ferry_barrier_wait_parity(BARRIER, parity);
    parity = !parity;
  }
}
