// Two rings in one kernel over 2-D tiles: the first versioned, the second
// (its source moved by the row times the iteration) checked row by row. Both deal their chunks from
// values computed once for the kernel, at its entry; the first ring leaves
// some of them unused (the check of rows 16-byte apart is not its) and the
// second uses them. Dead arithmetic is removed once, after every ring is
// made: removed after the first, it took those values from under the
// second (invalid IR: 'Instruction does not dominate all uses').
//
// RUN: %ferry-cc -mllvm -ferry-stages=16 --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-stages=16 --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -o %t.sm90a.ptx %s 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

// QUIET-NOT: error

__global__ void two_loops(unsigned *__restrict__ out, const unsigned short *__restrict__ in,
                          int ld, int n, long m) {
  __shared__ unsigned short a[16][32];
  __shared__ unsigned short b[16][32];
  unsigned x = threadIdx.x, y = threadIdx.y;
  unsigned acc = 0;
  for (int k = 0; k < n; k++) {
    a[y][x] = in[(k * 16 + y) * ld + x];
    // CHECK: two-rings-one-kernel.cu:[[@LINE-1]]:13: remark: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 16 stages{{.*}}; one check before the loop finds every row's addresses fit for 16-byte chunks in every iteration
    __syncthreads();
    acc += a[y][x ^ 1] * 3u;
    __syncthreads();
  }
  for (long k = 0; k < m; k++) {
    b[y][x] = in[((n + k) * 16 + y) * ld + x + k * y];
    // CHECK: two-rings-one-kernel.cu:[[@LINE-1]]:13: remark: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 16 stages
    // CHECK: two-rings-one-kernel.cu:[[@LINE-2]]:13: remark: the ring checks every row of its block-collective copies in every iteration (the original copy as the fallback), not once before the loop: an address multiplies two values that vary
    __syncthreads();
    acc += b[y][x ^ 1] * 5u;
    __syncthreads();
  }
  out[(blockIdx.x * 16 + y) * 32 + x] = acc;
}

// Both rings wait for all but their 15 newest groups.
// PTX-LABEL: .entry _Z9two_loopsPjPKtiil(
// PTX-COUNT-2: cp.async.wait_group {{[[:space:]]*}}15;
// PTX-NOT:     cp.async.wait_group
