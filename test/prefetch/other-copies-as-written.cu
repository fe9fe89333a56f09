// A function whose loop ferry-prefetch prefetches holds the prefetch's
// inline assembly: its other copies stay as written (a wait_group of
// ferry-async-copy's would cross that assembly), with the function's
// refusal said once, at the first of them. The plan decided the table's
// copy for one stage before any rewrite; the prefetch's decision, kept in
// the function's record, overrides it.
//
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
//
// Without the prefetch, the table's copy is converted.
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never -mllvm -ferry-prefetch=never --cuda-gpu-arch=sm_80 \
// RUN:   -O3 -S --cuda-device-only -Rpass=ferry -o /dev/null %s 2>&1 \
// RUN:   | FileCheck --check-prefix=NOPREFETCH %s

#include <cstddef>

__global__ void prefetched_and_table(int *out, const int *in, const int *table, size_t batches) {
  extern __shared__ int tile[];
  __shared__ int lookup[256];
  size_t t = threadIdx.x;
  lookup[t] = table[t];
  // REMARK-DAG: other-copies-as-written.cu:[[@LINE-1]]:13: remark: not converted: the function contains inline assembly that may access memory
  // NOPREFETCH: other-copies-as-written.cu:[[@LINE-2]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca
  __syncthreads();
  size_t grid = (size_t)gridDim.x * blockDim.x;
  for (size_t b = 0; b < batches; b++) {
    size_t base = blockIdx.x * blockDim.x + grid * b;
    tile[t] = in[base + t];
    // REMARK-DAG: other-copies-as-written.cu:[[@LINE-1]]:13: remark: left a 4-byte global-to-shared copy plain and prefetched its source
    __syncthreads();
    out[base + t] = tile[t] * lookup[t] + tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}

// CHECK-LABEL: .entry _Z20prefetched_and_tablePiPKiS1_m(
// CHECK-NOT:   cp.async
// CHECK:       prefetch.global.L2
// CHECK-NOT:   cp.async
// CHECK:       ret;
