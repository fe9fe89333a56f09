// The seeds' loop as written (extern tile, pointers that may alias): no
// ring can be made, so ferry-prefetch prefetches each thread's source k
// iterations ahead into L2 (k from the blocks per multiprocessor, read at
// run time from %nctaid and %nsmid) and the copy stays a plain load and
// store. The same loop with a static tile and __restrict__ is pipelined
// and gets no prefetch.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -o %t.sm90a.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// The prefetched copy is decided (its function's record keeps it as
// written): ferry-async-copy, which leaves the copies the prefetch left
// in its function as written for the prefetch's inline assembly
// (other-copies-as-written.cu), neither takes nor refuses it.
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass-missed=ferry -o /dev/null %s 2>&1 | FileCheck --check-prefix=MISSED --allow-empty %s
// MISSED-NOT: remark: not converted: the function contains inline assembly

#include <cstddef>

__global__ void as_written(int *out, const int *in, size_t batches) {
  extern __shared__ int tile[];
  size_t t = threadIdx.x;
  size_t grid = (size_t)gridDim.x * blockDim.x;
  for (size_t b = 0; b < batches; b++) {
    size_t base = blockIdx.x * blockDim.x + grid * b;
    tile[t] = in[base + t];
    // REMARK-DAG: seeds-as-written.cu:[[@LINE-1]]:13: remark: left a 4-byte global-to-shared copy plain and prefetched its source into L2 k iterations ahead
    __syncthreads();
    out[base + t] = tile[t] * 3 + tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}

__global__ void ringed(int *__restrict__ out, const int *__restrict__ in, size_t batches) {
  __shared__ int tile[256];
  size_t t = threadIdx.x;
  size_t grid = (size_t)gridDim.x * blockDim.x;
  for (size_t b = 0; b < batches; b++) {
    size_t base = blockIdx.x * blockDim.x + grid * b;
    tile[t] = in[base + t];
    // REMARK-DAG: seeds-as-written.cu:[[@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop
    __syncthreads();
    out[base + t] = tile[t] * 3 + tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}

// The distance is computed once, before the loop; the prologue (a loop of
// its own, in the first iteration) and each iteration prefetch; the copy
// is a plain ld.global + st.shared.
// CHECK-LABEL: .entry _Z10as_writtenPiPKim(
// CHECK-NOT:   cp.async
// CHECK:       %nsmid
// CHECK:       prefetch.global.L2
// CHECK-NEXT:  // end inline asm
// CHECK-NEXT:  ld.global.b32
// CHECK-NEXT:  st.shared.b32
// CHECK:       prefetch.global.L2
// CHECK-NOT:   cp.async
// CHECK:       ret;

// CHECK-LABEL: .entry _Z6ringedPiPKim(
// CHECK-NOT:   prefetch
// CHECK:       cp.async.ca.shared.global
// CHECK-NOT:   prefetch
// CHECK:       ret;
