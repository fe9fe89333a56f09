// A ring of 16-byte chunks takes its stages from the bytes in flight
// (pipeline_plan.h, IN_FLIGHT_BYTES): its kernel keeps the ring's 16 slots,
// reads the grid, the block and %nsmid before the loop, and runs the copy
// of the loop whose stage count keeps 32 KiB in flight on a multiprocessor
// with the blocks it holds: 16, 8, 4 or 2, each copy with S fixed, so that
// it waits with the one wait_group S-1 right before its barrier (a chain of
// waits in one loop measured slower). Its counter is 64 bits wide: the
// check before the loop computes its last iteration in 64 bits (the loop as
// written where that overflows) and the chunks issue unchecked. A ring of
// per-thread copies keeps its 16 stages, as does a ring whose stages
// -ferry-stages asks for.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -mllvm -ferry-stages=8 -Rpass=ferry -o %t.s8.ptx %s 2>&1 | FileCheck --check-prefix=FIXED %s
// RUN: FileCheck --check-prefix=PTX-FIXED %s < %t.s8.ptx
// RUN: %ptxas -arch=sm_80 %t.s8.ptx -o /dev/null

__global__ void in_flight(unsigned *__restrict__ out, const unsigned short *__restrict__ in, long n) {
  __shared__ unsigned short tile[256];
  unsigned t = threadIdx.x;
  unsigned acc = 0;
  for (long b = 0; b < n; b++) {
    tile[t] = in[b * 256 + t];
    // REMARK: ring-in-flight.cu:[[@LINE-1]]:13: remark: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over S stages chosen as the kernel runs: iteration i ends issuing the copy of iteration i+S into the slot it read, of a ring of 16 shared buffers, and waits only for its own (S: as many as keep 32 KiB in flight on a multiprocessor with the blocks it holds, from 2 to 16); one check before the loop finds every row's addresses fit for 16-byte chunks in every iteration, else the loop runs as written [-Rpass=ferry]
    // FIXED: ring-in-flight.cu:[[@LINE-2]]:13: remark: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 8 stages: iteration i ends issuing the copy of iteration i+8 into the slot it read, of a ring of shared buffers, and waits only for its own (8 stages: as -ferry-stages=8 asks); one check before the loop
    __syncthreads();
    acc += tile[t] * 3u + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}

__global__ void per_thread(int *__restrict__ out, const int *__restrict__ in, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  int acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[b * 256 + t];
    // REMARK: ring-in-flight.cu:[[@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: iteration i ends issuing the copy of iteration i+16 into the slot it read, of a ring of shared buffers, and waits only for its own (16 stages: the most stages ferry chooses by itself) [-Rpass=ferry]
    __syncthreads();
    acc += tile[t] * 3 + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
// REMARK-NOT: remark:

// The in-flight ring: 16 slots of 512 bytes; the multiprocessors read
// before the loop; four copies of the ring's loop, one wait each, each just
// before its consumer barrier (then the compute's second barrier); between
// the first and the second, the loop as written (the check's fallback: its
// two barriers, no wait) and the kernel's exit.
// PTX-LABEL: .entry _Z9in_flightPjPKtl(
// PTX:         .shared .align 16 .b8 {{.*}}ferry{{.*}}ring[8192];
// PTX:         mov.u32 {{.*}}, %nsmid;
// PTX:         cp.async.wait_group 15;
// PTX-NEXT:    bar.sync 0;
// PTX-NOT:     cp.async.wait_group
// PTX:         cp.async.wait_all;
// PTX-NOT:     cp.async.wait_group
// PTX:         cp.async.wait_group 7;
// PTX-NEXT:    bar.sync 0;
// PTX-NOT:     cp.async.wait_group
// PTX:         cp.async.wait_group 3;
// PTX-NEXT:    bar.sync 0;
// PTX-NOT:     cp.async.wait_group
// PTX:         cp.async.wait_group 1;
// PTX-NEXT:    bar.sync 0;
// PTX-NOT:     cp.async.wait_group
// PTX-LABEL: .entry _Z10per_threadPiPKii(
// PTX-NOT:     %nsmid
// PTX:         cp.async.wait_group 15;
// PTX-NEXT:    bar.sync 0;
// PTX-NOT:     cp.async.wait_group

// Asked for 8 stages: one loop, its S fixed, nothing read of the grid.
// PTX-FIXED-LABEL: .entry _Z9in_flightPjPKtl(
// PTX-FIXED:         .shared .align 16 .b8 {{.*}}ferry{{.*}}ring[4096];
// PTX-FIXED-NOT:     %nsmid
// PTX-FIXED:         cp.async.wait_group 7;
// PTX-FIXED-NEXT:    bar.sync 0;
// PTX-FIXED-NOT:     cp.async.wait_group
// PTX-FIXED-LABEL: .entry _Z10per_threadPiPKii(

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
