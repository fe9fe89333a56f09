// Staged copies whose refusal is only where the value lands: a copy whose
// loaded value is used again before its barrier (a read-back destination:
// "the loaded value has other uses"), and one whose destination the thread
// writes again before the barrier (a reused destination). Each load is
// staged: issued 7 iterations ahead into slots of the thread's own, the
// store and every other use taking the slot's value. Nothing in the loop
// writes global memory, so the check before the loop is the block's size
// alone. With -ferry-staged=false both keep their refusals.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never -mllvm -ferry-staged=false --cuda-gpu-arch=sm_90a -O3 -S \
// RUN:   --cuda-device-only -Rpass=ferry -Rpass-missed=ferry -o /dev/null %s 2>&1 | FileCheck --check-prefix=OFF %s

__global__ void read_back(float *out, const float *in, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    // REMARK: read-back-reused.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7 by cp.async.ca (4 bytes; not issued where that iteration does not run or the copy's guard fails there) into a ring of 8 slots
    // OFF: read-back-reused.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the loaded value has other uses than the store
    s[t] = in[k * n + g];
    acc += s[t] * 0.5f;
    __syncthreads();
    acc += s[(t + 1) & 255];
    __syncthreads();
  }
  out[g] = acc;
}

__global__ void reused(float *out, const float *in, int nz, int n) {
  __shared__ float s[256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  float acc = 0.0f;
  for (int k = 0; k < nz; k++) {
    // REMARK: read-back-reused.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7 by cp.async.ca (4 bytes; not issued where that iteration does not run or the copy's guard fails there) into a ring of 8 slots
    // OFF: read-back-reused.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may write the destination again before the barrier
    s[t] = in[k * n + g];
    if (in[g] > 0.0f)
      s[t] = 1.0f;
    __syncthreads();
    acc += s[(t + 1) & 255];
    __syncthreads();
  }
  out[g] = acc;
}
// REMARK-NOT: remark: staged
// OFF-NOT: remark: staged

// PTX-LABEL: .entry _Z9read_backPfPKfii(
// PTX-DAG:     @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX-DAG:     cp.async.commit_group;
// PTX-DAG:     cp.async.wait_group {{[[:space:]]*}}7;
// PTX-DAG:     cp.async.wait_all;
// PTX-LABEL: .entry _Z6reusedPfPKfii(
// PTX-DAG:     @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX-DAG:     cp.async.commit_group;
// PTX-DAG:     cp.async.wait_group {{[[:space:]]*}}7;
// PTX-DAG:     cp.async.wait_all;
