// One barrier an iteration (pipeline_one_barrier.c, -ferry-one-barrier,
// off by default: measured slower in ferry's rings): where nothing
// between the barrier that ends an iteration and the copies' barrier of
// the next touches memory but the copy the ring takes, the ring issues
// iteration i+S-1's copies just after the copies' barrier, into the slot
// iteration i-1 read, waits with wait_group S-2, and runs the barrier
// that ended each iteration only where the loop ends. Kept: a global load
// before the copy (it could read what another thread's compute wrote
// before that barrier), a store after the last barrier, a latch that
// holds no barrier (the last one stands in a branch). An extern
// __shared__ tile's ring in a launch dispatch's variant takes it in the
// copies of its loop for 2 stages or more; its launch may give it one
// stage, whose copy keeps both (checked with the dispatch on: EXTERN).
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never -mllvm -ferry-one-barrier --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only -gline-tables-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ferry-cc -mllvm -ferry-dispatch=never -mllvm -ferry-one-barrier --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm --cuda-device-only -o %t.ll %s
// RUN: FileCheck --check-prefix=IR %s < %t.ll
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never -mllvm -ferry-one-barrier --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S \
// RUN:   --cuda-device-only -Rpass-analysis=ferry -o %t.off.ptx %s 2>&1 | FileCheck --allow-empty --check-prefix=OFF %s
// RUN: FileCheck --check-prefix=PTX-OFF %s < %t.off.ptx
// RUN: %ferry-cc -mllvm -ferry-one-barrier -DEXTERN --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-analysis=ferry -o %t.extern.ptx %s 2>&1 | FileCheck --check-prefix=EXTERN %s
// RUN: FileCheck --check-prefix=EXTERN-PTX %s < %t.extern.ptx
// RUN: %ptxas -arch=sm_80 %t.extern.ptx -o /dev/null

__global__ void one(int *__restrict__ out, const int *__restrict__ in, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  int acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[b * 256 + t];
    // REMARK: ring-one-barrier.cu:[[@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: iteration i issues the copy of iteration i+15 just after the barrier, into the slot iteration i-1 read, of a ring of shared buffers, and waits only for its own; the barrier that ended each iteration (line [[@LINE+3]]) ends the loop (16 stages: the most stages ferry chooses by itself) [-Rpass=ferry]
    __syncthreads();
    acc += tile[t] * 3 + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}

__global__ void load_before(int *__restrict__ out, const int *__restrict__ in,
                            const int *__restrict__ scale, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  int acc = 0;
  for (int b = 0; b < n; b++) {
    int s = scale[b * 256 + t];
    tile[t] = in[b * 256 + t];
    // REMARK: ring-one-barrier.cu:[[@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: iteration i ends issuing the copy of iteration i+16 into the slot it read
    // REMARK:      ring-one-barrier.cu:[[@LINE-2]]:13: remark: the ring keeps the loop's barrier that ends each iteration, with the copies' barrier two an iteration: an instruction between the iteration's start and the copy's barrier touches memory [-Rpass-analysis=ferry]
    __syncthreads();
    acc += tile[t] * s + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}

__global__ void store_after(int *__restrict__ out, const int *__restrict__ in, int n) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  int acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[b * 256 + t];
    // REMARK: ring-one-barrier.cu:[[@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: iteration i ends issuing the copy of iteration i+16 into the slot it read
    // REMARK:      ring-one-barrier.cu:[[@LINE-2]]:13: remark: the ring keeps the loop's barrier that ends each iteration, with the copies' barrier two an iteration: an instruction after the iteration's last barrier touches memory [-Rpass-analysis=ferry]
    __syncthreads();
    acc += tile[t] * 3 + tile[t ^ 1];
    __syncthreads();
    out[b * 256 + t] = acc;
  }
}

__global__ void latch_without(int *__restrict__ out, const int *__restrict__ in, int n, int k) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  int acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[b * 256 + t];
    // REMARK: ring-one-barrier.cu:[[@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: iteration i ends issuing the copy of iteration i+16 into the slot it read
    // REMARK:      ring-one-barrier.cu:[[@LINE-2]]:13: remark: the ring keeps the loop's barrier that ends each iteration, with the copies' barrier two an iteration: the loop's latch holds no barrier after the copy's [-Rpass-analysis=ferry]
    __syncthreads();
    acc += tile[t] * 3 + tile[t ^ 1];
    __syncthreads();
    if (t == k)
      out[b] = acc;
  }
}
// REMARK-NOT: remark:

