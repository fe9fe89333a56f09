// A guarded copy (the stored value is the load where its guard holds and
// zero elsewhere: a phi after a branch, or a select) refused for where its
// value lands is staged: the guard joins the issue's (a select's
// condition computed for the later iteration as a branch's is), the slot
// is zero-filled where it fails (cp.async with src-size 0 reads nothing),
// and the merge takes the slot's value: the load where the guard held,
// zero where it failed, as the merge did. A select whose condition is a
// value loaded in the loop cannot be computed ahead: refused. GPU test:
// test/gpu/staged_guarded.cu.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefixes=PTX,PTX80 %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefixes=PTX,PTX90 %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

// The phi form: threads past m store zero.
__global__ void guarded_phi(float *out, const float *in, int nz, int n, int m) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t] = 0.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    if (g < n) {
      // CHECK: guarded-merge.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7 by cp.async.ca (4 bytes; zero-filled, reading nothing, where that iteration does not run or the copy's guard fails there)
      s[t] = g < m ? in[k * n + g] : 0.0f;
      if (in[g] < 0.0f)
        s[t] = 0.5f;
    }
    __syncthreads();
    acc += s[(t + 1) % blockDim.x];
    __syncthreads();
  }
  if (g < n)
    out[g] = acc;
}

// The select form: odd planes only.
__global__ void guarded_select(float *out, const float *in, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t] = 0.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    if (g < n) {
      float v = in[k * n + g];
      // CHECK: guarded-merge.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load
      s[t] = k & 1 ? v : 0.0f;
      if (in[g] < 0.0f)
        s[t] = 0.5f;
    }
    __syncthreads();
    acc += s[(t + 1) % blockDim.x];
    __syncthreads();
  }
  if (g < n)
    out[g] = acc;
}

// The select's condition is loaded in the loop.
__global__ void loaded_condition(float *out, const float *in, const float *cond, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  s[t] = 0.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    if (g < n) {
      float v = in[k * n + g];
      // CHECK: guarded-merge.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier; not staged: the copy's guard depends on
      s[t] = cond[k * n + g] > 0.0f ? v : 0.0f;
      if (in[g] < 0.0f)
        s[t] = 0.5f;
    }
    __syncthreads();
    acc += s[(t + 1) % blockDim.x];
    __syncthreads();
  }
  if (g < n)
    out[g] = acc;
}

// Each staged loop issues 4 bytes, zero-filled where the guard fails (the
// merge reads the slot's zero there: no issue is skipped): by the
// ignore-src predicate on sm_90a, by a src-size register on sm_80 (whose
// PTX may be older than ISA 7.5); it waits for its own plane, 7 ahead,
// and drains after the loop.
// PTX-LABEL: .entry _Z11guarded_phiPfPKfiii(
// PTX-NOT: @issue
// PTX80: cp.async.ca.shared.global [{{%rd?[0-9]+}}], [{{%rd[0-9]+}}], 4, %r{{[0-9]+}};
// PTX90: cp.async.ca.shared.global [{{%rd?[0-9]+}}], [{{%rd[0-9]+}}], 4, ignore;
// PTX: cp.async.wait_group {{.*}}7;
// PTX: cp.async.wait_all;
// PTX-LABEL: .entry _Z14guarded_selectPfPKfii(
// PTX-NOT: @issue
// PTX80: cp.async.ca.shared.global [{{%rd?[0-9]+}}], [{{%rd[0-9]+}}], 4, %r{{[0-9]+}};
// PTX90: cp.async.ca.shared.global [{{%rd?[0-9]+}}], [{{%rd[0-9]+}}], 4, ignore;
// PTX: cp.async.wait_group {{.*}}7;
// PTX: cp.async.wait_all;
// PTX-LABEL: .entry _Z16loaded_condition
// PTX-NOT: cp.async
