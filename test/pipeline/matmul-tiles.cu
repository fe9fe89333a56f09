// A naive tiled SGEMM (the CUDA samples' matrixMul): the K loop counts
// `a` by BS while a <= aEnd and `b` by the loop-invariant BS * wB. With the
// cost model off, both tile copies convert and the loop is pipelined (8
// stages of two 1 KiB tiles for BS = 16, within the 16 KiB a ring takes by
// default; 2 of 8 KiB for BS = 32).
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -mllvm -ferry-cost-model=false -Rpass=ferry -Rpass-analysis=ferry \
// RUN:   -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -mllvm -ferry-cost-model=false -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

template <int BS>
__global__ void sgemm(float *C, const float *A, const float *B, int wA, int wB) {
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BS * by, aEnd = aBegin + wA - 1;
  int bBegin = BS * bx, bStep = BS * wB;
  float sum = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += BS, b += bStep) {
    __shared__ float As[BS][BS];
    __shared__ float Bs[BS][BS];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BS; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[wB * BS * by + BS * bx + wB * ty + tx] = sum;
}

template __global__ void sgemm<16>(float *, const float *, const float *, int, int);
template __global__ void sgemm<32>(float *, const float *, const float *, int, int);

// REMARK-DAG: matmul-tiles.cu:26:16: remark: {{.*}} pipelined its loop over 8 stages
// REMARK-DAG: matmul-tiles.cu:27:16: remark: {{.*}} pipelined its loop over 8 stages
// REMARK-DAG: matmul-tiles.cu:26:16: remark: {{.*}} pipelined its loop over 2 stages
// REMARK-DAG: matmul-tiles.cu:27:16: remark: {{.*}} pipelined its loop over 2 stages
// REMARK-NOT: not pipelined

// PTX-LABEL: .entry _Z5sgemmILi16EEvPfPKfS2_ii(
// PTX-COUNT-2: cp.async.ca.shared.global
// PTX:         cp.async.wait_group 7;
// PTX-LABEL: .entry _Z5sgemmILi32EEvPfPKfS2_ii(
// PTX:         cp.async.wait_group 1;

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
