// A kernel's annotate("ferry:stages=N") sets S for that kernel alone, over
// -ferry-stages and over the pipeliner's own choice; "ferry:stages=1" turns
// pipelining off for it (its copy stays a single-stage cp.async). The remark
// says where S came from.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -mllvm -ferry-stages=2 -o /dev/null %s 2>&1 | FileCheck --check-prefix=OPTION %s

#define COPY_LOOP                                                                                  \
  __shared__ int tile[256];                                                                        \
  int t = threadIdx.x, acc = 0;                                                                    \
  for (int b = 0; b < n; b++) {                                                                    \
    tile[t] = in[(b * gridDim.x + blockIdx.x) * 256 + t];                                          \
    __syncthreads();                                                                               \
    acc += tile[t] ^ tile[255 - t];                                                                \
    __syncthreads();                                                                               \
  }                                                                                                \
  out[blockIdx.x * 256 + t] = acc;

__global__ void __attribute__((annotate("ferry:stages=4")))
four(const int *__restrict__ in, int *__restrict__ out, int n) { COPY_LOOP }

__global__ void __attribute__((annotate("ferry:stages=1")))
off(const int *__restrict__ in, int *__restrict__ out, int n) { COPY_LOOP }

__global__ void chosen(const int *__restrict__ in, int *__restrict__ out, int n) { COPY_LOOP }

// REMARK-DAG: remark: {{.*}} pipelined its loop over 4 stages: {{.*}} (4 stages: as annotate("ferry:stages=4") asks)
// REMARK-DAG: remark: the copy loop is not pipelined: pipelining is off (annotate("ferry:stages=1"))
// REMARK-DAG: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
// REMARK-DAG: remark: {{.*}} pipelined its loop over 16 stages: {{.*}} (16 stages: the most stages ferry chooses by itself)

// The option sets the kernels without an annotation only.
// OPTION-DAG: remark: {{.*}} pipelined its loop over 4 stages: {{.*}} (4 stages: as annotate("ferry:stages=4") asks)
// OPTION-DAG: remark: {{.*}} pipelined its loop over 2 stages: {{.*}} (2 stages: as -ferry-stages=2 asks)

// PTX-LABEL: .entry _Z4fourPKiPii(
// PTX:         cp.async.wait_group 3;
// PTX-LABEL: .entry _Z3offPKiPii(
// PTX-NOT:     cp.async.wait_group {{[1-9]}}
// PTX:         cp.async.wait_group 0;
// PTX-LABEL: .entry _Z6chosenPKiPii(
// PTX:         cp.async.wait_group 15;

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
