// The uniform check of the collective form leaves out a side whose rows are
// proved 16-byte aligned from the low bits of the affine form: the base
// array's alignment and every other term of the offset a multiple of 16.
// Here the destination (a __shared__ array the pass aligns to 16) always
// is; a source in an alignas(16) __device__ array at blockIdx.x * 1024 is;
// a kernel parameter (alignment unknown) and the same array one element in
// are not, and keep their source test.
//
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm -fno-discard-value-names --cuda-device-only \
// RUN:   -mllvm -ferry-collective=always -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -mllvm -ferry-collective=always -o %t.ptx %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

__device__ alignas(16) float table[1 << 16];

#define COPY_FROM(SOURCE)                                                                          \
  __shared__ float tile[256];                                                                      \
  unsigned t = threadIdx.x;                                                                        \
  tile[t] = SOURCE[blockIdx.x * 256 + t];                                                          \
  __syncthreads();                                                                                 \
  out[blockIdx.x * 256 + t] = tile[t ^ 1];

// CHECK-LABEL: define {{.*}} @_Z10from_tablePf(
// CHECK-NOT:     ptrtoint ptr addrspace(1) %ferry.row.src
// CHECK-NOT:     ptrtoint ptr addrspace(3) %ferry.row.dst
// CHECK:         [[LOW:%.*]] = and i64 %ferry.row.bytes, 15
// CHECK-NEXT:    %ferry.aligned = icmp eq i64 [[LOW]], 0
__global__ void from_table(float *__restrict__ out) { COPY_FROM(table) }

// CHECK-LABEL: define {{.*}} @_Z10from_paramPfPKf(
// CHECK-NOT:     ptrtoint ptr addrspace(3) %ferry.row.dst
// CHECK:         [[SRC:%.*]] = ptrtoint ptr addrspace(1) %ferry.row.src to i64
// CHECK-NEXT:    [[BITS:%.*]] = or i64 [[SRC]], %ferry.row.bytes
// CHECK-NEXT:    [[LOW:%.*]] = and i64 [[BITS]], 15
__global__ void from_param(float *__restrict__ out, const float *__restrict__ in) { COPY_FROM(in) }

// CHECK-LABEL: define {{.*}} @_Z14from_table_offPf(
// CHECK:         [[SRC:%.*]] = ptrtoint ptr addrspace(1) %ferry.row.src to i64
// CHECK-NEXT:    [[BITS:%.*]] = or i64 [[SRC]], %ferry.row.bytes
__global__ void from_table_off(float *__restrict__ out) { COPY_FROM((table + 1)) }

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
