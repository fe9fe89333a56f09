// A loop whose store may write its copy's source is pipelined only behind
// a check before the loop that bounds the bytes the store writes
// (pipeline_ranges.c). Where no such check can be made, the loop keeps the
// refusal of a loop that may write its source (at the copy), and a remark
// at the store says why: an index that differs between threads other than
// through threadIdx (a permutation loaded before the loop); a pointer
// loaded in the loop; an index that the loop carries and does not step by
// a fixed amount. A volatile access in the loop, which could order it
// against other blocks, keeps the refusal too, and so does a trip count
// that may differ between threads. Each copy is then converted
// alone (single-stage cp.async, wait_group 0); no ring is made.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -mllvm -ferry-prefetch=never -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

__global__ void permuted(int *out, const int *in, const int *perm, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  int p = perm[t];
  for (int b = 0; b < n; b++) {
    // CHECK: range-check-refusals.cu:[[@LINE+4]]:22: remark: this store may write the source of a copy in its loop, and no run-time check can rule that out: its address depends on %{{[0-9a-z.]+}}, which differs between the block's threads other than through threadIdx; the loop is not pipelined (mark the pointers __restrict__ if they never overlap)
    tile[t] = in[b * 256 + t];
    // CHECK: range-check-refusals.cu:[[@LINE-1]]:13: remark: the copy loop is not pipelined: the loop may write the source (mark the pointers __restrict__ if they never overlap)
    __syncthreads();
    out[b * 256 + p] = tile[t] + tile[t ^ 1];
    __syncthreads();
  }
}

__global__ void loaded_pointer(int **outs, const int *in, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  for (int b = 0; b < n; b++) {
    // CHECK: range-check-refusals.cu:[[@LINE+5]]:12: remark: this store may write the source of a copy in its loop, and no run-time check can rule that out: its pointer %{{[0-9a-z.]+}} is loaded in the loop; the loop is not pipelined
    tile[t] = in[b * 256 + t];
    // CHECK: range-check-refusals.cu:[[@LINE-1]]:13: remark: the copy loop is not pipelined: the loop may write the source (mark the pointers __restrict__ if they never overlap)
    __syncthreads();
    int *out = outs[b];
    out[t] = tile[t] + tile[t ^ 1];
    __syncthreads();
  }
}

__global__ void carried(int *out, const int *in, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  int at = 0;
  for (int b = 0; b < n; b++) {
    // CHECK: range-check-refusals.cu:[[@LINE+4]]:17: remark: this store may write the source of a copy in its loop, and no run-time check can rule that out: its address depends on %{{[0-9a-z.]+}}, which the loop carries from one iteration to the next and does not step by a fixed amount; the loop is not pipelined
    tile[t] = in[b * 256 + t];
    // CHECK: range-check-refusals.cu:[[@LINE-1]]:13: remark: the copy loop is not pipelined: the loop may write the source (mark the pointers __restrict__ if they never overlap)
    __syncthreads();
    out[at + t] = tile[t];
    at += tile[0] & 7;
    __syncthreads();
  }
}

__global__ void volatile_flag(int *out, const int *in, volatile int *flag, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  for (int b = 0; b < n; b++) {
    tile[t] = in[b * 256 + t];
    // CHECK: range-check-refusals.cu:[[@LINE-1]]:13: remark: the copy loop is not pipelined: the loop may write the source (mark the pointers __restrict__ if they never overlap); a run-time check of the ranges is made only in a loop without atomic or volatile accesses, which may order it against other blocks
    __syncthreads();
    out[b * 256 + t] = tile[t] + *flag;
    __syncthreads();
  }
}

// A counter starting at threadIdx.x: its trip count, and so a check's
// ranges, could differ between the block's threads, which must all take
// one version.
__global__ void thread_start(int *out, const int *in, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  for (int k = t; k < n; k += 256) {
    // CHECK: range-check-refusals.cu:[[@LINE+4]]:12: remark: this store may write the source of a copy in its loop, and no run-time check can rule that out: its address depends on %{{[0-9a-z.]+}}, whose start or step differs between the block's threads; the loop is not pipelined
    tile[t] = in[k];
    // CHECK: range-check-refusals.cu:[[@LINE-1]]:13: remark: the copy loop is not pipelined: the loop may write the source (mark the pointers __restrict__ if they never overlap)
    __syncthreads();
    out[k] = tile[t] + tile[t ^ 1];
    __syncthreads();
  }
}

// CHECK-NOT: remark: converted {{.*}} pipelined

// PTX-NOT: cp.async.wait_group 15
// PTX:     cp.async.wait_group 0
// PTX-NOT: cp.async.wait_group 15
