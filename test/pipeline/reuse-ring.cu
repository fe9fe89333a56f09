// Copies whose compute reads them many times (a tiled matrix product):
// the cost model lets them pay only as a ring of 16-byte chunks checked
// once before the loop (cost_model.h), which ferry-pipeline makes where the
// copies have the block-collective form and the loop can be versioned.
// Its stages follow the blocks a multiprocessor can hold: 2 where a block
// has at most 256 threads (one per element of a 16x16 tile, or
// __launch_bounds__(256)), 4 where it may have 1024 (a 32x32 tile). A tile
// whose source is not affine in the row (A[a + wA*ty*ty + tx]) gets no
// ring, and ferry-async-copy then leaves its copy alone; so it does with
// -ferry-collective=never, where the copies have no collective form (the
// cost model's remark says only a ring of 16-byte chunks pays). Such a
// ring's loop issues its chunks in a loop that runs at most once, even with
// the 8 stages after which other rings take one branch (pipeline.c,
// chunk_branch).
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=RING %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm90a.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=RING %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -mllvm -ferry-collective=never -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry \
// RUN:   -o %t.never.ptx %s 2>&1 | FileCheck --check-prefix=NEVER %s
// RUN: FileCheck --check-prefix=NONE %s < %t.never.ptx
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm -fno-discard-value-names \
// RUN:   --cuda-device-only -mllvm -ferry-stages=8 -o %t.s8.ll %s
// RUN: FileCheck --check-prefix=REUSE8 %s < %t.s8.ll

template <int BS>
__device__ void sgemm_body(float *C, const float *A, const float *B, int wA, int wB) {
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
__global__ void tiles16(float *C, const float *A, const float *B, int wA, int wB) { sgemm_body<16>(C, A, B, wA, wB); }
__global__ void tiles32(float *C, const float *A, const float *B, int wA, int wB) { sgemm_body<32>(C, A, B, wA, wB); }
__global__ void __launch_bounds__(256) tiles32_bounded(float *C, const float *A, const float *B, int wA, int wB) { sgemm_body<32>(C, A, B, wA, wB); }
__global__ void squares(float *C, const float *A, const float *B, int wA, int wB) {
  int tx = threadIdx.x, ty = threadIdx.y;
  float sum = 0;
  for (int a = 0; a < wA; a += 16) {
    __shared__ float As[16][16];
    As[ty][tx] = A[a + wA * ty * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 16; ++k)
      sum += As[ty][k] * As[k][tx];
    __syncthreads();
  }
  C[wB * ty + tx] = sum;
}

// tiles16
// RING:      reuse-ring.cu:[[A:[0-9]+]]:16: remark: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 2 stages: iteration i issues the copy of iteration i+1 into a ring of shared buffers and waits only for its own (2 stages: the compute reads the copied bytes many times, and a block has at most 256 threads (one per element of its tile): with 8 or more blocks a multiprocessor, one tile in flight per block hides the copy); one check before the loop finds every row's addresses fit for 16-byte chunks in every iteration, else the loop runs as written
// RING:      reuse-ring.cu:[[B:[0-9]+]]:16: remark: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 2 stages
// tiles32
// RING:      reuse-ring.cu:[[A]]:16: remark: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 4 stages: iteration i issues the copy of iteration i+3 into a ring of shared buffers and waits only for its own (4 stages: the compute reads the copied bytes many times, and a block may have 1024 threads (the hardware's limit): with as few as 2 blocks a multiprocessor, each keeps 3 tiles in flight); one check before the loop
// RING:      reuse-ring.cu:[[B]]:16: remark: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 4 stages
// tiles32_bounded
// RING:      reuse-ring.cu:[[A]]:16: remark: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 2 stages: iteration i issues the copy of iteration i+1 into a ring of shared buffers and waits only for its own (2 stages: the compute reads the copied bytes many times, and a block has at most 256 threads (its launch bounds): with 8 or more blocks a multiprocessor
// RING:      reuse-ring.cu:[[B]]:16: remark: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 2 stages
// squares
// RING:      reuse-ring.cu:[[SQUARES:[0-9]+]]:16: remark: the copy loop is not pipelined: the compute reads the copied bytes many times (cost model): only a ring of 16-byte chunks checked once before the loop pays there, and the narrow source index multiplies two values that vary
// RING:      reuse-ring.cu:[[SQUARES]]:16: remark: not converted: cost model: each thread reads 32 times as many bytes of the destination buffer as it copies
// RING-NOT:  remark:

// NEVER-NOT:  remark: converted
// NEVER-COUNT-7: remark: not converted: cost model: each thread reads {{16|32}} times as many bytes
// NEVER-NOT:  remark: converted

// Each ring waits for all but its newest groups: 1 with 2 stages, 3 with 4.
// Iteration i issues iteration i+S-1's copies at its top and commits them
// with the wait, just before the barrier, where other rings issue i+S's at
// the iteration's end (pipeline.c, issue_at_top: the end measured slower
// in such a loop, bound by its compute).
// PTX-LABEL: .entry _Z7tiles16PfPKfS1_ii(
// PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// PTX:         in Loop: Header
// PTX-NOT:     {{^\$L__BB}}
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group 1;
// PTX-NEXT:    bar.sync 0;
// PTX-LABEL: .entry _Z7tiles32PfPKfS1_ii(
// PTX:         in Loop: Header
// PTX-NOT:     {{^\$L__BB}}
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group 3;
// PTX-NEXT:    bar.sync 0;
// PTX-LABEL: .entry _Z15tiles32_boundedPfPKfS1_ii(
// PTX:         in Loop: Header
// PTX-NOT:     {{^\$L__BB}}
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group 1;
// PTX-NEXT:    bar.sync 0;
// PTX-LABEL: .entry _Z7squaresPfPKfS1_ii(
// PTX-NOT:     cp.async
// PTX:         ret;

// NONE-NOT: cp.async

// With 8 stages asked, the loop's issue (its first chunk loop; the
// prologue's are numbered) is still a loop over the block's chunks.
// REUSE8-LABEL: define dso_local ptx_kernel void @_Z7tiles16PfPKfS1_ii(
// REUSE8:       ferry.copy.chunk:
// REUSE8-NEXT:    %ferry.chunk.row.at = phi i32
// REUSE8:         br i1 {{%.*}}, label %ferry.copy.chunk, label %ferry.join
// REUSE8:         call void @llvm.nvvm.cp.async.wait.group(i32 7)

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
