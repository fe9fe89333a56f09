// A block-collective copy (2-byte elements) whose source pointer the loop
// steps by a loop-invariant amount (`p += 16 * ld`): the pointer is exactly
// affine in the iteration, so the ring is versioned like one indexed by the
// counter: one check before the loop (the first source and the step
// 16-byte aligned) and the chunks unchecked in the ring, each thread's
// chunk address stepped from one iteration to the next. (Per-thread copies
// from stepped pointers: stepped-pointer.ll, stepped-pointer-invariant.ll.)
//
// RUN: %ferry-cc -mllvm -ferry-stages=16 -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-stages=16 -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm90a.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

__global__ void stepped(unsigned short *__restrict__ out, const unsigned short *__restrict__ in,
                        int n, int ld) {
  __shared__ unsigned short tile[256];
  unsigned t = threadIdx.x;
  unsigned acc = 0;
  const unsigned short *p = in;
  for (int k = 0; k < n; k++) {
    tile[t] = p[t];
    // REMARK: stepped-pointer-versioned.cu:[[@LINE-1]]:13: remark: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over {{[0-9]+}} stages: {{.*}}; one check before the loop finds every row's addresses fit for 16-byte chunks in every iteration, else the loop runs as written
    // REMARK-NOT: remark:
    p += 16 * ld;
    __syncthreads();
    acc += tile[t] * 3u + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}

// PTX-LABEL: .entry _Z7steppedPtPKtii(
// PTX:         cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// PTX:         cp.async.wait_group
// PTX-NEXT:    bar.sync 0;

// -ferry-dispatch=never in the RUN lines: the kernel is converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
