// A block-strided copy loop (issue 13, shape 4) inside a loop of the
// ring's shape: copy -> __syncthreads -> compute -> __syncthreads. A ring
// issues each copy of iteration i+S-1 as one instruction at the top of
// iteration i; this copy is a loop of its own, which ferry does not issue
// whole for a later iteration, so the outer loop is not pipelined, and the
// pipeliner says why at the copy. The copy loop then converts one stage at
// a time (ferry-async-copy's remark). A copy loop with no loop around it
// (copy_alone) and the same loop with pipelining off (stages_off) get no
// such remark.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

constexpr int kTile = 1024;

__global__ void copy_loop_in_ring(float *__restrict__ out, const float *__restrict__ in,
                                  int count) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    // REMARK: copy-loop-not-in-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the loop around this block-strided copy loop is not pipelined: a ring issues each copy of iteration i+S-1 as one instruction at the top of iteration i, and this copy is a loop of its own, which would have to be issued whole (cloned with iteration i+S-1's values, and once for each of the prologue's S-1 stages), which ferry does not do (ferry-async-copy reports what becomes of the copy itself)
    for (int p = threadIdx.x; p < kTile; p += blockDim.x)
      s[p] = in[(size_t)k * kTile + p];
    __syncthreads();
    acc += s[(threadIdx.x * 7) % kTile];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// REMARK: copy-loop-not-in-ring.cu:[[#@LINE-7]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async

__global__ void copy_alone(float *__restrict__ out, const float *__restrict__ in) {
  __shared__ float s[kTile];
  for (int p = threadIdx.x; p < kTile; p += blockDim.x)
    s[p] = in[(size_t)blockIdx.x * kTile + p];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x * 7) % kTile];
}

__global__ void __attribute__((annotate("ferry:stages=1")))
stages_off(float *__restrict__ out, const float *__restrict__ in, int count) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    for (int p = threadIdx.x; p < kTile; p += blockDim.x)
      s[p] = in[(size_t)k * kTile + p];
    __syncthreads();
    acc += s[(threadIdx.x * 7) % kTile];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// REMARK-NOT: the loop around this block-strided copy loop is not pipelined

// PTX-LABEL: .entry _Z17copy_loop_in_ringPfPKfi(
// PTX-NOT:     cp.async.wait_group {{[[:space:]]*}}{{[1-9]}}
// PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX:         cp.async.wait_group {{[[:space:]]*}}0;
// PTX-NEXT:    bar.sync
