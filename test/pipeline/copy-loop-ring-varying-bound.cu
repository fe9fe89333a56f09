// A block-strided copy loop whose bound changes with the outer loop's
// counter is not made a ring: iteration i+S-1's copy loop runs other
// elements than iteration i's, where the ring would issue them. The outer
// loop is not pipelined (a remark says why at the copy) and the copy loop
// converts one stage at a time.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

constexpr int kTile = 1024;

__global__ void shrinking_bound(float *__restrict__ out, const float *__restrict__ in,
                                int count) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    // REMARK: copy-loop-ring-varying-bound.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the loop around this block-strided copy loop is not pipelined: the copy loop's bound (or another branch in it) changes from one iteration of the loop around it to the next
    for (int p = threadIdx.x; p < kTile - k; p += blockDim.x)
      s[p] = in[(size_t)k * kTile + p];
    __syncthreads();
    acc += s[threadIdx.x % 16];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// REMARK: copy-loop-ring-varying-bound.cu:[[#@LINE-7]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async
// REMARK-NOT: pipelined its loop

// PTX-LABEL: .entry _Z15shrinking_boundPfPKfi(
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
// PTX:         cp.async.wait_group {{[[:space:]]*}}0;
// PTX-NEXT:    bar.sync
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
// PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
