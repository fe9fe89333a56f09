// Staged copies' refusals, each a real hazard for a load issued iterations
// ahead: every copy below is refused as a copy for a hazard at its
// destination alone (it writes the destination again before the barrier),
// in a loop that holds a barrier, and stays as written, its refusal
// saying why its load is not staged either ("...; not staged: REASON").
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

#define REUSED(s, value)                                                                          \
  do {                                                                                            \
    s[t] = value;                                                                                 \
    if (cond[t] > 0.0f)                                                                           \
      s[t] = 1.0f;                                                                                \
  } while (0)

// An atomic in the loop may order its accesses against other blocks'.
__global__ void atomic_in_loop(float *out, const float *in, const float *cond, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  for (int k = 0; k < nz; k++) {
    // CHECK: refusals.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the loop holds an atomic or volatile access or a fence
    REUSED(s, in[k * n + g]);
    __syncthreads();
    atomicAdd(&out[g], s[(t + 1) & 255]);
    __syncthreads();
  }
}

// A fence.
__global__ void fence_in_loop(float *out, const float *in, const float *cond, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    // CHECK: refusals.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the loop {{synchronises by other means|holds an atomic or volatile access or a fence}}
    REUSED(s, in[k * n + g]);
    __syncthreads();
    acc += s[(t + 1) & 255];
    __threadfence();
    __syncthreads();
  }
  out[g] = acc;
}

// The source's index is loaded in the loop: it cannot be computed ahead.
__global__ void loaded_index(float *out, const float *in, const float *cond, const int *index, int nz) {
  __shared__ float s[256];
  int t = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    // CHECK: refusals.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the source address depends on a load, call or other value that cannot be computed ahead
    REUSED(s, in[index[k] + t]);
    __syncthreads();
    acc += s[(t + 1) & 255];
    __syncthreads();
  }
  out[t] = acc;
}

// A store that may write the source at an address the loop loads: no
// interval bounds it.
__global__ void unbounded_store(float *out, const float *in, const float *cond, const int *where,
                                int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  for (int k = 0; k < nz; k++) {
    // CHECK: refusals.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the loop may write a source, and no range check bounds the bytes a store writes: {{.*}} is computed in the loop by a load, a call or arithmetic the range check does not bound
    REUSED(s, in[k * n + g]);
    __syncthreads();
    out[where[k * n + g]] = s[(t + 1) & 255];
    __syncthreads();
  }
}

// A trip count that differs between the block's threads.
__global__ void varying_trip(float *out, const float *in, const float *cond, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
  for (int k = 0; k < nz + t; k++) {
    // CHECK: refusals.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the loop's trip count is not the same in every thread of the block
    REUSED(s, in[k * n + g]);
    __syncthreads();
    acc += s[(t + 1) & 255];
    __syncthreads();
  }
  out[g] = acc;
}

// A store to the source before the loop, with no barrier before it: the
// loop's barriers order later iterations' loads after it in other threads.
__global__ void written_before(float *data, const float *cond, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  data[g] = 0.0f;
  float acc = 0.0f;
  for (int k = 1; k < nz; k++) {
    // CHECK: refusals.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the thread may write a source before the loop with no barrier between that store and the loop
    REUSED(s, data[k * n + g]);
    __syncthreads();
    acc += s[(t + 1) & 255];
    __syncthreads();
  }
  data[g] = acc;
}

// A loop with no barrier: registers serve it, its loads overlapping
// across iterations as written.
__global__ void no_barrier(float *out, const float *in, const float *cond, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
#pragma unroll 1
  for (int k = 0; k < nz; k++) {
    // CHECK: refusals.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may read the destination before the barrier; not staged: its loop holds no barrier (the loop's loads overlap across its iterations without staging; registers serve it)
    s[t] = in[k * n + g];
    acc += s[(t + k) & 255];
  }
  __syncthreads();
  out[g] = acc + s[(t + 1) & 255];
}
// CHECK-NOT: remark: staged

// PTX-NOT: cp.async
