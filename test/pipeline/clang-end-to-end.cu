// The copy-and-compute loop the pipeliner is for, built from CUDA source by
// ferry-cc (clang 22 + ferry): a static __shared__ tile, __restrict__
// pointers, a counted loop. The copy's loop becomes a 16-stage ring (1 KiB
// tile), so each iteration waits with cp.async.wait_group 15 before its
// consumer barrier, and the exit with cp.async.wait_all. A 4-byte element
// moves by per-thread cp.async.ca by default; -ferry-collective=always makes
// the block's copies 16-byte cp.async.cg chunks, whose ring of 16 slots
// takes as many stages as the kernel chooses as it runs (16 among them:
// ring-in-flight.cu); -ferry-stages=4 makes the wait cp.async.wait_group 3. Every PTX assembles for sm_80 and sm_90a.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefixes=PTX,PTX-CA,PTX-S16 %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm90a.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefixes=PTX,PTX-CA,PTX-S16 %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -mllvm -ferry-collective=always \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.cg.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK-CG %s
// RUN: FileCheck --check-prefixes=PTX,PTX-CG,PTX-S16 %s < %t.cg.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.cg.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -mllvm -ferry-collective=always \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.cg.sm90a.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK-CG %s
// RUN: FileCheck --check-prefixes=PTX,PTX-CG,PTX-S16 %s < %t.cg.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.cg.sm90a.ptx -o /dev/null
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -mllvm -ferry-stages=4 \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.s4.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK-S4 %s
// RUN: FileCheck --check-prefixes=PTX,PTX-CA,PTX-S4 %s < %t.s4.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.s4.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -mllvm -ferry-stages=4 \
// RUN:   -o %t.s4.sm90a.ptx %s
// RUN: FileCheck --check-prefixes=PTX,PTX-CA,PTX-S4 %s < %t.s4.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.s4.sm90a.ptx -o /dev/null

__global__ void stream(const int *__restrict__ in, int *__restrict__ out, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  int acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[b * 256 + t];
    // REMARK: clang-end-to-end.cu:[[@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: iteration i ends issuing the copy of iteration i+16 into the slot it read, of a ring of shared buffers, and waits only for its own
    // REMARK-CG: clang-end-to-end.cu:[[@LINE-2]]:13: remark: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over S stages chosen as the kernel runs: iteration i ends issuing the copy of iteration i+S into the slot it read, of a ring of 16 shared buffers
    // REMARK-S4: clang-end-to-end.cu:[[@LINE-3]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages: iteration i ends issuing the copy of iteration i+4 into the slot it read, of a ring of shared buffers, and waits only for its own
    __syncthreads();
    acc += tile[t] * 3 + tile[(t + 1) & 255];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}

// REMARK-NOT: remark:
// REMARK-CG-NOT: remark:
// REMARK-S4-NOT: remark:

// PTX-LABEL:  .entry _Z6streamPKiPii(
// PTX-S16:      .shared .align 16 .b8 {{.*}}ferry{{.*}}ring[16384];
// PTX-S4:       .shared .align 16 .b8 {{.*}}ferry{{.*}}ring[4096];
// PTX-CA-NOT:   cp.async.cg
// PTX-CG-NOT:   cp.async.ca
// PTX-CA:       cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX-CG:       cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// PTX:          cp.async.commit_group;
// PTX-S16:      cp.async.wait_group 15;
// PTX-S4:       cp.async.wait_group 3;
// PTX-NEXT:     bar.sync 0;
// PTX:          cp.async.wait_all;
// PTX:          ret;

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
