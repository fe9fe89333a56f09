// A block-strided copy loop that runs in some iterations of the loop
// around it only (behind a test of the outer counter) is not made a ring:
// the copies of iteration i+S-1 would be issued from iteration i's copy
// loop, which may not run when that one does, or run when it does not.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

constexpr int kTile = 1024;

__global__ void every_other(float *__restrict__ out, const float *__restrict__ in, int count) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    if (k & 1)
      // REMARK: copy-loop-ring-varying-entry.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the loop around this block-strided copy loop is not pipelined: whether the copy loop runs depends on a value that changes from one iteration of the loop around it to the next
      for (int p = threadIdx.x; p < kTile; p += blockDim.x)
        s[p] = in[(size_t)k * kTile + p];
    __syncthreads();
    acc += s[threadIdx.x % 16];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// REMARK-NOT: pipelined its loop

// PTX-LABEL: .entry _Z11every_otherPfPKfi(
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
// PTX:         cp.async.wait_group {{[[:space:]]*}}0;
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
