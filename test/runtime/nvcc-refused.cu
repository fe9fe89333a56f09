// nvcc cannot use ferry's headers (the runtime is bitcode only clang links;
// its functions are device functions only in clang's CUDA): under nvcc,
// ferry.h and ferry_memcpy_async.h stop at once with an #error that says
// they need clang, instead of nvcc's "calling a __host__ function from a
// __global__ function". clang CUDA compiles the same source.
//
// REQUIRES: nvcc
// RUN: not %nvcc -arch=sm_80 -I%runtime_include -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %nvcc -arch=sm_80 -I%runtime_include -I%intrinsics_include -DINTRINSICS -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s
// RUN: %rt_cuda --cuda-gpu-arch=sm_80 -I%intrinsics_include -DINTRINSICS %s -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
// ferry-cc defines __NVCC__ as nvcc does, and is clang: its compiles pass.
// RUN: %ferry-cc -arch=sm_80 -c %s -o %t.ferry.o
// RUN: %ferry-cc -arch=sm_80 -DINTRINSICS -c %s -o %t.ferry-intrinsics.o

// CHECK: error: #error "ferry's headers need clang, not nvcc: compile with ferry-cc
// CHECK-NOT: __host__ function
#ifdef INTRINSICS
#include <ferry_memcpy_async.h>
#else
#include <ferry.h>
#endif

__global__ void load_tile(const unsigned *in, unsigned *out) {
  __shared__ ferry_barrier_t barrier;
  if (threadIdx.x == 0)
    ferry_barrier_init(&barrier, blockDim.x);
  __syncthreads();
  ferry_barrier_arrive_and_wait(&barrier);
  out[threadIdx.x] = in[threadIdx.x];
}
