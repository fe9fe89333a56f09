// A loop with copies of its own and a block-strided copy loop: the loop's
// own copies make its ring, as before copy loops joined rings; the copy
// loop's copies do not join it (a remark says so at the copy), and stay
// as written: ferry-async-copy finds the ring's cp.async before their
// barrier (as it did before copy loops joined rings).
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

constexpr int kTile = 1024;

__global__ void beside(float *__restrict__ out, const float *__restrict__ in,
                       const float *__restrict__ b, int count) {
  __shared__ float s[kTile];
  __shared__ float one[256];
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    // REMARK: copy-loop-ring-beside-own-copies.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the loop around this block-strided copy loop is not pipelined with it: the loop's own copies make its ring
    for (int p = threadIdx.x; p < kTile; p += blockDim.x)
      s[p] = in[(size_t)k * kTile + p];
    // REMARK: copy-loop-ring-beside-own-copies.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop
    one[threadIdx.x % 256] = b[(size_t)k * 256 + threadIdx.x % 256];
    __syncthreads();
    acc += s[threadIdx.x % kTile] + one[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// REMARK: copy-loop-ring-beside-own-copies.cu:[[#@LINE-9]]:{{[0-9]+}}: remark: not converted: the thread synchronises by other means

// PTX-LABEL: .entry _Z6besidePfPKfS1_i(
// PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
