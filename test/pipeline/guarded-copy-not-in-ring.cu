// A guarded copy whose guard is loaded (`valid[i] ? in[i + 1] : 0`) in a
// loop that ferry-pipeline makes a ring: the ring issues its copies for
// iteration i+16, where the guard would have to be evaluated again, and a
// load cannot be computed ahead (the value it reads may change), so the
// guarded copy is not taken into the ring (a ring copy without its guard
// would read past the end of `in`). The loop is pipelined without it: the
// plain copy is; ferry-async-copy then finds the ring's own cp.async
// operations before the barrier and leaves the guarded copy as written: no
// zero-filling cp.async anywhere, the guarded load still there.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

__global__ void loop_guarded(float *__restrict__ out, const float *__restrict__ in,
                             const int *__restrict__ valid, int iterations) {
  __shared__ float a[256], b[256];
  float sum = 0;
  for (int k = 0; k < iterations; k++) {
    int i = k * 256 + threadIdx.x;
    // REMARK: guarded-copy-not-in-ring.cu:[[#@LINE+3]]:{{[0-9]+}}: remark: the guarded copy is not pipelined: the copy's guard depends on a load, call or other value that cannot be computed ahead
    // REMARK: guarded-copy-not-in-ring.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages
    a[threadIdx.x] = in[i];
    b[threadIdx.x] = valid[i] ? in[i + 1] : 0.0f;
    // REMARK: guarded-copy-not-in-ring.cu:[[#@LINE-1]]:{{[0-9]+}}: remark: not converted: the thread synchronises by other means
    __syncthreads();
    sum += a[255 - threadIdx.x] + b[threadIdx.x ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = sum;
}
// REMARK-NOT: remark:

// PTX-LABEL: .entry _Z12loop_guardedPfPKfPKii(
// PTX-NOT:     cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r
// PTX:         ld.global.nc.b32 {{[[:space:]]*}}[[VALUE:%r[0-9]+]], [%rd{{[0-9]+}}+4];
// PTX-NOT:     cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r
// PTX:         st.shared.b32 {{.+}}, [[VALUE]];
// PTX-NEXT:    cp.async.wait_group {{[[:space:]]*}}15;
// PTX-NEXT:    bar.sync {{[[:space:]]*}}0;
// PTX-NOT:     cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r
// PTX:         cp.async.wait_all;
