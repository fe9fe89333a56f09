// Rule 2: with 4-, 8- or 16-byte alignment proved at compile time, cp.async
// of the widest legal width (.cg for 16 bytes, .ca below), with no run-time
// alignment test and no synchronous path. Alignment comes from the shared
// and global objects' own alignment, from known bits of the offsets, or from
// the promise. The thread pipeline form has no barrier to complete a bulk
// copy, so sm_90a uses cp.async too; sm_75 copies synchronously.
//
// RUN: %lower_cuda --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefixes=ASYNC < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefixes=ASYNC < %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null
// RUN: %lower_cuda --cuda-gpu-arch=sm_75 %s -o %t.sm75.ptx
// RUN: FileCheck %s --check-prefix=SM75 < %t.sm75.ptx
// RUN: %ptxas -arch=sm_75 %t.sm75.ptx -o /dev/null

#include <ferry_memcpy_async.h>

__shared__ alignas(16) char tile[4096];
__device__ alignas(16) char source[1 << 20];

// ASYNC-LABEL: .entry objects_16(
// ASYNC-NOT: st.shared
// ASYNC-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9+]+}}], [%rd{{[0-9+]+}}], 16;
// ASYNC-NOT: st.shared
// ASYNC: cp.async.wait_group 0;
// SM75-LABEL: .entry objects_16(
// SM75-NOT: cp.async
// SM75: st.shared.v4.b32
extern "C" __global__ void objects_16(int *out) {
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  ferry_thread_pipeline_producer_acquire(&pipe);
  // REMARK-DAG: cp-async-widths.cu:[[#@LINE+1]]:3: remark: ferry_memcpy_async_thread_pipeline lowered to 16-byte cp.async [-Rpass=ferry]
  ferry_memcpy_async_thread_pipeline(tile + 64 * threadIdx.x, source + 64 * threadIdx.x, 64, &pipe);
  ferry_thread_pipeline_producer_commit(&pipe);
  ferry_thread_pipeline_consumer_wait(&pipe);
  out[threadIdx.x] = tile[64 * threadIdx.x + 5];
}

// Offsets that are multiples of 8 (known bits of 8 * threadIdx.x).
// ASYNC-LABEL: .entry known_bits_8(
// ASYNC-NOT: st.shared
// ASYNC-COUNT-2: cp.async.ca.shared.global [%rd{{[0-9+]+}}], [%rd{{[0-9+]+}}], 8;
// ASYNC-NOT: st.shared
// ASYNC: cp.async.wait_group 0;
extern "C" __global__ void known_bits_8(int *out) {
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  // REMARK-DAG: cp-async-widths.cu:[[#@LINE+1]]:3: remark: ferry_memcpy_async_thread_pipeline lowered to 8-byte cp.async [-Rpass=ferry]
  ferry_memcpy_async_thread_pipeline(tile + 8 * threadIdx.x, source + 8 * (threadIdx.x + 1), 16, &pipe);
  ferry_thread_pipeline_producer_commit(&pipe);
  ferry_thread_pipeline_consumer_wait(&pipe);
  out[threadIdx.x] = tile[8 * threadIdx.x];
}

// Pointers from elsewhere, alignment promised (cuda::aligned_size_t<4>).
// ASYNC-LABEL: .entry promised_4(
// ASYNC-NOT: st.shared
// ASYNC: cp.async.ca.shared.global [%rd{{[0-9+]+}}], [%rd{{[0-9+]+}}], 4;
// ASYNC-NOT: st.shared
// ASYNC: cp.async.wait_group 0;
extern "C" __global__ void promised_4(const char *in, int *out, unsigned offset) {
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  // REMARK-DAG: cp-async-widths.cu:[[#@LINE+1]]:3: remark: ferry_memcpy_async_thread_pipeline_aligned lowered to 4-byte cp.async [-Rpass=ferry]
  ferry_memcpy_async_thread_pipeline_aligned(tile + 4 * offset, in + 4 * offset, 12, 4, &pipe);
  ferry_thread_pipeline_producer_commit(&pipe);
  ferry_thread_pipeline_consumer_wait(&pipe);
  out[threadIdx.x] = tile[4 * offset];
}
