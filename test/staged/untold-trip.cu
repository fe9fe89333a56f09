// Loops whose trip no counter tells stay as written, each refusal saying
// the hazard an early load would meet there (staged_copy.c, untold_trip):
// - HeCBench's merge: each window starts where the last one's merge
//   ended, a value the loop carries (merge's own build loads it: "depends
//   on a load, call or other value that cannot be computed ahead, and the
//   loop has more than one latch or exit"), so no later iteration's
//   address is known ahead, whatever the trip;
// - a loop that may leave early (a break on what it loads): a load issued
//   ahead for an iteration that then does not run would read what the
//   loop as written never reads.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -o %t.ptx %s 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o %t.sm80.ptx %s
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

__global__ void windows(float *out, const float *a, const float *b, const int *starts) {
  __shared__ float s[2][257];
  __shared__ int a_top, a_stop, b_top, b_stop;
  int t = threadIdx.x;
  if (t == 0) {
    a_top = starts[blockIdx.x];
    a_stop = starts[blockIdx.x + 1];
    b_top = starts[blockIdx.x + gridDim.x + 1];
    b_stop = starts[blockIdx.x + gridDim.x + 2];
  }
  __syncthreads();
  while (a_top < a_stop || b_top < b_stop) {
    s[0][t] = s[1][t];
    // CHECK: untold-trip.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may {{write|access}} the destination {{.*}}; not staged: the source address depends on a value carried around the loop that is not an induction variable, and the loop's {{.*}}
    s[1][t] = a[a_top + t];
    __syncthreads();
    float v = s[0][(t + 1) & 255] + s[1][t];
    out[a_top + b_top + t] = v;
    __syncthreads();
    if (t == 127) {
      a_top += v > 0.0f ? 128 : 64;
      b_top += v > 0.0f ? 64 : 128;
    }
    __syncthreads();
  }
}

__global__ void leaves_early(float *out, const float *in, const float *stop, int nz, int nx) {
  __shared__ float u[2][256];
  __shared__ int done;
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  for (int k = 0; k < nz; k++) {
    u[0][t] = u[1][t];
    // CHECK: untold-trip.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may {{write|access}} the destination {{.*}}; not staged: the loop has more than one latch or exit: it may leave before an iteration issued ahead runs, whose load would read what the loop as written does not
    u[1][t] = in[k * nx + g];
    if (t == 0)
      done = stop[k] < 0.0f;
    __syncthreads();
    if (done)
      break;
    out[k * nx + g] = u[0][(t + 1) & 255] + u[1][t];
    __syncthreads();
  }
}
// CHECK-NOT: remark: staged
