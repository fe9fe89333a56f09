// Below sm_70, and with no -march (clang then targets sm_30), ferry's
// barrier and block pipeline cannot be built: each call is a compile error
// at the call that names what is needed, never a crash of the code
// generator ("Cannot select: intrinsic %llvm.nvvm.nanosleep"). The same
// source compiles for sm_70, where ptxas accepts it.
//
// RUN: not %rt_c17 -march=sm_61 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,SM61 %s --implicit-check-not=error:
// RUN: not %rt_c17 -march=sm_60 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,SM60 %s --implicit-check-not=error:
// RUN: not %rt_c17 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,DEFAULT %s --implicit-check-not=error:
// RUN: not %rt_c17 -O0 %s -o /dev/null 2>&1 \
// RUN:   | FileCheck --check-prefixes=CHECK,DEFAULT %s --implicit-check-not=error:
// RUN: %rt_c17 -march=sm_70 %s -o %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null

#include <ferry.h>

#define KERNEL __attribute__((nvptx_kernel))

static FERRY_SHARED ferry_barrier_t barrier;
static FERRY_SHARED FERRY_PIPELINE_SHARED_STATE(2) state;

KERNEL void with_barrier(unsigned *out) {
  ferry_barrier_t *b = (ferry_barrier_t *)&barrier;
  // CHECK: barrier-needs-sm70.c:[[#@LINE+4]]:{{[0-9]+}}: error: 'ferry_barrier_init' is unavailable: ferry's barrier and block pipeline need sm_70 or newer; this compilation targets
  // SM61-SAME: sm_61 (__CUDA_ARCH__ 610)
  // SM60-SAME: sm_60 (__CUDA_ARCH__ 600)
  // DEFAULT-SAME: sm_30, clang's default when -march names no GPU
  ferry_barrier_init(b, 32);
  // CHECK: barrier-needs-sm70.c:[[#@LINE+1]]:{{[0-9]+}}: error: 'ferry_barrier_arrive_and_wait' is unavailable: ferry's barrier and block pipeline need sm_70 or newer
  ferry_barrier_arrive_and_wait(b);
  out[0] = 1;
}

KERNEL void with_pipeline(unsigned *out) {
  ferry_pipeline_shared_t *shared = (ferry_pipeline_shared_t *)&state.base;
  // CHECK: barrier-needs-sm70.c:[[#@LINE+1]]:{{[0-9]+}}: error: 'ferry_pipeline_make_block' is unavailable: ferry's barrier and block pipeline need sm_70 or newer
  ferry_pipeline_t pipe = ferry_pipeline_make_block(shared, 2);
  // CHECK: barrier-needs-sm70.c:[[#@LINE+1]]:{{[0-9]+}}: error: 'ferry_pipeline_consumer_wait' is unavailable: ferry's barrier and block pipeline need sm_70 or newer
  ferry_pipeline_consumer_wait(&pipe);
  out[0] = 2;
}

KERNEL void thread_pipeline_with_barrier(unsigned *out) {
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  // CHECK: barrier-needs-sm70.c:[[#@LINE+1]]:{{[0-9]+}}: error: 'ferry_thread_pipeline_producer_commit_barrier' is unavailable: ferry's barrier and block pipeline need sm_70 or newer
  ferry_thread_pipeline_producer_commit_barrier(&pipe, (ferry_barrier_t *)&barrier);
  out[0] = 3;
}
