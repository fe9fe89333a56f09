// A kernel parameter's `align` proves the collective form's source rows
// aligned too (analysis/alignment.c, the prover every form shares): a
// pointer typedef'd with align_value(16) reaches the kernel as `align 16`,
// and the row at blockIdx.x * 1024 bytes from it is 16-byte aligned, so the
// uniform check tests only the row's length. With align_value(8) the rows
// are not proved and keep their source test.
//
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm -fno-discard-value-names --cuda-device-only \
// RUN:   -mllvm -ferry-collective=always -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: %ferry-cc -mllvm -ferry-lone-copy=false -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -mllvm -ferry-collective=always -o %t.ptx %s
// RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

typedef const float *aligned16_floats __attribute__((align_value(16)));
typedef const float *aligned8_floats __attribute__((align_value(8)));

#define COPY_FROM(SOURCE)                                                                          \
  __shared__ float tile[256];                                                                      \
  unsigned t = threadIdx.x;                                                                        \
  tile[t] = SOURCE[blockIdx.x * 256 + t];                                                          \
  __syncthreads();                                                                                 \
  out[blockIdx.x * 256 + t] = tile[t ^ 1];

// CHECK-LABEL: define {{.*}} @_Z14from_aligned16PfPKf(
// CHECK-SAME:    align 16
// CHECK-NOT:     ptrtoint ptr addrspace(1) %ferry.row.src
// CHECK-NOT:     ptrtoint ptr addrspace(3) %ferry.row.dst
// CHECK:         [[LOW:%.*]] = and i64 %ferry.row.bytes, 15
// CHECK-NEXT:    %ferry.aligned = icmp eq i64 [[LOW]], 0
// CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
__global__ void from_aligned16(float *__restrict__ out, aligned16_floats __restrict__ in) { COPY_FROM(in) }

// CHECK-LABEL: define {{.*}} @_Z13from_aligned8PfPKf(
// CHECK-NOT:     ptrtoint ptr addrspace(3) %ferry.row.dst
// CHECK:         [[SRC:%.*]] = ptrtoint ptr addrspace(1) %ferry.row.src to i64
// CHECK-NEXT:    [[BITS:%.*]] = or i64 [[SRC]], %ferry.row.bytes
// CHECK-NEXT:    [[LOW:%.*]] = and i64 [[BITS]], 15
__global__ void from_aligned8(float *__restrict__ out, aligned8_floats __restrict__ in) { COPY_FROM(in) }

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
