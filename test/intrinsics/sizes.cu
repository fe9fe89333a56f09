// Sizes: 0 copies nothing; 1 and 3 bytes are plain byte copies; 16 is one
// chunk; 23 is a 16-byte chunk, a 4-byte chunk and three bytes; 4096 and
// 4099 loop over 16-byte chunks (4099 then copies its 3-byte tail); a
// variable size loops at every width it may need. Alignment is known (the
// objects' own), so no alignment test appears. sm_80 and sm_90a (thread
// pipeline: no bulk) use cp.async; sm_75 the same split, synchronously.
//
// RUN: %lower_cuda --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,ASYNC < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,ASYNC < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_75 %s -o %t.sm75.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,SM75 < %t.sm75.ptx
// RUN: %ptxas -arch=sm_75 %t.sm75.ptx -o /dev/null

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[8192];
__device__ alignas(16) char source[8192];

#define COPY(name, size)                                                                           \
  extern "C" __global__ void name(int *out) {                                                      \
    ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();                                   \
    ferry_memcpy_async_thread_pipeline(tile, source, size, &pipe);                                 \
    ferry_thread_pipeline_producer_commit(&pipe);                                                  \
    ferry_thread_pipeline_consumer_wait(&pipe);                                                    \
    out[0] = tile[0];                                                                              \
  }

// CHECK-LABEL: .entry size_0(
// CHECK-NOT: ld.global
// CHECK-NOT: cp.async.{{ca|cg}}
// CHECK: ret;
COPY(size_0, 0)

// CHECK-LABEL: .entry size_1(
// CHECK-NOT: cp.async.{{ca|cg}}
// CHECK: ld.global.b8
// CHECK-NOT: ld.global
// CHECK: ret;
COPY(size_1, 1)

// The optimizer may merge the first two bytes.
// CHECK-LABEL: .entry size_3(
// CHECK-NOT: cp.async.{{ca|cg}}
// CHECK: st.shared.b{{8|16}} [tile],
// CHECK: st.shared.b8 [tile+2],
// CHECK-NOT: st.shared
// CHECK: ret;
COPY(size_3, 3)

// CHECK-LABEL: .entry size_16(
// ASYNC: cp.async.cg.shared.global [tile], [source], 16;
// SM75: st.shared.v4.b32 [tile],
// CHECK-NOT: st.shared
// CHECK: ret;
COPY(size_16, 16)

// CHECK-LABEL: .entry size_23(
// ASYNC: cp.async.cg.shared.global [tile], [source], 16;
// ASYNC: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
// SM75: st.shared.v4.b32 [tile],
// SM75: st.shared.b32 [tile+16],
// CHECK: st.shared.{{.*}}b{{8|16}} [tile+20],
// CHECK: st.shared.b8 [tile+22],
// CHECK: ret;
COPY(size_23, 23)

// CHECK-LABEL: .entry size_4096(
// CHECK: [[LOOP:\$L__BB[0-9_]+]]:
// ASYNC: cp.async.cg.shared.global [%rd{{[0-9+]+}}], [%rd{{[0-9+]+}}], 16;
// SM75: st.shared.v4.b32
// CHECK: bra{{.*}}[[LOOP]];
// CHECK-NOT: st.shared.b8
// CHECK: ret;
COPY(size_4096, 4096)

// CHECK-LABEL: .entry size_4099(
// ASYNC: cp.async.cg.shared.global [%rd{{[0-9+]+}}], [%rd{{[0-9+]+}}], 16;
// SM75: st.shared.v4.b32
// CHECK: bra
// CHECK: st.shared.b{{8|16}} [tile+4096],
// CHECK: st.shared.b8 [tile+4098],
// CHECK: ret;
COPY(size_4099, 4099)

// A variable size: 16-byte chunks, then 4-byte ones, then bytes.
// CHECK-LABEL: .entry variable_size(
// ASYNC: cp.async.cg.shared.global
// ASYNC: cp.async.ca.shared.global {{.*}}, 4;
// SM75: st.shared.v4.b32
// SM75: st.shared.b32
// CHECK: st.shared.b8
// CHECK: ret;
extern "C" __global__ void variable_size(int *out, unsigned long size) {
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  ferry_memcpy_async_thread_pipeline(tile, source, size, &pipe);
  ferry_thread_pipeline_producer_commit(&pipe);
  ferry_thread_pipeline_consumer_wait(&pipe);
  out[0] = tile[0];
}
