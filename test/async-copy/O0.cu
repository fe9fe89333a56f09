// At -O0 the plugin runs too (clang's O0 pipeline calls the optimizer-last
// extension point), on the unoptimized IR where every variable lives in an
// alloca. A copy written directly (tile[i] = in[j]) is still proved global
// to shared (the kernel parameter is read back from its never-escaping
// local variable) and converted; a copy through a local variable (float v =
// in[j]; tile[i] = v;) reads local memory at -O0 and is refused, with a
// remark. Nothing crashes and the PTX assembles.
//
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O0 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O0 -S --cuda-device-only -g \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.sm90a.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

__global__ void direct(const float *in, float *out) {
  __shared__ float tile[256];
  tile[255 - threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  // REMARK: O0.cu:[[@LINE-1]]:27: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = tile[threadIdx.x];
}

__global__ void through_local(const float *in, float *out) {
  __shared__ float tile[256];
  float v = in[blockIdx.x * 256 + threadIdx.x];
  tile[255 - threadIdx.x] = v;
  // REMARK: O0.cu:[[@LINE-1]]:27: remark: not converted: the source is in local memory; cp.async reads only global memory
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = tile[threadIdx.x];
}
// REMARK-NOT: remark:

// CHECK-LABEL: .entry _Z6directPKfPf(
// CHECK:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// CHECK-NEXT:    cp.async.commit_group;
// CHECK-NEXT:    cp.async.wait_group 0;
// CHECK-NEXT:    bar.sync 0;
// At -O0 the store to shared memory is a generic st.
// CHECK-LABEL: .entry _Z13through_localPKfPf(
// CHECK-NOT:     cp.async
// CHECK:         st.b32 [%rd
// CHECK-NOT:     cp.async
// CHECK:         bar.sync 0;
// CHECK-NOT:     cp.async

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
