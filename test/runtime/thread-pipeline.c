// The per-thread pipeline from plain C17: a stage is a cp.async group, so
// commit is cp.async.commit_group and the waits are cp.async.wait_group N
// with N computed from the pipeline's counters (a constant here, so one
// instruction). Before sm_80 every copy is synchronous: nothing is emitted.
//
// RUN: %rt_c17 -march=sm_70 %s -o %t.sm70.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM70 %s < %t.sm70.ptx
// RUN: not grep -E 'mbarrier|cp\.async' %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null
// RUN: %rt_c17 -march=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck --check-prefixes=CHECK,ASYNC %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %rt_c17 -march=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck --check-prefixes=CHECK,ASYNC %s < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null

#include <ferry.h>

#define KERNEL __attribute__((nvptx_kernel))

static FERRY_SHARED int tile[4][256];

// clang defines __CUDA_ARCH__ for nvptx64 in C too.
static void copy_int(int *shared_destination, const int *global_source) {
#if __CUDA_ARCH__ >= 800
  __nvvm_cp_async_ca_shared_global_4((FERRY_SHARED void *)shared_destination,
                                     (__attribute__((address_space(1))) const void *)global_source);
#else
  *shared_destination = *global_source;
#endif
}

// Three stages in flight, then each wait lets the two newer ones continue.
// CHECK-LABEL: .entry three_stages(
// SM70-NOT: wait_group
// ASYNC: cp.async.ca.shared.global
// ASYNC: cp.async.commit_group;
// ASYNC: cp.async.ca.shared.global
// ASYNC: cp.async.commit_group;
// ASYNC: cp.async.ca.shared.global
// ASYNC: cp.async.commit_group;
// ASYNC: cp.async.wait_group 2;
// ASYNC: cp.async.wait_group 1;
// ASYNC: cp.async.wait_group 0;
// CHECK: ret;
KERNEL void three_stages(const int *in, int *out) {
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  for (int s = 0; s < 3; s++) {
    ferry_thread_pipeline_producer_acquire(&pipe);
    copy_int((int *)&tile[s][t], &in[s * 256 + t]);
    ferry_thread_pipeline_producer_commit(&pipe);
  }
  int sum = 0;
  for (int s = 0; s < 3; s++) {
    ferry_thread_pipeline_consumer_wait(&pipe);
    sum += tile[s][t];
    ferry_thread_pipeline_consumer_release(&pipe);
  }
  out[t] = sum;
  (void)ferry_thread_pipeline_quit(&pipe);
}

// cuda::pipeline_consumer_wait_prior<1>.
// CHECK-LABEL: .entry wait_prior(
// ASYNC: cp.async.commit_group;
// ASYNC: cp.async.commit_group;
// ASYNC: cp.async.wait_group 1;
// CHECK: ret;
KERNEL void wait_prior(const int *in, int *out) {
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  copy_int((int *)&tile[0][t], &in[t]);
  ferry_thread_pipeline_producer_commit(&pipe);
  copy_int((int *)&tile[1][t], &in[256 + t]);
  ferry_thread_pipeline_producer_commit(&pipe);
  ferry_thread_pipeline_consumer_wait_prior(&pipe, 1);
  out[t] = tile[0][t];
}

// A depth that is not a constant: a switch over wait_group 0..15, and
// wait_all beyond.
// CHECK-LABEL: .entry variable_depth(
// ASYNC-DAG: cp.async.wait_group 15;
// ASYNC-DAG: cp.async.wait_all;
// CHECK: ret;
KERNEL void variable_depth(const unsigned *depth) {
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  ferry_thread_pipeline_consumer_wait_prior(&pipe, *depth);
}

// Commit bound to a barrier: the barrier's phase also waits for the copies.
// CHECK-LABEL: .entry commit_to_barrier(
// ASYNC: cp.async.mbarrier.arrive.shared.b64
// ASYNC-NEXT: cp.async.commit_group;
// CHECK: ret;
KERNEL void commit_to_barrier(const int *in) {
  static FERRY_SHARED ferry_barrier_t bar;
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  copy_int((int *)&tile[0][t], &in[t]);
  ferry_thread_pipeline_producer_commit_barrier(&pipe, (ferry_barrier_t *)&bar);
}
