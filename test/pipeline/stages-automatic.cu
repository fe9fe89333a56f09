// How many stages the pipeliner chooses by itself, for a 1 KiB tile: 16
// (the most, 16 KiB, within its budget), unless __launch_bounds__ asks for
// so many blocks per multiprocessor that their rings would not fit in its
// shared memory (228 KiB on sm_90, 164 KiB on sm_80, less 1 KiB a block):
// 16 blocks leave 13 KiB each on sm_90 (8 stages), 9 KiB on sm_80 (8); 32
// blocks leave 6 KiB on sm_90 (4 stages). Converted in place
// (-ferry-dispatch=never): in a launch dispatch's variant a kernel's one
// static tile takes its ring in the launch's dynamic shared memory instead
// (test/dispatch/static-tile-ring-per-launch.ll).
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -mllvm -ferry-dispatch=never -o %t.sm90a.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -mllvm -ferry-dispatch=never -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK-SM80 %s
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

template <int MinBlocks>
__global__ void __launch_bounds__(256, MinBlocks)
stream(const int *__restrict__ in, int *__restrict__ out, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x, acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[(b * gridDim.x + blockIdx.x) * 256 + t];
    __syncthreads();
    acc += tile[t] ^ tile[255 - t];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}

__global__ void unbounded(const int *__restrict__ in, int *__restrict__ out, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x, acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[(b * gridDim.x + blockIdx.x) * 256 + t];
    __syncthreads();
    acc += tile[t] ^ tile[255 - t];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}

template __global__ void stream<16>(const int *, int *, int);
template __global__ void stream<32>(const int *, int *, int);

// The remark says what bound S: 13 KiB = 228 KiB / 16 - 1 KiB, 6 KiB = 228 / 32 - 1,
// 9 KiB = 164 / 16 - 1.
// REMARK-DAG: stages-automatic.cu:25:13: remark: {{.*}} pipelined its loop over 8 stages: {{.*}} (8 stages: 16 stages of 1024 bytes would exceed the shared memory __launch_bounds__' minimum blocks per SM leave each block (13568 bytes))
// REMARK-DAG: stages-automatic.cu:25:13: remark: {{.*}} pipelined its loop over 4 stages: {{.*}} (4 stages: 8 stages of 1024 bytes would exceed the shared memory __launch_bounds__' minimum blocks per SM leave each block (6272 bytes))
// REMARK-DAG: stages-automatic.cu:37:13: remark: {{.*}} pipelined its loop over 16 stages: {{.*}} (16 stages: the most stages ferry chooses by itself)
// REMARK-SM80-DAG: stages-automatic.cu:25:13: remark: {{.*}} pipelined its loop over 8 stages: {{.*}} (8 stages: 16 stages of 1024 bytes would exceed the shared memory __launch_bounds__' minimum blocks per SM leave each block (9472 bytes))
// REMARK-SM80-DAG: stages-automatic.cu:37:13: remark: {{.*}} pipelined its loop over 16 stages:

// PTX-LABEL:  .entry _Z9unboundedPKiPii(
// PTX:          cp.async.wait_group 15;
