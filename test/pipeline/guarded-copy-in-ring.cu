// Guarded copies in a ring (issue 13, shape 2): the ring issues the copy
// of iteration i+S at the end of iteration i, and the prologue those of
// iterations 0..S-1, each with its guard evaluated for that iteration (the
// guard, part of the cone the source address is computed from, a pure
// function of the counter and loop-invariant values): a cp.async with a
// source size of `guard ? 4 : 0` (nothing read, zeros filled where it
// fails, as the loop stores 0.0f) and a source of `guard ? address : the
// array's base`. The loop's own guarded load is gone. `tail`: a 1-D loop
// whose last tile runs past n (`c ? load : 0` kept as a branch and a phi);
// `selected`: the load made unconditionally, a select; `matmul`: a tiled
// matrix product with edge checks (`row < M && k + tx < K`, the row's test
// loop-invariant), pipelined with the cost model off (it finds the tiles
// read 16 times, where only a ring of 16-byte chunks pays, which guarded
// copies do not take).
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm --cuda-device-only \
// RUN:   -mllvm -ferry-stages=4 -mllvm -ferry-cost-model=false -Rpass=ferry -Rpass-missed=ferry \
// RUN:   -o %t.ll %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=IR %s < %t.ll
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -mllvm -ferry-stages=4 -mllvm -ferry-cost-model=false -o %t.sm80.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -mllvm -ferry-stages=4 -mllvm -ferry-cost-model=false -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// With the defaults: the 1-D loops are pipelined (16 stages); the matrix
// product's copies stay plain (the cost model: its tiles are read 16 times
// each, where only a ring of 16-byte chunks pays, and a guarded copy takes
// no block-collective form).
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -Rpass=ferry \
// RUN:   -Rpass-missed=ferry -o /dev/null %s 2>&1 | FileCheck --check-prefix=DEFAULT %s