#ifdef EXTERN
__global__ void extern_tile(int *__restrict__ out, const int *__restrict__ in, int n) {
  extern __shared__ int tile[];
  int t = threadIdx.x;
  int acc = 0;
  for (int b = 0; b < n; b++) {
    tile[t] = in[b * 256 + t];
    // EXTERN: ring-one-barrier.cu:[[@LINE-1]]:13: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over S stages chosen per launch: iteration i ends issuing the copy of iteration i+S into the slot it read, of a ring of S slots in the launch's dynamic shared memory, and waits only for its own; where S is 2 or more, it issues the copy of iteration i+S-1 just after the barrier instead, into the slot iteration i-1 read, and the barrier that ended each iteration (line [[@LINE+4]]) ends the loop (S: as many as the launch's dynamic shared memory holds, at most 64: {{.*}}) [-Rpass=ferry]
    // EXTERN-NOT: the ring keeps the loop's barrier
    __syncthreads();
    acc += tile[t] * 3 + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
#endif
// Its copy for 64 stages waits for 62 groups and issues after the
// barrier; for 2, waits for none and issues after the barrier; for 1, keeps
// both barriers, the issue after the second.
// EXTERN-PTX-LABEL: .entry _Z11extern_tilePiPKii__ferry_ring(
// EXTERN-PTX:         cp.async.wait_group 62;
// EXTERN-PTX-NOT:     cp.async
// EXTERN-PTX:         bar.sync 0;
// EXTERN-PTX-NOT:     bar.sync
// EXTERN-PTX:         cp.async.ca.shared.global
// EXTERN-PTX:         cp.async.wait_group 0;
// EXTERN-PTX-NOT:     cp.async
// EXTERN-PTX:         bar.sync 0;
// EXTERN-PTX-NOT:     bar.sync
// EXTERN-PTX:         cp.async.ca.shared.global
// EXTERN-PTX:         cp.async.wait_group 0;
// EXTERN-PTX-NOT:     cp.async
// EXTERN-PTX:         bar.sync 0;
// EXTERN-PTX-NOT:     cp.async.ca
// EXTERN-PTX:         bar.sync 0;
// EXTERN-PTX-NOT:     bar.sync
// EXTERN-PTX:         cp.async.ca.shared.global
// EXTERN-PTX:         .entry

// The kept barrier: wait_group 14, the barrier, the issue (where its
// iteration runs) and its commit, the compute, then the latch's test; the
// barrier that ended each iteration on the edge where the loop leaves, no
// test of it left in the loop.
// IR-LABEL: define {{.*}} @_Z3onePiPKii(
// IR-NOT:     barrier
// IR:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// IR-NEXT:    br label %[[EXIT:[0-9]+]]
// IR-EMPTY:
// IR-NEXT:  [[EXIT]]:
// IR-NEXT:    phi i32
// IR-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
// IR:         call void @llvm.nvvm.cp.async.wait.group(i32 14)
// IR-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// IR-NEXT:    br i1 {{%.*}}, label %[[ISSUE:.*]], label %[[ISSUED:.*]]
// IR:       [[ISSUE]]:
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
// IR:       [[ISSUED]]:
// IR-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
// IR-NOT:     barrier
// IR:         br i1 {{%.*}}, label %{{[0-9]+}}, label %{{[0-9]+}}, !llvm.loop
// IR-LABEL: define {{.*}} @_Z11load_beforePiPKiS1_i(
// PTX-LABEL: .entry _Z3onePiPKii(
// PTX:         cp.async.wait_group 14;
// PTX-LABEL: .entry _Z11load_beforePiPKiS1_i(
// PTX:         cp.async.wait_group 15;
// PTX-LABEL: .entry _Z11store_afterPiPKii(
// PTX:         cp.async.wait_group 15;
// PTX-LABEL: .entry _Z13latch_withoutPiPKiii(
// PTX:         cp.async.wait_group 15;

// By default: two barriers, wait_group 15, no remark of it.
// OFF-NOT: the ring keeps
// PTX-OFF-LABEL: .entry _Z3onePiPKii(
// PTX-OFF:     cp.async.wait_group 15;

// -ferry-dispatch=never in the RUN lines: the kernels are converted in place,
// as this test checks; test/dispatch/ checks the launch dispatch's variants.
