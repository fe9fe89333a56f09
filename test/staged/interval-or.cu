// The range check's intervals read an or of operands with no bit in
// common (LLVM's `or disjoint`) as their sum: HeCBench's surfel loads
// `s[(base + tid) * COL_DIM + k]`, which reaches the check as `base | tid`
// (base a multiple of the tile, tid below it under the copy's guard). An
// or that may share bits stays unbounded, its copy as written.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

__global__ void tile_or(float *__restrict__ out, const float *__restrict__ in, int n) {
  __shared__ float s[2][64];
  int t = threadIdx.x;
  float v = 0.0f;
  for (int base = 0; base < n; base += 64) {
    if (t < 64 && base + t < n) {
      s[0][t] = s[1][t];
      // CHECK: interval-or.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
      s[1][t] = in[base + t];
    }
    __syncthreads();
    v += s[0][(t + 1) & 63] + s[1][t & 63];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}

// `base | t` with t any thread's index: the bits may meet, so the or is
// not a sum and the check cannot bound it.
__global__ void shared_bits(float *__restrict__ out, const float *__restrict__ in, int n) {
  __shared__ float s[2][256];
  int t = threadIdx.x;
  float v = 0.0f;
  for (int base = 0; base < n; base += 64) {
    s[0][t] = s[1][t];
    // CHECK: interval-or.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may access the destination earlier with no barrier in between; not staged: no range check bounds the bytes the load reads: {{.*}} is computed in the loop by a load, a call or arithmetic the range check does not bound
    s[1][t] = in[base | t];
    __syncthreads();
    v += s[0][(t + 1) & 255] + s[1][t];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}
// CHECK-NOT: remark: staged

// PTX-LABEL: .entry _Z7tile_orPfPKfi(
// PTX:         @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX:         cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z11shared_bitsPfPKfi(
// PTX-NOT:     cp.async
