// Staged copies in loops whose counter steps by a value fixed before the
// loop, not a constant (counted_loop.h, step_value; counted_by_value.c):
// HeCBench's scan (a 64-bit grid-stride loop, `b += gridDim.x`) and mdh
// (`j += size`, the step clamped in the iteration that leaves: `if (j +
// size > n) size = n - j`). The trip is `j += s` while `j < n`, told
// exactly where s > 0: the check before the loop tests that (and, for a
// 64-bit counter, that the trip has fewer than 2^31 - 1 iterations),
// else the loop runs as written. The kernels below the line stay as
// written, each for a real hazard of an early load.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// The check before the loop, in LLVM IR (the step positive, a wide trip
// short) with the block's size and the ranges.
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S -emit-llvm --cuda-device-only \
// RUN:   -fno-discard-value-names -o - %s | FileCheck --check-prefix=IR %s

// scan's shape: each block's rows, grid-stride, with a 64-bit counter; the
// rows rotate through shared memory, so each copy writes its destination
// again (a hazard for a copy, not for its load).
__global__ void grid_stride64(float *__restrict__ out, const float *__restrict__ in, long rows) {
  __shared__ float s[2][256];
  int t = threadIdx.x;
  for (long b = blockIdx.x; b < rows; b += gridDim.x) {
    s[0][t] = s[1][t];
    // REMARK: stepped-by-value.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
    s[1][t] = in[b * 256 + t];
    __syncthreads();
    out[b * 256 + t] = s[0][(t + 1) & 255] + s[1][t];
    __syncthreads();
  }
}
// IR-LABEL: define {{.*}} @_Z13grid_stride64PfPKfl(
// IR:       %ferry.staged.step.positive = icmp sgt i64 %{{.*}}, 0
// IR:       %ferry.staged.trip.fits = and i1 %ferry.staged.step.positive,
// IR:       and i1 %ferry.staged.trip.fits, %ferry.staged.fits
// IR:       cp.async

