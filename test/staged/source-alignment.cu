// A staged load's slot is the thread's own, aligned to the load's size:
// only its source's alignment counts. A copy into a packed struct's
// member (the destination aligned to 1 byte) is staged, its store kept as
// written; a load from a source aligned to 1 byte (read through memcpy
// from a char pointer at an odd offset) is not: cp.async reads 4 bytes
// aligned to 4.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

struct __attribute__((packed)) Cell { char tag; float value; };
__global__ void packed(float *out, const float *in, const float *cond, int nz, int n) {
  __shared__ Cell s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    // CHECK: source-alignment.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load
    s[t].value = in[k * n + g];
    if (cond[t] > 0.0f)
      s[t].value = 1.0f;
    __syncthreads();
    acc += s[(t + 1) & 255].value;
    __syncthreads();
  }
  out[g] = acc;
}
__global__ void unaligned_source(float *out, const char *in, const float *cond, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    float v;
    __builtin_memcpy(&v, in + 1 + 4 * (k * n + g), 4);
    // CHECK: source-alignment.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the source is aligned to 1 bytes, less than the load's 4
    s[t] = v;
    if (cond[t] > 0.0f)
      s[t] = 1.0f;
    __syncthreads();
    acc += s[(t + 1) & 255];
    __syncthreads();
  }
  out[g] = acc;
}

// PTX-LABEL: .entry _Z6packed
// PTX: cp.async.ca.shared.global
// PTX: cp.async.wait_group
// PTX-LABEL: .entry _Z16unaligned_source
// PTX-NOT: cp.async
