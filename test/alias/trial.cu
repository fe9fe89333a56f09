// A kernel whose alias-versioned loops all store to global memory (the
// accumulators measured: README, alias versioning) gets a rules variant,
// K__ferry (accumulator.cu); one that stores to shared memory, as Rodinia's
// lud accumulates in its shared tile, a trial variant, K__ferry_trial: its
// launches run it only where a trial timed it faster.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -o %t.ptx %s 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

#define B 16

// CHECK: trial.cu:[[#@LINE+11]]:{{[0-9]+}}: remark: versioned this loop on a run-time check, per thread
// CHECK: remark: the kernel stays as written and its converted copy is the variant _Z8diagonalPfii__ferry_trial: {{.*}} and a trial of the launch's shape timed it faster
__global__ void diagonal(float *m, int dim, int offset) {
  __shared__ float shadow[B][B];
  int t = threadIdx.x;
  for (int i = 0; i < B; i++)
    shadow[i][t] = m[(offset + i) * dim + offset + t];
  __syncthreads();
  for (int i = 0; i < B - 1; i++) {
    if (t > i) {
      for (int j = 0; j < i; j++)
        shadow[t][i] -= shadow[t][j] * shadow[j][i];
      shadow[t][i] /= shadow[i][i];
    }
    __syncthreads();
  }
  for (int i = 0; i < B; i++)
    m[(offset + i) * dim + offset + t] = shadow[i][t];
}
