// A thread writes a source before the loop, with no barrier between the
// write and the loop: as written, another thread reads that element in
// iteration 1 or later, after a barrier of the loop that orders the write
// before it; a ring's prologue would read it before the loop, ahead of the
// write. The copy's own legality already refuses it (the walk back from
// the copy to the barriers before it passes the preheader: "the thread may
// write the source earlier"), so no ring is made, and neither is a
// single-stage copy. With a __syncthreads() after the write the loop is
// pipelined.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -gline-tables-only -Rpass=ferry -Rpass-missed=ferry -o %t.ptx %s 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

__global__ void written_before(int *__restrict__ out, int *__restrict__ in, int batches) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  in[blockIdx.x * 256 + 255 - t] += 1;
  for (int b = 0; b < batches; b++) {
    size_t base = ((size_t)b * gridDim.x + blockIdx.x) * 256;
    tile[t] = in[base + t];
    // CHECK-DAG: refuse-write-before-loop.cu:[[#@LINE-1]]:13: remark: not converted: the thread may write the source earlier with no barrier in between
    __syncthreads();
    out[base + t] = tile[t] * 3 + tile[(t + 1) % 256];
    __syncthreads();
  }
}

__global__ void barrier_between(int *__restrict__ out, int *__restrict__ in, int batches) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  in[blockIdx.x * 256 + 255 - t] += 1;
  __syncthreads();
  for (int b = 0; b < batches; b++) {
    size_t base = ((size_t)b * gridDim.x + blockIdx.x) * 256;
    tile[t] = in[base + t];
    // CHECK-DAG: refuse-write-before-loop.cu:[[#@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages
    __syncthreads();
    out[base + t] = tile[t] * 3 + tile[(t + 1) % 256];
    __syncthreads();
  }
}
