// The thread pipeline and the access properties need no barrier, so they
// stay available below sm_70 and with no -march: before sm_80 every copy is
// synchronous and a property is 0, so they compile to plain accesses, which
// ptxas accepts for those targets.
//
// RUN: %rt_c17 -march=sm_61 %s -o %t.sm61.ptx
// RUN: FileCheck %s < %t.sm61.ptx
// RUN: %ptxas -arch=sm_75 %t.sm61.ptx -o /dev/null
// RUN: %rt_c17 -march=sm_60 %s -o %t.sm60.ptx
// RUN: FileCheck %s < %t.sm60.ptx
// RUN: %ptxas -arch=sm_75 %t.sm60.ptx -o /dev/null
// RUN: %rt_c17 %s -o %t.default.ptx
// RUN: FileCheck %s < %t.default.ptx
// RUN: %ptxas -arch=sm_75 %t.default.ptx -o /dev/null

#include <ferry.h>

// CHECK-LABEL: .entry stream(
// CHECK-NOT: {{cp\.async|mbarrier|createpolicy|cache_hint|nanosleep|call}}
// CHECK: ld.global.b32
// CHECK-NOT: {{cp\.async|mbarrier|createpolicy|cache_hint|nanosleep|call}}
// CHECK: ret;
__attribute__((nvptx_kernel)) void stream(const unsigned *in, unsigned *out) {
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  ferry_access_property_t first = ferry_access_property_streaming();
  ferry_thread_pipeline_producer_acquire(&pipe);
  ferry_thread_pipeline_producer_commit(&pipe);
  ferry_thread_pipeline_consumer_wait(&pipe);
  unsigned value = ferry_load_u32(in, first);
  ferry_thread_pipeline_consumer_release(&pipe);
  ferry_store_u32(out, value + (unsigned)ferry_thread_pipeline_quit(&pipe), first);
}
