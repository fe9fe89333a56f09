// At -O0 the launch dispatch's variant is inlined and simplified as at -O2
// (ferry-optimize-variants), so the seeds' loop, whose copy sits behind a
// helper call and locals in allocas at -O0, is pipelined as at -O2; the
// kernel as written stays as -O0 left it (its locals in allocas, its helper
// a call), and so does the helper. The PTX assembles.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O0 -S -emit-llvm --cuda-device-only -Rpass=ferry \
// RUN:   -o %t.ll %s 2>%t.remarks
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
// RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
__device__ int scaled(const int *s, unsigned i) { return s[i] * 3 + s[(i + 1) % blockDim.x]; }

__global__ void copy_compute(int *__restrict__ out, const int *__restrict__ in, size_t batches) {
  __shared__ int tile[256];
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batches; batch++) {
    size_t base = blockIdx.x * blockDim.x + grid_size * batch;
    tile[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = scaled(tile, threadIdx.x);
    __syncthreads();
  }
}

// REMARK: remark: converted a 4-byte global-to-shared copy to cp.async.{{.*}} and pipelined its loop
// REMARK: remark: the kernel stays as written and its converted copy is the variant _Z12copy_computePiPKim__ferry_ring

// The helper, as written: still a function of its own, -O0's.
// CHECK-LABEL: define {{.*}}@_Z6scaledPKij(
// CHECK: alloca
// The kernel as written: its locals in allocas, its helper called, no cp.async.
// CHECK-LABEL: define {{.*}}@_Z12copy_computePiPKim(
// CHECK: alloca
// CHECK-NOT: cp.async
// CHECK: call {{.*}}@_Z6scaledPKij(
// CHECK-NOT: cp.async
// CHECK-LABEL: define {{.*}}@_Z12copy_computePiPKim__ferry_ring(
// CHECK-NOT: alloca
// CHECK-NOT: call {{.*}}@_Z6scaledPKij(
// CHECK: cp.async.wait.group
// CHECK: ret void
