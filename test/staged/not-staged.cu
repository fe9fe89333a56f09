// Why a copy refused for where its value lands is not staged either, said
// in its refusal ("not converted: HAZARD; not staged: REASON"): where the
// load itself is not fit (decided with the copy: copy_plan.c) and where
// its place is not (ferry-pipeline's staged legality: staged_copy.c,
// pipeline_pass.c). Each kernel's copy writes its destination again
// before the barrier (REUSED) or reads it; rotation.cu has the shapes that
// are staged.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.ptx %s 2> %t.remarks
// RUN: FileCheck %s < %t.remarks
// RUN: FileCheck --check-prefix=RING %s < %t.remarks
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -o %t.sm80.ptx %s
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never -mllvm -ferry-staged=false --cuda-gpu-arch=sm_90a -O3 \
// RUN:   -S --cuda-device-only -Rpass-missed=ferry -o /dev/null %s 2>&1 | FileCheck --check-prefix=OFF %s
// RUN: %ferry-cc -mllvm -ferry-dispatch=never -mllvm -ferry-prefetch=never --cuda-gpu-arch=sm_90a -O3 \
// RUN:   -S --cuda-device-only -Rpass-missed=ferry -o /dev/null %s 2>&1 | FileCheck --check-prefix=NO-PREFETCH %s

#define REUSED(s, value)                                                                          \
  do {                                                                                            \
    s[t] = value;                                                                                 \
    if (cond[t] > 0.0f)                                                                           \
      s[t] = 1.0f;                                                                                \
  } while (0)

// No loop: no later iteration to issue the load in.
__global__ void no_loop(float *out, const float *in, const float *cond, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  // CHECK: not-staged.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the copy is in no loop (a load issued ahead needs iterations to issue it in)
  // OFF: not-staged.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: staging is off (-ferry-staged=false)
  REUSED(s, in[g]);
  __syncthreads();
  out[g] = s[(t + 1) & 255];
}

// A loop with no barrier: its loads overlap across iterations as written.
__global__ void no_barrier(float *out, const float *in, const float *cond, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
#pragma unroll 1
  for (int k = 0; k < nz; k++) {
    // CHECK: not-staged.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may read the destination before the barrier; not staged: its loop holds no barrier (the loop's loads overlap across its iterations without staging; registers serve it)
    s[t] = in[k * n + g];
    acc += s[(t + k) & 255];
  }
  __syncthreads();
  out[g] = acc + s[(t + 1) & 255];
}

// A 2-byte load: cp.async copies 4, 8 or 16 bytes.
__global__ void narrow(float *out, const short *in, const float *cond, int nz, int n) {
  __shared__ short s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    // CHECK: not-staged.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the load is of 2 bytes, where cp.async copies 4, 8 or 16
    REUSED(s, in[k * n + g]);
    __syncthreads();
    acc += s[(t + 1) & 255];
    __syncthreads();
  }
  out[g] = acc;
}

// The function gets a ring (its first loop), which the rules choose
// untimed, where a staged loop is a trial's to choose.
__global__ void with_ring(float *__restrict__ out, const float *__restrict__ in, const float *cond,
                          int nz, int n) {
  __shared__ float s[256];
  __shared__ float r[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    // RING: not-staged.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop
    r[t] = in[k * n + g];
    __syncthreads();
    acc += r[(t * 7) & 255];
    __syncthreads();
  }
  for (int k = 0; k < nz; k++) {
    // CHECK: not-staged.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the function gets a ring, which the rules choose untimed, where a staged loop is a trial's to choose (the kernel's variant runs where no trial times it)
    REUSED(s, in[k * n + g]);
    __syncthreads();
    acc += s[(t + 1) & 255];
    __syncthreads();
  }
  out[g] = acc;
}

// A loop whose other copy is fit for a ring, no ring taking it (its
// closing barrier stands at the top of the next iteration): the
// prefetch's loop, whose inline assembly then refuses the function's
// copies; without the prefetch, that copy converts one stage at a time,
// and its wait would meet the staged loads' groups.
__global__ void prefetched(float *__restrict__ out, const float *__restrict__ in, const float *cond,
                           int nz) {
  __shared__ float s[256];
  __shared__ float r[256];
  int t = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    __syncthreads();
    float v = in[(size_t)k * 512 + t];
    // RING: not-staged.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: left a 4-byte global-to-shared copy plain and prefetched its source into L2
    r[t] = v;
    // CHECK: not-staged.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: the function contains inline assembly
    // NO-PREFETCH: not-staged.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: its loop holds copies fit for a ring, the ring's or the prefetch's, whose groups a staged load's would meet
    REUSED(s, in[(size_t)k * 512 + 256 + t]);
    __syncthreads();
    acc += r[255 - t] * (v * 9.0f) + s[(t + 1) & 255];
  }
  out[blockIdx.x * 256 + t] = acc;
}

// More copies in the loop than a loop's staged rings (8).
__global__ void many(float *out, const float *in, const float *cond, int nz, int n) {
  __shared__ float s[9][256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    // CHECK-COUNT-9: remark: not converted: the thread may write the destination again before the barrier; not staged: its loop holds more than 8 such copies
#pragma unroll
    for (int c = 0; c < 9; c++) {
      s[c][t] = in[(k * 9 + c) * n + g];
      if (cond[c * 256 + t] > 0.0f)
        s[c][t] = 1.0f;
    }
    __syncthreads();
#pragma unroll
    for (int c = 0; c < 9; c++)
      acc += s[c][(t + 1) & 255];
    __syncthreads();
  }
  out[g] = acc;
}
// CHECK-NOT: remark: staged
