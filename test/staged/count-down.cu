// Staged copies in loops counted down (counted_loop.h's exact reading,
// test/gpu/loop_count_down.cu for the rings): the issue of iteration
// i+S-1 is the counter S-1 steps further down, not issued where that
// iteration does not run; the range check's intervals over the
// iterations bound what the loads read (a stepped value's start plus
// [0, last] times a negative step). The planes rotate as laplace3d's do,
// walked from the top: `for (k = nz - 2; k >= 0; k--)`, with an index
// stepped down apart from the counter (`idx -= nx`, a phi that subtracts
// its step: pipeline_plan.h, down_steps), and by two planes, `for (k =
// hi; k > 0; k -= 2)`. A count-down loop whose counter may go
// round below 0 stays as written.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

__global__ void down_by_one(float *out, const float *in, int nz, int nx) {
  __shared__ float u[3][258];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  bool active = g < nx;
  if (active)
    u[2][t + 1] = in[(nz - 1) * nx + g];
  for (int k = nz - 2; k >= 0; k--) {
    if (active) {
      u[0][t + 1] = u[1][t + 1];
      u[1][t + 1] = u[2][t + 1];
      // REMARK: count-down.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
      u[2][t + 1] = in[k * nx + g];
    }
    __syncthreads();
    if (active)
      out[k * nx + g] = u[0][t + 1] + 2.0f * u[1][t] + 3.0f * u[1][t + 2] + 5.0f * u[2][t + 1];
    __syncthreads();
  }
}

// The index stepped down apart from the counter, only where the thread is
// active (`if (active) idx -= nx`): read as stepped where the copy runs,
// k planes on it is idx - k * nx; the next plane is loaded under `k > 0`.
__global__ void stepped_down(float *out, const float *in, int nz, int nx) {
  __shared__ float u[3][258];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  bool active = g < nx;
  int idx = (nz - 1) * nx + g;
  if (active && nz > 0)
    u[2][t + 1] = in[idx];
  for (int k = nz - 1; k >= 0; k--) {
    if (active) {
      idx -= nx;
      u[0][t + 1] = u[1][t + 1];
      u[1][t + 1] = u[2][t + 1];
      if (k > 0)
        // REMARK: count-down.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
        u[2][t + 1] = in[idx];
    }
    __syncthreads();
    if (active)
      out[k * nx + g] = u[0][t + 1] + 2.0f * u[1][t] + 3.0f * u[1][t + 2] + 5.0f * u[2][t + 1];
    __syncthreads();
  }
}

// Two planes a step, the output written where the input is read: the
// range check's intervals keep the loop as written where they meet.
__global__ void down_by_two(float *out, const float *in, int hi, int nx) {
  __shared__ float u[2][256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  for (int k = hi; k > 0; k -= 2) {
    u[0][t] = u[1][t];
    // REMARK: count-down.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
    u[1][t] = in[k * nx + g];
    __syncthreads();
    out[k * nx + g] = u[0][(t + 1) & 255] + u[1][t];
    __syncthreads();
  }
}

// ---- Left as written ----

// Unsigned, by two, while at least a bound fixed only at run time: with
// that bound below 2 the counter goes round below 0 and on, so the
// counter does not tell which iterations run.
__global__ void may_go_round(float *out, const float *in, unsigned hi, unsigned lo, int nx) {
  __shared__ float u[2][256];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  for (unsigned k = hi; k >= lo; k -= 2) {
    u[0][t] = u[1][t];
    // REMARK: count-down.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may access the destination earlier with no barrier in between; not staged: the loop counts by -2 while its counter is at least the bound (unsigned), and the bound is not a constant of at least 2, so the counter may go round below 0
    u[1][t] = in[k * nx + g];
    __syncthreads();
    out[k * nx + g] = u[0][(t + 1) & 255] + u[1][t];
    __syncthreads();
  }
}
// REMARK-NOT: remark: staged

// PTX-LABEL: .entry _Z11down_by_onePfPKfii(
// PTX:         @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX:         cp.async.commit_group;
// PTX:         Inner Loop Header
// PTX:         @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         bar.sync
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z12stepped_downPfPKfii(
// PTX:         @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX:         cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z11down_by_twoPfPKfii(
// PTX:         cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z12may_go_roundPfPKfjji(
// PTX-NOT:     cp.async
