// A thread that leaves the copy loop early (a break that depends on
// threadIdx.x) misses the copy in every later iteration, while the others
// still reach it: the block-collective form, which has each thread issue
// chunks of other threads' rows, must refuse it. The same loop whose break
// is uniform (a value every thread of the block loads alike is not known
// to be uniform, so the break here depends on the loop counter) keeps the
// collective form.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -mllvm -ferry-collective=always \
// RUN:   -mllvm -ferry-stages=1 -Rpass=ferry -Rpass-missed=ferry -o %t.ptx %s 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

__global__ void divergent_break(float *out, const float *__restrict__ in, int n, int stop) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; k++) {
    tile[t] = in[(size_t)k * blockDim.x + t];
    // CHECK-DAG: refuse-divergent-break.cu:[[@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca;
    __syncthreads();
    acc += tile[(t + 1) % blockDim.x];
    __syncthreads();
    if ((int)t < stop - k)
      break;
  }
  out[t] = acc;
}

__global__ void uniform_break(float *out, const float *__restrict__ in, int n, int stop) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; k++) {
    tile[t] = in[(size_t)k * blockDim.x + t];
    // CHECK-DAG: refuse-divergent-break.cu:[[@LINE-1]]:13: remark: converted the block's 4-byte global-to-shared copies
    __syncthreads();
    acc += tile[(t + 1) % blockDim.x];
    __syncthreads();
    if (k * k > stop)
      break;
  }
  out[t] = acc;
}
// CHECK-NOT: refuse-divergent-break.cu:18:{{.*}}converted the block's