// mdh's shape: the step clamped where the loop leaves; five planes there,
// two here, each under `j + t < n`.
__global__ void clamped(float *__restrict__ out, const float *__restrict__ a,
                        const float *__restrict__ b, int n) {
  extern __shared__ float sh[];
  int t = threadIdx.x, size = blockDim.x;
  float v = 0.0f;
  for (int j = 0; j < n; j += size) {
    if ((j + size) > n)
      size = n - j;
    if ((j + t) < n) {
      // REMARK: stepped-by-value.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
      sh[t] = a[j + t];
      // REMARK: stepped-by-value.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
      sh[t + size] = b[j + t];
    }
    __syncthreads();
    for (int i = 0; i < size; i++)
      v += sh[i] * sh[i + size];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}
// IR-LABEL: define {{.*}} @_Z7clampedPfPKfS1_i(
// IR:       %ferry.staged.step.positive = icmp sgt i32 %{{.*}}, 0
// IR:       and i1 %ferry.staged.step.positive, %ferry.staged.fits

// The clamp written as a select on `>=`, its bound on the left of `<`.
__global__ void clamped_ge(float *__restrict__ out, const float *__restrict__ a, int n) {
  extern __shared__ float sh[];
  int t = threadIdx.x, size = blockDim.x;
  float v = 0.0f;
  for (int j = 0; j < n; j += size) {
    size = (j + size >= n) ? n - j : size;
    if (n > j + t) {
      sh[t] = sh[t + size];
      // REMARK: stepped-by-value.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
      sh[t + size] = a[j + t];
    }
    __syncthreads();
    for (int i = 0; i < size; i++)
      v += sh[i] * sh[i + size];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}

// A tile loop stepping by the block's size, the tiles rotating.
__global__ void tiles(float *__restrict__ out, const float *__restrict__ a, int n) {
  __shared__ float sh[2][256];
  int t = threadIdx.x, size = blockDim.x;
  float v = 0.0f;
  for (int j = 0; j < n; j += size) {
    sh[0][t] = sh[1][t];
    if (j + t < n)
      // REMARK: stepped-by-value.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
      sh[1][t] = a[j + t];
    __syncthreads();
    v += sh[0][(t + 1) % size] * sh[1][t];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}

// A step given by the kernel's argument: the check tests it.
__global__ void arg_step(float *__restrict__ out, const float *__restrict__ a, int n, int step) {
  __shared__ float sh[2][256];
  int t = threadIdx.x;
  float v = 0.0f;
  for (int j = 0; j < n; j += step) {
    sh[0][t] = sh[1][t];
    // REMARK: stepped-by-value.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: staged the copy's load: each iteration issues the load of iteration i+7
    sh[1][t] = a[j + t];
    __syncthreads();
    v += sh[0][(t + 1) & 255] * sh[1][t];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}
// IR-LABEL: define {{.*}} @_Z8arg_stepPfPKfii(
// IR:       %ferry.staged.step.positive = icmp sgt i32 %step, 0

// ---- Left as written ----

// `b += gridDim.x` on an int adds in unsigned arithmetic (no nsw): the
// counter may go round past the bound, so the counter does not tell which
// iterations run.
__global__ void wraps(float *__restrict__ out, const float *__restrict__ in, int rows) {
  __shared__ float s[2][256];
  int t = threadIdx.x;
  for (int b = blockIdx.x; b < rows; b += gridDim.x) {
    s[0][t] = s[1][t];
    // REMARK: stepped-by-value.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may access the destination earlier with no barrier in between; not staged: the loop counts by a value while its counter is below the bound, and its increment may wrap (no nsw), so the counter may go round past the bound
    s[1][t] = in[b * 256 + t];
    __syncthreads();
    out[b * 256 + t] = s[0][(t + 1) & 255] + s[1][t];
    __syncthreads();
  }
}

// A step that differs between the block's threads: the trip is not the
// block's, and the check before the loop must be.
__global__ void per_thread_step(float *__restrict__ out, const float *__restrict__ a, int n) {
  __shared__ float sh[2][256];
  int t = threadIdx.x, step = 1 + (t & 1);
  float v = 0.0f;
  for (int j = 0; j < n; j += step) {
    sh[0][t] = sh[1][t];
    // REMARK: stepped-by-value.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may access the destination earlier with no barrier in between; not staged: the loop's trip count is not the same in every thread of the block
    sh[1][t] = a[j + t];
    __syncthreads();
    v += sh[0][(t + 1) & 255] * sh[1][t];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}

// A clamp before the bound (`j + size > n - 4`): where it is taken, the
// loop goes on with a step of its own, so the counter does not tell the
// later iterations' values.
__global__ void early_clamp(float *__restrict__ out, const float *__restrict__ a, int n) {
  __shared__ float sh[2][256];
  int t = threadIdx.x, size = blockDim.x;
  float v = 0.0f;
  for (int j = 0; j < n; j += size) {
    if ((j + size) > n - 4)
      size = n - j;
    sh[0][t] = sh[1][t];
    if ((j + t) < n)
      // REMARK: stepped-by-value.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: not converted: the thread may {{write|access}} the destination {{.*}}; not staged: the source address depends on a value carried around the loop that is not an induction variable, and the loop's counter steps by a value the loop computes (neither a constant, nor a value fixed before the loop, nor one the loop changes only where it leaves)
      sh[1][t] = a[j + t];
    __syncthreads();
    v += sh[0][(t + 1) % size] * sh[1][t];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}
// REMARK-NOT: remark: staged

// Each staged kernel: the prologue's guarded issues, the header's issue
// of iteration i+7 and its wait, the drain after the loop.
// PTX-LABEL: .entry _Z13grid_stride64PfPKfl(
// PTX:         @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX:         cp.async.commit_group;
// PTX:         cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         bar.sync
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z7clampedPfPKfS1_i(
// PTX:         @issue cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX:         cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z10clamped_gePfPKfi(
// PTX:         cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z5tilesPfPKfi(
// PTX:         cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z8arg_stepPfPKfii(
// PTX:         cp.async.wait_group {{[[:space:]]*}}7;
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z5wrapsPfPKfi(
// PTX-NOT:     cp.async
// PTX-LABEL: .entry _Z15per_thread_stepPfPKfi(
// PTX-NOT:     cp.async
// PTX-LABEL: .entry _Z11early_clampPfPKfi(
// PTX-NOT:     cp.async
