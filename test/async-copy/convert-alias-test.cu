// A store between the copy and its barrier that may write the source
// (issue 12: the single-stage refusal a range check can settle): where the
// store's address is known at the copy (or a GEP of values known there),
// the copy is versioned on this thread's run-time test that its 4 source
// bytes miss the bytes the store writes: cp.async where they do, the load
// and store as written where they do not (the store may then overwrite the
// source after the load, as written). Refused still, with the remark: a
// store whose address varies with a loop between the copy and the barrier,
// and a store through a pointer loaded after the copy.
//
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -gline-tables-only -Rpass=ferry -Rpass-missed=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

#include <cstddef>

__global__ void store_between(int *out, const int *in) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  size_t i = blockIdx.x * 256 + t;
  tile[t] = in[i];
  // REMARK-DAG: convert-alias-test.cu:[[#@LINE-1]]:11: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on a run-time test that its source misses what the store at line [[#@LINE+1]] writes before the barrier (where it does not, the copy runs as written)
  out[i] = 1;
  __syncthreads();
  out[i] += tile[255 - t];
}

__global__ void store_in_loop(int *out, const int *in, int n) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  size_t i = blockIdx.x * 256 + t;
  tile[t] = in[i];
  // REMARK-DAG: convert-alias-test.cu:[[#@LINE-1]]:11: remark: not converted: a store that may alias the source stands between the copy and the barrier
  for (int k = 0; k < n; k++)
    out[i + (size_t)k * 4096] = k;
  __syncthreads();
  out[i] += tile[255 - t];
}

__global__ void store_through_loaded(int *out, int **where, const int *in) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  size_t i = blockIdx.x * 256 + t;
  tile[t] = in[i];
  // REMARK-DAG: convert-alias-test.cu:[[#@LINE-1]]:11: remark: not converted: a store that may alias the source stands between the copy and the barrier
  int *p = where[t];
  *p = 3;
  __syncthreads();
  out[i] += tile[255 - t];
}

// The test, then cp.async in one branch and the copy as written in the other.
// CHECK-LABEL: .entry _Z13store_betweenPiPKi(
// CHECK:       setp.{{gt|lt|le|ge}}.u64
// CHECK:       setp.{{gt|lt|le|ge}}.u64
// CHECK:       cp.async.ca.shared.global
// CHECK:       ld.global.b32
// CHECK:       st.shared.b32
// CHECK:       bar.sync
// CHECK-LABEL: .entry _Z13store_in_loopPiPKii(
// CHECK-NOT:   cp.async
// CHECK:       ret;
// CHECK-LABEL: .entry _Z20store_through_loadedPiPS_PKi(
// CHECK-NOT:   cp.async
// CHECK:       ret;
