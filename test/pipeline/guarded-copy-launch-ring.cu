// A guarded copy into an extern __shared__ tile with no hint: the launch
// dispatch's variant takes the tile's ring with S chosen per launch
// (pipeline_dynamic.h), its distance S - 1 a value known only at run
// time. The guard is evaluated for iteration i+S-1 from that value, in
// the loop and in the prologue's loop over k < S - 1 (both a cp.async
// with a register source size); the kernel itself stays as written.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

// REMARK: guarded-copy-launch-ring.cu:[[#@LINE+8]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard of the iteration it issues fails and pipelined its loop over S stages chosen per launch
// REMARK: guarded-copy-launch-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the kernel stays as written and its converted copy is the variant _Z11tail_externPfPKfii__ferry_ring
__global__ void tail_extern(float *__restrict__ out, const float *__restrict__ in, int n,
                            int iterations) {
  extern __shared__ float b[];
  float sum = 0;
  for (int k = 0; k < iterations; k++) {
    int i = k * blockDim.x + threadIdx.x;
    b[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    sum += b[threadIdx.x ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
// REMARK-NOT: remark:

// PTX-LABEL: .entry _Z11tail_externPfPKfii(
// PTX-NOT:     cp.async
// PTX-LABEL: .entry _Z11tail_externPfPKfii__ferry_ring(
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-NOT:     ld.global
// PTX:         cp.async.wait_all;
