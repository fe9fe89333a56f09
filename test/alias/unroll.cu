// The checked copy of an alias-versioned loop is unrolled by the largest
// of -ferry-alias-unroll (4), its half, ... that keeps the loads in flight
// within 16 (alias_version.c, UNROLL_LOADS_IN_FLIGHT): PolyBench's
// deviation loop, which clang unrolls by 4 (4 loads an iteration), by 4
// (16 loads an iteration); its mean loop, which clang unrolls by 8, and
// the triangle of dot products (correlation's and covariance's: 2 loads an
// iteration, 8 once clang has unrolled it), by 2. A loop already at 16
// (`four`: 4 loads an iteration, unrolled by 4) stays as clang left it.
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

__global__ void triangle(float *sym, const float *data, int m, int n) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  if (j1 < m)
    for (int j2 = j1; j2 < m; j2++) {
      sym[j1 * m + j2] = 0.0f;
      for (int i = 0; i < n; i++)
        sym[j1 * m + j2] += data[i * m + j1] * data[i * m + j2];
    }
}

__global__ void four(float *out, const float *a, const float *b, const float *c, const float *d,
                     int m, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m) {
    out[j] = 0.0f;
    for (int i = 0; i < n; i++)
      out[j] += a[i * m + j] * b[i * m + j] + c[i * m + j] * d[i * m + j];
  }
}

// The checked main loop of deviation: 16 loads in the loads' scope, then
// the remainder's and the mean's hoisted before it (23); without the unroll, 7.
// CHECK-LABEL: define {{.*}} @_Z9deviationPfPKfS1_ii__ferry(
// CHECK-COUNT-20: load float, {{.*}}!alias.scope
// The mean's: 16 in its main loop (8 without the rule's halving: the
// unroll by 4 would make 32), 8 in the remainder, the mean hoisted.
// CHECK-LABEL: define {{.*}} @_Z7averagePfPKfii__ferry(
// CHECK-COUNT-25: load float, {{.*}}!alias.scope
// CHECK-NOT: load float, {{.*}}!alias.scope
// CHECK: ret void
// The triangle's: 16 in the main loop (8 without), 10 elsewhere.
// CHECK-LABEL: define {{.*}} @_Z8trianglePfPKfii__ferry(
// CHECK-COUNT-26: load float, {{.*}}!alias.scope
// CHECK-NOT: load float, {{.*}}!alias.scope
// CHECK: ret void
// Already 16 in flight: as clang unrolled it (16, and 4 in the remainder).
// CHECK-LABEL: define {{.*}} @_Z4fourPfPKfS1_S1_S1_ii__ferry(
// CHECK-COUNT-20: load float, {{.*}}!alias.scope
// CHECK-NOT: load float, {{.*}}!alias.scope
// CHECK: ret void

// ONE-LABEL: define {{.*}} @_Z9deviationPfPKfS1_ii__ferry(
// ONE-COUNT-7: load float, {{.*}}!alias.scope
// ONE-NOT: load float, {{.*}}!alias.scope
// ONE: ret void
