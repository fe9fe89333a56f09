// Staged copies (issue 34) on laplace3d's shape: three planes of a tile and
// its halo rotate in shared memory, the next plane is loaded under
// `if (k < nz - 1)`, then a barrier, the compute, a barrier. Both loads
// are refused as copies for hazards at their destination (the rotation
// reads and writes it around them), and each is staged instead: issued
// 7 iterations ahead by cp.async into 8 slots of the thread's own, the
// store as written taking the slot's value after cp.async.wait_group 7.
// The halo's index is chosen by branches on the thread's index, and both
// indices step only under flags fixed before the loop (`active`, `halo`):
// read as stepped where the copy runs (its guard holds the flag), and
// bounded by intervals in the range check against the output's store.
// With -ferry-staged=false the copies stay as written, with their
// refusals.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never -mllvm -ferry-staged=false --cuda-gpu-arch=sm_90a -O3 -S \
// RUN:   --cuda-device-only -Rpass=ferry -Rpass-missed=ferry -o %t.off.ptx %s 2>&1 | FileCheck --check-prefix=OFF %s
// RUN: FileCheck --check-prefix=PTX-OFF %s < %t.off.ptx
// The trial variant of a dispatched compile: the staged loop runs only
// where a trial timed it faster.
// RUN: %ferry-cc --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -Rpass=ferry -o /dev/null %s 2>&1 \
// RUN:   | FileCheck --check-prefix=TRIAL %s

__global__ void planes(float *out, const float *in, int nz, int nx) {
  __shared__ float u[3][258];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  bool active = g < nx;
  int h = t == 0 ? 0 : (int)blockDim.x + 1;
  int hg = t == 0 ? (int)(blockIdx.x * blockDim.x) - 1 : (int)((blockIdx.x + 1) * blockDim.x);
  bool halo = t < 2 && hg >= 0 && hg < nx;
  int idx = g, hidx = hg;
  if (active) u[2][t + 1] = in[idx];
  if (halo) u[2][h] = in[hidx];
  for (int k = 0; k < nz; k++) {
    if (active) {
      idx += nx;
      u[0][t + 1] = u[1][t + 1];
      u[1][t + 1] = u[2][t + 1];
      if (k < nz - 1)
        // REMARK: rotation.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7 by cp.async.ca (4 bytes; not issued where that iteration does not run or the copy's guard fails there) into a ring of 8 slots of the thread's own in shared memory (8 stages: the budget of a ring), and the store, as written, takes the value from its slot after the thread's cp.async.wait_group 7, with no barrier added; behind one check before the loop that the block has at most 256 threads and that the bytes the staged loads read, over the block and every iteration, miss those the loop's stores write (else the loop runs as written)
        // OFF: rotation.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may {{read|write|access}} the destination
        u[2][t + 1] = in[idx];
    }
    if (halo) {
      hidx += nx;
      u[0][h] = u[1][h];
      u[1][h] = u[2][h];
      if (k < nz - 1)
        // REMARK: rotation.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
        // OFF: rotation.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may {{read|write|access}} the destination
        u[2][h] = in[hidx];
    }
    __syncthreads();
    if (active)
      out[k * nx + g] = u[0][t + 1] + 2.0f * u[1][t] + 3.0f * u[1][t + 2] + 5.0f * u[2][t + 1];
    __syncthreads();
  }
}
// REMARK-NOT: remark: staged
// OFF-NOT: remark: staged

// PTX-LABEL: .entry _Z6planesPfPKfii(
// The prologue: iterations 0..6, one group each, each issue skipped by its
// guard predicate where its iteration does not run (on sm_80 as on sm_90a:
// a plain copy's slot is then never read, so nothing need be written).
// PTX:         @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX:         cp.async.commit_group;
// The header: iteration i+7, then the wait for iteration i's group.
// PTX:         Inner Loop Header
// PTX:         @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         ld.shared.b32
// PTX:         bar.sync
// PTX:         cp.async.wait_all;
// PTX-OFF-NOT: cp.async

// TRIAL: remark: the kernel stays as written and its converted copy is the variant _Z6planesPfPKfii__ferry_trial
