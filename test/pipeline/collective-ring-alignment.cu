// A collective copy whose destination rows are proved aligned keeps that
// proof in a ring slot only when the slots lie a multiple of 16 bytes apart:
// a 512-byte tile's slots do (no destination test), a 200-byte tile's do
// not (slot 1 starts at byte 200), so its check tests the destination row.
//
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm -fno-discard-value-names --cuda-device-only \
// RUN:   -Rpass=ferry -o %t.ll %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck %s < %t.ll
// RUN: %ferry-cc --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -o %t.ptx %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

template <int N>
__global__ void __launch_bounds__(256) stream(unsigned short *__restrict__ out,
                                              const unsigned short *__restrict__ in, int n) {
  __shared__ unsigned short tile[N];
  unsigned t = threadIdx.x;
  unsigned acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[(b * gridDim.x + blockIdx.x) * N + t];
    __syncthreads();
    acc += tile[t] ^ tile[N - 1 - t];
    __syncthreads();
  }
  out[blockIdx.x * N + t] = (unsigned short)acc;
}
template __global__ void stream<256>(unsigned short *, const unsigned short *, int);
template __global__ void stream<100>(unsigned short *, const unsigned short *, int);

// REMARK-COUNT-2: remark: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop

// CHECK-LABEL: define {{.*}} @_Z6streamILi256EEvPtPKti(
// CHECK-NOT:     ptrtoint ptr addrspace(3) %ferry.row.dst
// CHECK:         ret void
// CHECK-LABEL: define {{.*}} @_Z6streamILi100EEvPtPKti(
// CHECK:         ptrtoint ptr addrspace(3) %ferry.row.dst
// CHECK:         ret void
