// A guarded copy whose guard tests a value the loop carries that is not an
// induction variable (`limit = limit * 3 + 1`): the ring would evaluate
// the guard for iteration i+S-1, which only the iterations in between can
// compute, so the loop is not pipelined; the copy converts single-stage
// (its guard tested where it stands), no ring.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

__global__ void guard_carried(float *__restrict__ out, const float *__restrict__ in, int n,
                              int iterations) {
  __shared__ float b[256];
  float sum = 0;
  int limit = n;
  for (int k = 0; k < iterations; k++) {
    int i = k * 256 + threadIdx.x;
    // REMARK: refuse-guard-carried.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the copy loop is not pipelined: the copy's guard depends on a value carried around the loop that is not an induction variable
    // REMARK: refuse-guard-carried.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails (it reads nothing and fills zeros); it completes before the next barrier
    b[threadIdx.x] = i < limit ? in[i] : 0.0f;
    __syncthreads();
    sum += b[threadIdx.x ^ 1];
    __syncthreads();
    limit = limit * 3 + 1;
  }
  out[blockIdx.x * 256 + threadIdx.x] = sum;
}
// REMARK-NOT: remark:

// PTX-LABEL: .entry _Z13guard_carriedPfPKfii(
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-NEXT:    cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group {{[[:space:]]*}}0;
// PTX-NOT:     cp.async
// PTX:         ret;
