// A host compile with no device binary (--cuda-host-only: no kernel is
// registered) passes through the plugin untouched: the host IR with
// ferry-cc is identical to clang's, for a file whose device half ferry
// converts. (test/dispatch/ checks a full compile's host half.)
//
// -Rpass makes clang track debug locations: both builds ask for remarks.
// RUN: %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version \
// RUN:   --cuda-gpu-arch=sm_80 -O2 -S -emit-llvm --cuda-host-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.plain.ll %s
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false --cuda-gpu-arch=sm_80 -O2 -S -emit-llvm --cuda-host-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.ferry.ll %s 2>%t.remarks
// RUN: diff %t.plain.ll %t.ferry.ll
// RUN: count 0 < %t.remarks
// RUN: FileCheck %s < %t.ferry.ll
//
// The device half of the same file is converted.
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false --cuda-gpu-arch=sm_80 -O2 -S --cuda-device-only -o - %s \
// RUN:   | FileCheck --check-prefix=DEVICE %s

__global__ void copy_tile(float *out, const float *in) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  tile[255 - t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = tile[t];
}

void launch(float *out, const float *in, int blocks) {
  copy_tile<<<blocks, 256>>>(out, in);
}

// CHECK: target triple = "x86_64
// CHECK: define {{.*}}void @_Z24__device_stub__copy_tilePfPKf(
// CHECK-NOT: cp.async

// DEVICE: cp.async.ca.shared.global
