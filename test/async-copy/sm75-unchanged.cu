// For sm_75, which has no cp.async, the plugin changes nothing: the PTX
// built with ferry is byte-identical to clang's without it, and each
// kernel with a copy gets one remark saying why.
//
// -Rpass makes clang track debug locations: every build asks for remarks.
// RUN: %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version \
// RUN:   --cuda-gpu-arch=sm_75 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.plain.ptx %s
// RUN: %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version \
// RUN:   -fpass-plugin=%plugin --cuda-gpu-arch=sm_75 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.plugin.ptx %s
// RUN: diff %t.plain.ptx %t.plugin.ptx
// RUN: %ferry-cc --cuda-gpu-arch=sm_75 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.ferry-cc.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: diff %t.plain.ptx %t.ferry-cc.ptx
// RUN: %ptxas -arch=sm_75 %t.ferry-cc.ptx -o /dev/null
// RUN: FileCheck %s < %t.ferry-cc.ptx
//
// The same source for sm_80 is converted: the kernels do hold candidates.
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -o - %s | FileCheck --check-prefix=SM80 %s

#include <cstddef>

__global__ void copy_compute(int *out, const int *in, size_t batches) {
  extern __shared__ int shared[];
  size_t i = threadIdx.x;
  size_t grid = (size_t)gridDim.x * blockDim.x;
  for (size_t b = 0; b < batches; b++) {
    size_t base = blockIdx.x * blockDim.x + grid * b;
    shared[i] = in[base + i];
    // REMARK: sm75-unchanged.cu:[[@LINE-1]]:15: remark: not converted: cp.async needs sm_80 or newer; the function targets sm_75
    __syncthreads();
    out[base + i] = shared[i] * 3 + shared[(i + 1) % blockDim.x];
    __syncthreads();
  }
}

__global__ void two_tiles(float *c, const float *a, const float *b) {
  __shared__ float as[256], bs[256];
  unsigned t = threadIdx.x;
  as[255 - t] = a[t];
  // REMARK: sm75-unchanged.cu:[[@LINE-1]]:15: remark: not converted: cp.async needs sm_80 or newer; the function targets sm_75
  bs[255 - t] = b[t];
  __syncthreads();
  c[t] = as[t] + bs[t];
}
// REMARK-NOT: remark:

// CHECK: .target sm_75
// CHECK-NOT: cp.async

// SM80: cp.async
