// Rings of block-collective copies that cannot be versioned keep a check of
// every row in every iteration (the original copy as its fallback), and an
// -Rpass-analysis remark says why: here slots 200 bytes apart (a slot's
// rows would not keep slot 0's alignment). (A source not affine in the
// iteration: collective-ring-checked.ll, two-rings-one-kernel.cu; a counter
// wider than 32 bits is versioned: ring-in-flight.cu.)
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

__global__ void odd_slots(unsigned short *__restrict__ out, const unsigned short *__restrict__ in,
                          int n) {
  __shared__ unsigned short tile[100];
  unsigned t = threadIdx.x;
  unsigned acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[b * 100 + t];
    // CHECK: version-refusals.cu:[[@LINE-1]]:13: remark: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over S stages chosen as the kernel runs
    // CHECK: version-refusals.cu:[[@LINE-2]]:13: remark: the ring checks every row of its block-collective copies in every iteration (the original copy as the fallback), not once before the loop: the ring's slots are not a multiple of 16 bytes apart
    __syncthreads();
    acc += tile[t] * 3u + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 100 + t] = acc;
}
// CHECK-NOT: remark:

// It keeps the checked form: chunks, and the original copy (a 2-byte load
// and store) as their fallback.
// PTX-LABEL: .entry _Z9odd_slotsPtPKti(
// PTX-DAG:     cp.async.cg.shared.global
// PTX-DAG:     ld.global.nc.b16
// PTX-DAG:     st.shared.b16

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
