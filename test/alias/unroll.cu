// The checked copy of an alias-versioned loop is unrolled by
// -ferry-alias-unroll (4) where the loads it then keeps in flight stay
// within 16 (alias_version.c, UNROLL_LOADS_IN_FLIGHT): PolyBench's
// deviation loop, which clang unrolls by 4 (4 loads an iteration), becomes
// 16 loads an iteration; its mean loop, which clang unrolls by 8, stays at 8.
// The loop as written is never unrolled further.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm --cuda-device-only -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: %ferry-cc -mllvm -ferry-alias-unroll=1 --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm \
// RUN:   --cuda-device-only -o %t.one.ll %s
// RUN: FileCheck --check-prefix=ONE %s < %t.one.ll
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.ptx %s
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

__global__ void deviation(float *std, const float *mean, const float *data, int m, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m) {
    std[j] = 0.0f;
    for (int i = 0; i < n; i++)
      std[j] += (data[i * m + j] - mean[j]) * (data[i * m + j] - mean[j]);
  }
}

__global__ void average(float *mean, const float *data, int m, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m) {
    mean[j] = 0.0f;
    for (int i = 0; i < n; i++)
      mean[j] += data[i * m + j];
  }
}

// The checked main loop of deviation: 16 loads in the loads' scope, then
// the remainder's and the mean's hoisted before it (23); without the unroll, 7.
// CHECK-LABEL: define {{.*}} @_Z9deviationPfPKfS1_ii__ferry(
// CHECK-COUNT-20: load float, {{.*}}!alias.scope
// CHECK-LABEL: define {{.*}} @_Z7averagePfPKfii__ferry(
// CHECK-COUNT-9: load float, {{.*}}!alias.scope
// CHECK-NOT: load float, {{.*}}!alias.scope
// CHECK: ret void

// ONE-LABEL: define {{.*}} @_Z9deviationPfPKfS1_ii__ferry(
// ONE-COUNT-7: load float, {{.*}}!alias.scope
// ONE-NOT: load float, {{.*}}!alias.scope
// ONE: ret void
