// Four pipelined loops in one kernel, each over a 1 KiB tile: every ring
// counts the rings of the loops pipelined before it, in place of their
// arrays, against the 48 KiB of static shared memory. The first two take
// 16 stages (16 KiB each), the last two 8: 48 KiB in all. Counted at the
// arrays' own size, each took 16 stages, 64 KiB, and ptxas refused the
// kernel ("uses too much shared data").
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -o %t.sm80.ptx %s 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

#define LOOP(tile, k0)                                                                  \
  for (int k = 0; k < n; k++) {                                                         \
    tile[t] = in[((k0) + k) * 256 + t];                                                 \
    __syncthreads();                                                                    \
    acc += tile[255 - t];                                                               \
    __syncthreads();                                                                    \
  }

__global__ void four_loops(int *__restrict__ out, const int *__restrict__ in, int n) {
  __shared__ int a[256], b[256], c[256], d[256];
  int t = threadIdx.x, acc = 0;
  LOOP(a, 0)
  // CHECK: stages-rings-in-one-kernel.cu:[[@LINE-1]]:3: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages{{.*}}(16 stages: the most stages ferry chooses by itself)
  LOOP(b, n)
  // CHECK: stages-rings-in-one-kernel.cu:[[@LINE-1]]:3: remark: converted {{.*}} over 16 stages{{.*}}(16 stages: the most stages ferry chooses by itself)
  LOOP(c, 2 * n)
  // CHECK: stages-rings-in-one-kernel.cu:[[@LINE-1]]:3: remark: converted {{.*}} over 8 stages{{.*}}(8 stages: 16 stages of 1024 bytes and the kernel's other shared arrays would exceed the static shared memory a kernel may have (49152 bytes))
  LOOP(d, 3 * n)
  // CHECK: stages-rings-in-one-kernel.cu:[[@LINE-1]]:3: remark: converted {{.*}} over 8 stages{{.*}}(8 stages: 16 stages of 1024 bytes and the kernel's other shared arrays would exceed the static shared memory a kernel may have (49152 bytes))
  out[blockIdx.x * 256 + t] = acc;
}

// PTX-DAG: .shared .align 16 .b8 {{.*}}1a_$_ferry_$_ring[16384];
// PTX-DAG: .shared .align 16 .b8 {{.*}}1b_$_ferry_$_ring[16384];
// PTX-DAG: .shared .align 16 .b8 {{.*}}1c_$_ferry_$_ring[8192];
// PTX-DAG: .shared .align 16 .b8 {{.*}}1d_$_ferry_$_ring[8192];

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
