// Staged copies (issue 34): what the staged loop adds to each iteration.
// Whether an iteration ahead issues is one unsigned comparison of the
// iteration's index with an end computed before the loop, which holds the
// loop's last iteration and a guard bounding the counter by a value fixed
// before the loop (`if (k < nz - 1)`: copy_last); a slot lies a constant
// stride (the threads the ring is sized for, times the element's bytes)
// from the thread's own first slot, so the block's size is not read, nor
// multiplied, in the loop; and the issue takes that comparison as a guard
// predicate (`@issue cp.async`, on sm_80 as on sm_90a: a plain copy's
// slot where it fails is never read, so nothing is issued there), not as
// a src-size register that ptxas compares again, nor as a zero-fill that
// writes shared memory for nothing (guarded-merge.cu: a merge's slot is
// read as zero where its guard fails, and is still zero-filled).
// Where the guard is not such a bound (`k % 4 != 3`
// in `other_guard`), it is computed for the iteration ahead as before: the
// negative case. A block bounded at 64 threads (`bounded`) gets a ring of
// 64 slots a stage: a stride of 256 bytes, 1024 elsewhere.
//
// The IR through an llc with -mcpu=sm_80 alone (which writes PTX ISA 7.0)
// must still assemble.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -o %t.sm90a.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=CHECK %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -o %t.sm80.ptx %s
// RUN: FileCheck --check-prefix=CHECK %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm \
// RUN:   --cuda-device-only -o %t.sm80.ll %s
// RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O3 %t.sm80.ll -o %t.llc.ptx
// RUN: %ptxas -arch=sm_80 %t.llc.ptx -o /dev/null

// REMARK-COUNT-3: remark: staged the copy's load

__device__ void rotate(float (*u)[66], const float *in, int idx, int t, bool load) {
  u[0][t + 1] = u[1][t + 1];
  u[1][t + 1] = u[2][t + 1];
  if (load)
    u[2][t + 1] = in[idx];
}

// CHECK-LABEL: .entry _Z6boundsPfPKfii(
// CHECK:       Inner Loop Header
// CHECK-NOT:   {{setp[^;]*%p|ntid|bar.sync}}
// CHECK:       setp.lt.u32 %p{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK-NOT:   {{setp[^;]*%p|ntid|bar.sync}}
// CHECK:       {{mul.wide.u32 %rd[0-9]+, %r[0-9]+, 1024|shl.b32 %r[0-9]+, %r[0-9]+, 10}};
// CHECK-NOT:   {{setp[^;]*%p|ntid|bar.sync}}
// CHECK:       @issue cp.async.ca.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
// CHECK-NOT:   {{setp[^;]*%p|ntid|bar.sync}}
// CHECK:       cp.async.commit_group;
// CHECK-NEXT:  cp.async.wait_group {{[[:space:]]*}}7;
// CHECK-NOT:   {{ntid|mul.lo}}
// CHECK:       bar.sync
__global__ void bounds(float *out, const float *in, int nz, int nx) {
  __shared__ float u[3][66];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int idx = g;
  u[2][t + 1] = in[idx];
  for (int k = 0; k < nz; k++) {
    idx += nx;
    rotate(u, in, idx, t, k < nz - 1);
    __syncthreads();
    out[k * nx + g] = u[0][t + 1] + u[1][t + 1];
    __syncthreads();
  }
}

// CHECK-LABEL: .entry _Z11other_guardPfPKfii(
// CHECK:       Inner Loop Header
// CHECK-NOT:   bar.sync
// CHECK:       setp{{[^;]*}}%p
// CHECK-NOT:   bar.sync
// CHECK:       setp{{[^;]*}}%p
// CHECK-NOT:   bar.sync
// CHECK:       cp.async.ca.shared.global
// CHECK:       cp.async.wait_group
__global__ void other_guard(float *out, const float *in, int nz, int nx) {
  __shared__ float u[3][66];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int idx = g;
  u[2][t + 1] = in[idx];
  for (int k = 0; k < nz; k++) {
    idx += nx;
    rotate(u, in, idx, t, k % 4 != 3);
    __syncthreads();
    out[k * nx + g] = u[0][t + 1] + u[1][t + 1];
    __syncthreads();
  }
}

// CHECK-LABEL: .entry _Z7boundedPfPKfii(
// CHECK:       Inner Loop Header
// CHECK-NOT:   {{ntid|bar.sync}}
// CHECK:       {{mul.wide.u32 %rd[0-9]+, %r[0-9]+, 256|shl.b32 %r[0-9]+, %r[0-9]+, 8}};
// CHECK-NOT:   bar.sync
// CHECK:       cp.async.ca.shared.global
__global__ void __launch_bounds__(64) bounded(float *out, const float *in, int nz, int nx) {
  __shared__ float u[3][66];
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int idx = g;
  u[2][t + 1] = in[idx];
  for (int k = 0; k < nz; k++) {
    idx += nx;
    rotate(u, in, idx, t, k < nz - 1);
    __syncthreads();
    out[k * nx + g] = u[0][t + 1] + u[1][t + 1];
    __syncthreads();
  }
}