__global__ void tail(float *__restrict__ out, const float *__restrict__ in, int n,
                     int iterations) {
  __shared__ float b[256];
  float sum = 0;
  for (int k = 0; k < iterations; k++) {
    int i = k * 256 + threadIdx.x;
    // REMARK: guarded-copy-in-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard of the iteration it issues fails and pipelined its loop over 4 stages: iteration i ends issuing the copy of iteration i+4
    // DEFAULT: guarded-copy-in-ring.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard of the iteration it issues fails and pipelined its loop over 16 stages
    b[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    sum += b[threadIdx.x ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = sum;
}

__global__ void selected(float *__restrict__ out, const float *__restrict__ in, int n,
                         int iterations) {
  __shared__ float b[256];
  float sum = 0;
  for (int k = 0; k < iterations; k++) {
    int i = k * 256 + threadIdx.x;
    float v = in[i];
    // DEFAULT: guarded-copy-in-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard of the iteration it issues fails and pipelined its loop over 16 stages
    // REMARK: guarded-copy-in-ring.cu:[[#@LINE+1]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard of the iteration it issues fails and pipelined its loop over 4 stages
    b[threadIdx.x] = i < n ? v : 0.0f;
    __syncthreads();
    sum += b[threadIdx.x ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = sum;
}

#define TILE 16
__global__ void matmul(float *C, const float *A, const float *B, int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0;
  for (int k = 0; k < K; k += TILE) {
    // REMARK: guarded-copy-in-ring.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard of the iteration it issues fails and pipelined its loop over 4 stages
    // REMARK: guarded-copy-in-ring.cu:[[#@LINE+4]]:{{[0-9]+}}: remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard of the iteration it issues fails and pipelined its loop over 4 stages
    // DEFAULT: guarded-copy-in-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: cost model: each thread reads 16 times as many bytes of the destination buffer as it copies
    // DEFAULT: guarded-copy-in-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: not converted: cost model: each thread reads 16 times as many bytes of the destination buffer as it copies
    As[ty][tx] = (row < M && k + tx < K) ? A[row * K + k + tx] : 0.f;
    Bs[ty][tx] = (k + ty < K && col < N) ? B[(k + ty) * N + col] : 0.f;
    __syncthreads();
    for (int j = 0; j < TILE; j++)
      sum += As[ty][j] * Bs[j][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = sum;
}
// REMARK-NOT: remark:
// DEFAULT-NOT: remark:

// The prologue: iteration 0's copy, its guard `0 * 256 + tid < n`.
// IR-LABEL: define {{.*}} @_Z4tailPfPKfii(
// IR:         [[I0:%[0-9]+]] = add nuw i32 {{.*}}
// IR:         [[G0:%[0-9]+]] = icmp slt i32 [[I0]], %2
// IR-NEXT:    [[B0:%[0-9]+]] = select i1 [[G0]], i32 4, i32 0
// IR-NEXT:    [[S0:%[0-9]+]] = select i1 [[G0]], ptr %{{[0-9]+}}, ptr %1
// IR:         [[P0:%[0-9]+]] = addrspacecast ptr [[S0]] to ptr addrspace(1)
// IR-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) [[P0]], i32 [[B0]])
// IR:         call void @llvm.nvvm.cp.async.wait.all()
// In the loop, nothing issued before the wait; at the iteration's end,
// after its second barrier, when iteration k+4 runs: its index and guard,
// then the iteration's commit.
// IR-NOT:     load
// IR-NOT:     cp.async.ca.shared.global
// IR:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
// IR-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// IR:         call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// IR:         icmp ugt i32 %{{[0-9]+}}, 3
// IR:         [[AHEAD:%[0-9]+]] = add i32 %{{[0-9]+}}, 4
// IR-NEXT:    [[SHL:%[0-9]+]] = shl nsw i32 [[AHEAD]], 8
// IR-NEXT:    [[I:%[0-9]+]] = add nuw i32 [[SHL]], %{{[0-9]+}}
// IR:         [[G:%[0-9]+]] = icmp slt i32 [[I]], %2
// IR-NEXT:    [[BYTES:%[0-9]+]] = select i1 [[G]], i32 4, i32 0
// IR-NEXT:    [[SRC:%[0-9]+]] = select i1 [[G]], ptr %{{[0-9]+}}, ptr %1
// IR:         [[P:%[0-9]+]] = addrspacecast ptr [[SRC]] to ptr addrspace(1)
// IR-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) [[P]], i32 [[BYTES]])
// IR-NOT:     load
// IR:         call void @llvm.nvvm.cp.async.commit.group()
// IR-NEXT:    br i1

// IR-LABEL: define {{.*}} @_Z8selectedPfPKfii(
// IR:         call void @llvm.nvvm.cp.async.wait.all()
// IR-NOT:     load
// IR-NOT:     cp.async.ca.shared.global
// IR:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
// IR-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// IR:         call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// IR:         icmp ugt i32 %{{[0-9]+}}, 3
// IR:         [[AHEAD:%[0-9]+]] = add i32 %{{[0-9]+}}, 4
// IR:         [[G:%[0-9]+]] = icmp slt i32 %{{[0-9]+}}, %2
// IR-NEXT:    [[BYTES:%[0-9]+]] = select i1 [[G]], i32 4, i32 0
// IR-NEXT:    [[SRC:%[0-9]+]] = select i1 [[G]], ptr %{{[0-9]+}}, ptr %1
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, i32 [[BYTES]])
// IR-NOT:     load
// IR:         call void @llvm.nvvm.cp.async.commit.group()
// IR-NEXT:    br i1

// k + 4 * TILE: A's column test, anded with the loop-invariant row test.
// IR-LABEL: define {{.*}} @_Z6matmulPfPKfS1_iii(
// IR:         call void @llvm.nvvm.cp.async.wait.all()
// IR-NOT:     cp.async.ca.shared.global
// IR:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
// IR-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// IR:         call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// IR:         icmp ugt i32 %{{[0-9]+}}, 3
// IR:         [[K:%[0-9]+]] = add i32 %{{[0-9]+}}, 64
// IR:         [[COLUMN:%[0-9]+]] = add nuw nsw i32 [[K]], %{{[0-9]+}}
// IR-NEXT:    [[IN:%[0-9]+]] = icmp slt i32 [[COLUMN]], %5
// IR-NEXT:    [[GA:%[0-9]+]] = select i1 %{{[0-9]+}}, i1 [[IN]], i1 false
// IR-NEXT:    [[BA:%[0-9]+]] = select i1 [[GA]], i32 4, i32 0
// IR-NEXT:    select i1 [[GA]], ptr %{{[0-9]+}}, ptr %1
// IR:         [[GB:%[0-9]+]] = and i1 %{{[0-9]+}}, %{{[0-9]+}}
// IR-NEXT:    [[BB:%[0-9]+]] = select i1 [[GB]], i32 4, i32 0
// IR-NEXT:    select i1 [[GB]], ptr %{{[0-9]+}}, ptr %2
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, i32 [[BA]])
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, i32 [[BB]])
// IR-NOT:     load
// IR:         call void @llvm.nvvm.cp.async.commit.group()
// IR-NEXT:    br i1

// PTX-LABEL: .entry _Z4tailPfPKfii(
// PTX-NOT:     ld.global
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-NOT:     ld.global
// PTX:         cp.async.wait_group {{[[:space:]]*}}3;
// PTX-NOT:     ld.global
// PTX:         cp.async.wait_all;
// PTX-LABEL: .entry _Z8selectedPfPKfii(
// PTX-NOT:     ld.global
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-NOT:     ld.global
// PTX:         cp.async.wait_group {{[[:space:]]*}}3;
// PTX-LABEL: .entry _Z6matmulPfPKfS1_iii(
// PTX-NOT:     ld.global
// PTX:         cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-NOT:     ld.global
// PTX:         cp.async.wait_group {{[[:space:]]*}}3;
