// A block-strided copy loop whose start changes with the outer loop's
// counter is not made a ring: iteration i+S-1's copy loop runs other
// elements than iteration i's, where the ring would issue them.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

constexpr int kTile = 1024;

__global__ void moving_start(float *__restrict__ out, const float *__restrict__ in, int count) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    // REMARK: copy-loop-ring-varying-start.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the loop around this block-strided copy loop is not pipelined: the copy loop's counter starts from a value that changes from one iteration of the loop around it to the next
    for (int p = threadIdx.x + (k & 1); p < kTile; p += blockDim.x)
      s[p] = in[(size_t)k * kTile + p];
    __syncthreads();
    acc += s[threadIdx.x % 16 + 1];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// REMARK-NOT: pipelined its loop

// PTX-LABEL: .entry _Z12moving_startPfPKfi(
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
// PTX:         cp.async.wait_group {{[[:space:]]*}}0;
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
