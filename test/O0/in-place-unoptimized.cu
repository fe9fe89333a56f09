// Without the launch dispatch (-ferry-dispatch=never) there is no variant
// to optimize: at -O0 the loop stays as clang wrote it (unrotated, its
// locals in allocas), so it is not pipelined, and the remark says that the
// function's -O0 form is why and what to do. The single copy is still
// converted. At -O2 the same flags pipeline it, and no such clause appears.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O0 -S --cuda-device-only -mllvm -ferry-dispatch=never \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o %t.ptx %s 2>&1 | FileCheck %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O2 -S --cuda-device-only -mllvm -ferry-dispatch=never \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o /dev/null %s 2>&1 | FileCheck --check-prefix=O2 %s

__global__ void copy_compute(int *__restrict__ out, const int *__restrict__ in, size_t batches) {
  __shared__ int tile[256];
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batches; batch++) {
    size_t base = blockIdx.x * blockDim.x + grid_size * batch;
    tile[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = tile[threadIdx.x] * 3 + tile[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
  }
}

// CHECK: remark: the copy loop is not pipelined: {{.*}} (the function is as -O0 left it: at -O0 ferry optimizes only the launch dispatch's variants, so compile with -O1 or higher, or keep the dispatch on)
// CHECK: remark: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
// CHECK-NOT: pipelined its loop

// O2-NOT: as -O0 left it
// O2: pipelined its loop
// O2-NOT: as -O0 left it
