// A naive tiled SGEMM whose tiles are loaded with plain assignments:
//   As[ty][tx] = A[...]; Bs[ty][tx] = B[...]; __syncthreads();
//   for k: acc += As[ty][k] * Bs[k][tx];     __syncthreads();
//
// The compute re-reads each tile element many times: the cost model lets
// the copies pay only as a ring of 16-byte chunks checked once before the
// loop. By default that is what they become, over 2 stages (a block of at
// most 256 threads, one per tile element, leaves room for 8 blocks a
// multiprocessor).
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.default.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=DEFAULT %s
// RUN: FileCheck --check-prefix=CHUNKS %s < %t.default.ptx
// RUN: %ptxas -arch=sm_80 %t.default.ptx -o /dev/null
//
// Without pipelining (or without the collective form), the cost model
// leaves both copies alone: a single-stage copy measured slower. The PTX
// keeps the plain loads and stores.
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -mllvm -ferry-stages=1 \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.single.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=COST %s
// RUN: FileCheck --check-prefix=UNCHANGED %s < %t.single.ptx
// RUN: %ptxas -arch=sm_80 %t.single.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -mllvm -ferry-collective=never \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.never.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=COST %s
// RUN: FileCheck --check-prefix=UNCHANGED %s < %t.never.ptx
//
// With the cost model and pipelining off, both tile loads are converted,
// with a single commit + wait before the first barrier of the iteration and
// none before the second.
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -mllvm -ferry-cost-model=false -mllvm -ferry-stages=1 \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: FileCheck --check-prefix=PTX-COPIES %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -mllvm -ferry-cost-model=false -mllvm -ferry-stages=1 \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -o %t.sm90a.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: FileCheck --check-prefix=PTX-COPIES %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
//
// With the cost model off and pipelining on (the default), the loop becomes
// a ring of stages; the result assembles for both targets.
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -mllvm -ferry-cost-model=false -Rpass=ferry -Rpass-missed=ferry \
// RUN:   -o %t.ring80.ptx %s 2>&1 | FileCheck --check-prefix=RING %s
// RUN: FileCheck --check-prefix=RING-PTX %s < %t.ring80.ptx
// RUN: %ptxas -arch=sm_80 %t.ring80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only \
// RUN:   -mllvm -ferry-cost-model=false -o %t.ring90a.ptx %s
// RUN: FileCheck --check-prefix=RING-PTX %s < %t.ring90a.ptx
// RUN: %ptxas -arch=sm_90a %t.ring90a.ptx -o /dev/null

#define TILE 16

__global__ void sgemm(const float *A, const float *B, float *C, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0;
  for (int t = 0; t < N / TILE; ++t) {
    As[ty][tx] = A[row * N + t * TILE + tx];
    // COST: matmul-tiles.cu:[[@LINE-1]]:16: remark: not converted: cost model: each thread reads 16 times as many bytes of the destination buffer as it copies, after the barrier
    // REMARK: matmul-tiles.cu:[[@LINE-2]]:16: remark: converted {{a|the block's}} 4-byte global-to-shared cop
    // RING: matmul-tiles.cu:[[@LINE-3]]:16: remark: converted a 4-byte global-to-shared copy to {{.*}} and pipelined its loop over {{[248]}} stages
    // DEFAULT: matmul-tiles.cu:[[@LINE-4]]:16: remark: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 2 stages: {{.*}} (2 stages: the compute reads the copied bytes many times, and a block has at most 256 threads (one per element of its tile): with 8 or more blocks a multiprocessor, one tile in flight per block hides the copy); one check before the loop finds every row's addresses fit for 16-byte chunks in every iteration, else the loop runs as written
    Bs[ty][tx] = B[(t * TILE + ty) * N + col];
    // COST: matmul-tiles.cu:[[@LINE-1]]:16: remark: not converted: cost model: each thread reads 16 times as many bytes of the destination buffer as it copies, after the barrier
    // REMARK: matmul-tiles.cu:[[@LINE-2]]:16: remark: converted {{a|the block's}} 4-byte global-to-shared cop
    // RING: matmul-tiles.cu:[[@LINE-3]]:16: remark: converted a 4-byte global-to-shared copy to {{.*}} and pipelined its loop over {{[248]}} stages
    // DEFAULT: matmul-tiles.cu:[[@LINE-4]]:16: remark: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 2 stages
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}
// COST-NOT:   remark:
// DEFAULT-NOT: remark:
// REMARK-NOT: remark:
// RING-NOT:   remark:

// UNCHANGED-LABEL: .entry _Z5sgemmPKfS0_Pfi(
// UNCHANGED-NOT:     cp.async
// UNCHANGED:         ld.global
// UNCHANGED:         st.shared
// UNCHANGED-NOT:     cp.async

// llc lays the loop's blocks out in its own order: check that there is one
// commit + wait in the kernel, right before a barrier, and two copies.
// PTX-LABEL: .entry _Z5sgemmPKfS0_Pfi(
// PTX-NOT:     cp.async.commit_group
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group 0;
// PTX-NEXT:    bar.sync 0;
// PTX-NOT:     cp.async.commit_group
// PTX:         ret;
// PTX-COPIES-COUNT-2: cp.async.{{ca|cg}}.shared.global [{{.+}}], [{{.+}}], {{4|16}};
// PTX-COPIES-NOT:     cp.async.{{ca|cg}}.shared.global

// A ring waits for all but the newest groups inside the loop.
// RING-PTX-LABEL: .entry _Z5sgemmPKfS0_Pfi(
// RING-PTX:         cp.async.wait_group {{[1-7]}};
// RING-PTX-NEXT:    bar.sync 0;

// The default: 16-byte chunks and one stage in flight (wait_group 1) in the
// ring; the loop kept as written, its other version, has no cp.async.
// CHUNKS-LABEL: .entry _Z5sgemmPKfS0_Pfi(
// CHUNKS:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// CHUNKS:         cp.async.wait_group 1;
// CHUNKS-NEXT:    bar.sync 0;
// CHUNKS-NOT:     cp.async.ca.shared.global
// CHUNKS:         ret;

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
