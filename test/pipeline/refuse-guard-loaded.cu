// A guarded copy whose guard is loaded (`valid[i] ? in[i] : 0`): the ring
// would evaluate the guard for iteration i+S-1, and a load cannot be
// computed ahead (its value may change before that iteration), so the
// loop is not pipelined; the copy converts single-stage (its guard tested
// where it stands), no ring.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

__global__ void guard_loaded(float *__restrict__ out, const float *__restrict__ in,
                             const int *__restrict__ valid, int iterations) {
  __shared__ float b[256];
  float sum = 0;
  for (int k = 0; k < iterations; k++) {
    int i = k * 256 + threadIdx.x;
    // REMARK: refuse-guard-loaded.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: the copy loop is not pipelined: the copy's guard depends on a load, call or other value that cannot be computed ahead
    // REMARK: refuse-guard-loaded.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails (it reads nothing and fills zeros); it completes before the next barrier
    b[threadIdx.x] = valid[i] ? in[i] : 0.0f;
    __syncthreads();
    sum += b[threadIdx.x ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = sum;
}
// REMARK-NOT: remark:

// PTX-LABEL: .entry _Z12guard_loadedPfPKfPKii(
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-NEXT:    cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group {{[[:space:]]*}}0;
// PTX-NOT:     cp.async
// PTX:         ret;
