// A ring holds at most 8 copies a loop: a loop with more is not pipelined,
// and says so, however many it has (9 here, and 17); ferry-async-copy then
// converts its copies one stage at a time.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass-analysis=ferry \
// RUN:   -o /dev/null %s 2>&1 | FileCheck --check-prefix=ANALYSIS %s
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -o %t.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

#define TILE(k) __shared__ int tile##k[64];
#define COPY(k) tile##k[t] = in[((b * K + k) * gridDim.x + blockIdx.x) * 64 + t];
#define READ(k) acc += tile##k[63 - t];

// PTX-LABEL: .entry _Z4nine
// PTX-NOT: cp.async.wait_group {{[1-9]}}
// PTX: cp.async.wait_group {{[[:space:]]*}}0;
__global__ void nine(const int *__restrict__ in, int *__restrict__ out, int n) {
  enum { K = 9 };
  TILE(0) TILE(1) TILE(2) TILE(3) TILE(4) TILE(5) TILE(6) TILE(7) TILE(8)
  int t = threadIdx.x, acc = 0;
  for (int b = 0; b < n; b++) {
    // ANALYSIS: refuse-many-copies.cu:[[#@LINE+2]]:5: remark: the copy loop is not pipelined: more than 8 copies in the loop
    // REMARK-COUNT-9: :[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
    COPY(0) COPY(1) COPY(2) COPY(3) COPY(4) COPY(5) COPY(6) COPY(7) COPY(8)
    __syncthreads();
    READ(0) READ(1) READ(2) READ(3) READ(4) READ(5) READ(6) READ(7) READ(8)
    __syncthreads();
  }
  out[blockIdx.x * 64 + t] = acc;
}

// PTX-LABEL: .entry _Z9seventeen
// PTX-NOT: cp.async.wait_group {{[1-9]}}
// PTX: cp.async.wait_group {{[[:space:]]*}}0;
__global__ void seventeen(const int *__restrict__ in, int *__restrict__ out, int n) {
  enum { K = 17 };
  TILE(0) TILE(1) TILE(2) TILE(3) TILE(4) TILE(5) TILE(6) TILE(7) TILE(8)
  TILE(9) TILE(10) TILE(11) TILE(12) TILE(13) TILE(14) TILE(15) TILE(16)
  int t = threadIdx.x, acc = 0;
  for (int b = 0; b < n; b++) {
    // ANALYSIS: refuse-many-copies.cu:[[#@LINE+3]]:5: remark: the copy loop is not pipelined: more than 8 copies in the loop
    // REMARK-COUNT-9: :[[#@LINE+2]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
    // REMARK-COUNT-8: :[[#@LINE+2]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
    COPY(0) COPY(1) COPY(2) COPY(3) COPY(4) COPY(5) COPY(6) COPY(7) COPY(8)
    COPY(9) COPY(10) COPY(11) COPY(12) COPY(13) COPY(14) COPY(15) COPY(16)
    __syncthreads();
    READ(0) READ(1) READ(2) READ(3) READ(4) READ(5) READ(6) READ(7) READ(8)
    READ(9) READ(10) READ(11) READ(12) READ(13) READ(14) READ(15) READ(16)
    __syncthreads();
  }
  out[blockIdx.x * 64 + t] = acc;
}

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
