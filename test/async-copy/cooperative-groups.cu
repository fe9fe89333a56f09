// Cooperative groups' block barriers as a copy's barrier. With CUDA 13's
// headers clang 22 lowers cg::this_thread_block().sync(), cg::sync(block)
// and a thread_group's sync() of this_thread_block() to
// llvm.nvvm.barrier.cta.sync.all(0): bar.sync without .aligned, a CTA
// barrier, so plain copies before them convert. A copy whose loaded value
// is used again after the barrier (read back from the destination after
// it, copy_read_back.c) needs more with a barrier that is not .aligned:
// other threads may leave another of the function's barriers, so the code
// after every barrier of the function, up to the next, must write nothing
// that may be the destination's array, and the function must call nothing
// that could hold a barrier. `read_back` meets that and converts; before,
// any such barrier refused the read back.
//
// Refused, with remarks: `read_back_written`, where the code after another
// barrier writes the tile; warp tiles (tiled_partition(block, 32), dynamic
// and static: a warp barrier orders no other warp's accesses); the grid's
// sync (grid.sync() is a cooperative launch's barrier across blocks, made of
// atomics and fences, and no CTA barrier); coalesced_threads().sync(); and a
// thread_block passed to a function not inlined that syncs it (a call that
// may access memory: ferry does not look into callees).
//
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -I%cuda_path/include/cccl -gline-tables-only -Rpass=ferry -Rpass-missed=ferry \
// RUN:   -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -I%cuda_path/include/cccl -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void member_sync(float *out, const float *in) {
  __shared__ float s[256];
  cg::thread_block b = cg::this_thread_block();
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:18: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  b.sync();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void free_sync(float *out, const float *in) {
  __shared__ float s[256];
  cg::thread_block b = cg::this_thread_block();
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:18: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  cg::sync(b);
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void group_sync(float *out, const float *in) {
  __shared__ float s[256];
  cg::thread_group g = cg::this_thread_block();
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:18: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  g.sync();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void read_back(float *out, const float *in) {
  __shared__ float s[256];
  cg::thread_block b = cg::this_thread_block();
  unsigned t = threadIdx.x, i = blockIdx.x * 256 + t;
  float v = in[i];
  s[t] = v;
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:8: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; the loaded value's other uses read it back from shared memory after the barrier
  cg::sync(b);
  out[i] = v * 2.0f + s[255 - t];
}

__global__ void read_back_written(float *out, const float *in) {
  __shared__ float s[256];
  cg::thread_block b = cg::this_thread_block();
  unsigned t = threadIdx.x, i = blockIdx.x * 256 + t;
  float v = in[i];
  s[t] = v;
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:8: remark: not converted: the loaded value has other uses than the store, and the copy's barrier is not __syncthreads() (.aligned: every thread at one instruction), so other threads' writes after it cannot be ruled out (other threads may leave another barrier of the function
  cg::sync(b);
  float w = v * 2.0f + s[255 - t];
  cg::sync(b);
  s[t] = w;
  cg::sync(b);
  out[i] = s[(t + 1) % 256];
}

__global__ void tile_sync(float *out, const float *in) {
  __shared__ float s[256];
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 32);
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:18: remark: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier
  g.sync();
  out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x ^ 1];
}

__global__ void static_tile_sync(float *out, const float *in) {
  __shared__ float s[256];
  auto g = cg::tiled_partition<32>(cg::this_thread_block());
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:18: remark: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier
  g.sync();
  out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x ^ 1];
}

__global__ void grid_sync(float *out, const float *in) {
  __shared__ float s[256];
  cg::grid_group grid = cg::this_grid();
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:18: remark: not converted: the function contains inline assembly that may access memory
  grid.sync();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void coalesced_sync(float *out, const float *in) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:18: remark: not converted: a call that may access memory stands between the copy and the barrier
  cg::coalesced_threads().sync();
  out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x ^ 1];
}

__device__ __noinline__ void sync_block(cg::thread_block b) { b.sync(); }

__global__ void passed_block(float *out, const float *in) {
  __shared__ float s[256];
  cg::thread_block b = cg::this_thread_block();
  s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // REMARK-DAG: cooperative-groups.cu:[[#@LINE-1]]:18: remark: not converted: a call that may access memory stands between the copy and the barrier
  sync_block(b);
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}

// CHECK-LABEL: .entry _Z11member_syncPfPKf(
// CHECK:       cp.async.ca.shared.global
// CHECK:       cp.async.wait_group{{[[:space:]]+}}0;
// CHECK-NEXT:  barrier.sync{{[[:space:]]+}}0;
// CHECK-LABEL: .entry _Z9free_syncPfPKf(
// CHECK:       cp.async.ca.shared.global
// CHECK:       cp.async.wait_group{{[[:space:]]+}}0;
// CHECK-NEXT:  barrier.sync{{[[:space:]]+}}0;
// CHECK-LABEL: .entry _Z10group_syncPfPKf(
// CHECK:       cp.async.ca.shared.global
// CHECK:       cp.async.wait_group{{[[:space:]]+}}0;
// CHECK-NEXT:  barrier.sync{{[[:space:]]+}}0;
// CHECK-LABEL: .entry _Z9read_backPfPKf(
// CHECK:       cp.async.ca.shared.global
// CHECK:       cp.async.wait_group{{[[:space:]]+}}0;
// CHECK-NEXT:  barrier.sync{{[[:space:]]+}}0;
// CHECK:       ld.shared.b32
// CHECK-LABEL: .entry _Z17read_back_writtenPfPKf(
// CHECK-NOT:   cp.async
// CHECK:       ret;
// CHECK-LABEL: .entry _Z9tile_syncPfPKf(
// CHECK-NOT:   cp.async
// CHECK:       ret;
// CHECK-LABEL: .entry _Z16static_tile_syncPfPKf(
// CHECK-NOT:   cp.async
// CHECK:       ret;
// CHECK-LABEL: .entry _Z9grid_syncPfPKf(
// CHECK-NOT:   cp.async
// CHECK:       ret;
// CHECK-LABEL: .entry _Z14coalesced_syncPfPKf(
// CHECK-NOT:   cp.async
// CHECK:       ret;
// CHECK-LABEL: .entry _Z12passed_blockPfPKf(
// CHECK-NOT:   cp.async
// CHECK:       ret;
