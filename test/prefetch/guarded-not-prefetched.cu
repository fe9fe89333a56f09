// A guarded copy in a loop no ring takes (here: counting by 4 with an
// increment that may wrap) is not prefetched: the prefetch of iteration
// i+k would be of an address that iteration's guard may refuse (past the
// end of `in`), and the copy would stay plain. ferry-async-copy converts
// it single-stage, its guard tested where it stands.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

__global__ void guarded_written(int *out, const int *in, unsigned n, unsigned limit) {
  extern __shared__ int tile[];
  unsigned t = threadIdx.x;
  for (unsigned b = 0; b < n; b += 4) {
    size_t i = (size_t)b * blockDim.x + t;
    // REMARK: guarded-not-prefetched.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the copy loop is not pipelined: the loop counts by 4
    // REMARK: guarded-not-prefetched.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails
    tile[t] = i < limit ? in[i] : 0;
    __syncthreads();
    out[i] = tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}
// REMARK-NOT: remark:

// PTX-LABEL: .entry _Z15guarded_writtenPiPKijj(
// PTX-NOT:     prefetch
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-NOT:     prefetch
// PTX:         ret;
