// A struct copy over 16 bytes in a copy loop: the 32-byte struct (clang's
// llvm.memcpy) is split into two cp.async.cg of 16 bytes, and the loop
// becomes a ring like any other: the prologue issues 3 iterations, the loop
// issues iteration i+3's two pieces and waits with wait_group 3.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

struct __align__(16) Pair4 {
  float4 a, b;
};

__global__ void ring_struct(float *__restrict__ out, const Pair4 *__restrict__ in, int iterations) {
  __shared__ Pair4 s[128];
  float sum = 0;
  for (int k = 0; k < iterations; k++) {
    // REMARK: ring-struct-copy.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 32-byte global-to-shared copy to cp.async.cg and pipelined its loop over 4 stages
    s[threadIdx.x] = in[k * 128 + threadIdx.x];
    __syncthreads();
    Pair4 p = s[127 - threadIdx.x];
    sum += p.a.x - p.b.w;
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = sum;
}
// REMARK-NOT: remark:

// PTX-LABEL: .entry _Z11ring_structPfPK5Pair4i(
// PTX-COUNT-6: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+16)?}}], [%rd{{[0-9]+}}{{(\+16)?}}], 16;
// PTX:         cp.async.wait_group {{[[:space:]]*}}3;
// PTX:         cp.async.cg.shared.global [[[TO:%rd[0-9]+]]], [[[FROM:%rd[0-9]+]]], 16;
// PTX-NEXT:    cp.async.cg.shared.global [[[TO]]+16], [[[FROM]]+16], 16;
// PTX:         cp.async.wait_all;
