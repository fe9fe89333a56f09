// A kernel whose alias-versioned loops all store to global memory (the
// accumulators measured: README, alias versioning) gets a rules variant,
// K__ferry (accumulator.cu); one that stores through a pointer ferry
// cannot place (loaded from memory: global or shared), a trial variant,
// K__ferry_trial: its launches run it only where a trial timed it faster.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -o %t.ptx %s 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

// CHECK: trial.cu:[[#@LINE+6]]:{{[0-9]+}}: remark: versioned this loop on a run-time check, per thread
// CHECK: remark: the kernel stays as written and its converted copy is the variant _Z8indirectPKPfPKfi__ferry_trial: {{.*}} and a trial of the launch's shape timed it faster
__global__ void indirect(float *const *accs, const float *a, int n) {
  float *acc = accs[blockIdx.x];
  int t = threadIdx.x;
  for (int i = 0; i < n; i++)
    acc[t] += a[i * 256 + t];
}
