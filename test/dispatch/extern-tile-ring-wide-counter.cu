// The seeds' loop as they write it counts with a size_t: the per-launch
// ring takes a counter wider than 32 bits too. Its guards test the counter
// itself at the run-time distance S - 1 (no 32-bit index of the last
// iteration: the trip count may pass 2^32), and with S = 1 (distance 0)
// the current iteration is always issued.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm -fno-discard-value-names --cuda-device-only \
// RUN:   -o - %s | FileCheck %s

#include <cstddef>

__global__ void seed(int *__restrict__ out, const int *__restrict__ in, size_t batches) {
  extern __shared__ int shared[];
  size_t i = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batches; batch++) {
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;
    // REMARK: extern-tile-ring-wide-counter.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over S stages chosen per launch
    shared[i] = in[block_batch + i];
    __syncthreads();
    out[block_batch + i] = shared[i] * 3 + shared[(i + 1) % blockDim.x];
    __syncthreads();
  }
}
// REMARK: remark: the kernel stays as written and its converted copy is the variant _Z4seedPiPKim__ferry_ring

// CHECK-LABEL: define {{.*}}@_Z4seedPiPKim__ferry_ring(
// CHECK-NOT:   ferry.last.iteration
// CHECK:       ferry.prologue.stage:
// The prologue's stage k runs when k is 0 or the counter's test holds k on.
// CHECK:       [[NOW:%.*]] = icmp eq i32 %ferry.prologue.stage{{[0-9]*}}, 0
// CHECK:       or i1 [[NOW]],
// CHECK:       cp.async
// CHECK-NOT:   ferry.last.iteration
// CHECK:       ret void
