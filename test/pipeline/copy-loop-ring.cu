// A block-strided copy loop (issue 13, shape 4) inside a loop of the
// ring's shape, copy -> __syncthreads -> compute -> __syncthreads, becomes
// a ring (pipeline_copy_loop.c). The copy loop stays where it is: with 4
// stages (copy_loop_in_ring asks for them) each of its iterations issues
// the same element of outer iteration i+3 into slot (i+3) mod 4 when that
// iteration runs, and in iteration 0, behind one test, those of iterations
// 0, 1 and 2 into slots 0, 1 and 2 (the prologue: 0 always, 1 and 2 when
// they run); iteration 0 commits three empty groups besides its own, so
// that wait_group 3 before the barrier leaves none of its copies pending.
// The original stores to the tile are gone; the compute reads slot i mod
// 4. By default such a ring has 2 stages (runtime_bound: more measured
// slower). With a run-time bound clang rotates the copy loop behind
// `threadIdx.x < n`, a test fixed in the outer loop, which stays. The copy
// loop alone (copy_alone) converts one stage at a time, with no remark
// from the pipeliner.
//
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -Rpass=ferry -Rpass-missed=ferry -Rpass-analysis=ferry -o %t.sm80.ptx %s 2>&1 \
// RUN:   | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_90a -O3 -S --cuda-device-only -o %t.sm90a.ptx %s
// RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
// RUN: %ferry-cc -mllvm -ferry-dispatch=never --cuda-gpu-arch=sm_80 -O3 -S --cuda-device-only \
// RUN:   -emit-llvm -o %t.ll %s
// RUN: FileCheck --check-prefix=IR %s < %t.ll
// RUN: FileCheck --check-prefix=STORE %s < %t.ll

constexpr int kTile = 1024;

__global__ void __attribute__((annotate("ferry:stages=4")))
copy_loop_in_ring(float *__restrict__ out, const float *__restrict__ in, int count) {
  __shared__ float s[kTile];
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    // REMARK: copy-loop-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages: iteration i issues the copy of iteration i+3 into a ring of shared buffers and waits only for its own (4 stages: as annotate("ferry:stages=4") asks)
    for (int p = threadIdx.x; p < kTile; p += blockDim.x)
      s[p] = in[(size_t)k * kTile + p];
    __syncthreads();
    acc += s[(threadIdx.x * 7) % kTile];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void runtime_bound(float *__restrict__ out, const float *__restrict__ in, int count,
                              int n) {
  __shared__ float r[kTile];
  float acc = 0.0f;
  for (int k = 0; k < count; k++) {
    // REMARK: copy-loop-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 2 stages: iteration i issues the copy of iteration i+1 into a ring of shared buffers and waits only for its own (2 stages: a block-strided copy loop's ring: more stages measured slower
    for (int p = threadIdx.x; p < n; p += blockDim.x)
      r[p] = in[(size_t)k * n + p];
    __syncthreads();
    acc += r[threadIdx.x % kTile];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// REMARK-NOT: the loop around this block-strided copy loop is not pipelined
__global__ void copy_alone(float *__restrict__ out, const float *__restrict__ in) {
  __shared__ float a[kTile];
  // REMARK: copy-loop-ring.cu:[[#@LINE+2]]:{{[0-9]+}}: remark: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async
  for (int p = threadIdx.x; p < kTile; p += blockDim.x)
    a[p] = in[(size_t)blockIdx.x * kTile + p];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = a[(threadIdx.x * 7) % kTile];
}

// The outer loop (4 stages, as the annotation asks): the iteration
// counter, whether this is iteration 0, whether iterations i+3, 1 and 2
// run; iteration 0's three empty groups, then commit + wait_group 3 before
// the consumer barrier; the compute reads slot i mod 4.
// IR-LABEL: define {{.*}} @_Z17copy_loop_in_ringPfPKfi(
// IR:         [[IT:%[0-9]+]] = phi i32 [ 0, %{{[0-9]+}} ], [ {{%[0-9]+}}, %{{[0-9]+}} ]
// IR:         [[K:%[0-9]+]] = phi i32 [ 0, %{{[0-9]+}} ], [ {{%[0-9]+}}, %{{[0-9]+}} ]
// IR:         [[COMPUTE:%[0-9]+]] = and i32 [[IT]], 3
// IR:         [[PLUS:%[0-9]+]] = add i32 [[IT]], 3
// IR:         [[ISSUE:%[0-9]+]] = and i32 [[PLUS]], 3
// IR:         [[SLOT:%[0-9]+]] = getelementptr [4 x [1024 x float]], ptr addrspace(3) @[[RING:_ZZ17copy_loop_in_ringPfPKfiE1s.ferry.ring]], i32 0, i32 [[COMPUTE]]
// IR:         [[LEFT:%[0-9]+]] = sub i32 [[LAST:%[0-9]+]], [[IT]]
// IR:         [[AHEAD:%[0-9]+]] = icmp uge i32 [[LEFT]], 3
// IR:         [[FIRST:%[0-9]+]] = icmp eq i32 [[IT]], 0
// IR:         [[RUNS1:%[0-9]+]] = icmp uge i32 [[LAST]], 1
// IR:         [[RUNS2:%[0-9]+]] = icmp uge i32 [[LAST]], 2
// IR:         br i1 [[FIRST]], label %[[COMMITS:[0-9]+]], label %[[WAIT:[0-9]+]]
// IR:       [[COMMITS]]:
// IR-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
// IR-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
// IR-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
// IR-NEXT:    br label %[[WAIT]]
// IR:       [[WAIT]]:
// IR-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
// IR-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 3)
// IR-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// IR-NEXT:    [[GENERIC:%[0-9]+]] = addrspacecast ptr addrspace(3) [[SLOT]] to ptr
// IR-NEXT:    getelementptr float, ptr [[GENERIC]], i64
// IR-NEXT:    load float
// The copy loop: behind one test of iteration 0, element p of iteration 0
// into slot 0, of iterations 1 and 2 (when they run) into slots 1 and 2;
// then element p of iteration i+3 (when it runs) into the issue slot.
// IR:         [[P:%[0-9]+]] = phi i32
// IR:         br i1 [[FIRST]], label %{{[0-9]+}}, label %[[STEADY:[0-9]+]]
// IR:         shl nuw nsw i64 {{%[0-9]+}}, 12
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
// IR-NEXT:    br i1 [[RUNS1]], label
// IR:         add i32 [[K]], 1
// IR:         getelementptr ([4 x [1024 x float]], ptr addrspace(3) @[[RING]], i32 0, i32 1)
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
// IR:         br i1 [[RUNS2]], label
// IR:         add i32 [[K]], 2
// IR:         getelementptr ([4 x [1024 x float]], ptr addrspace(3) @[[RING]], i32 0, i32 2)
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
// IR:       [[STEADY]]:
// IR-NEXT:    br i1 [[AHEAD]], label
// IR:         getelementptr [4 x [1024 x float]], ptr addrspace(3) @[[RING]], i32 0, i32 [[ISSUE]]
// IR:         add i32 [[K]], 3
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
// IR:         add nuw nsw i32 [[P]],
// IR:         icmp samesign ult i32 {{%[0-9]+}}, 1024

// The guard of the rotated copy loop, fixed in the outer loop, stays. By
// default a copy loop's ring has 2 stages: iteration 0 issues iteration 0
// (and 1, as its issue of i+1), commits one empty group besides its own,
// and waits with wait_group 1.
// IR-LABEL: define {{.*}} @_Z13runtime_boundPfPKfii(
// IR:         [[GUARD:%[0-9]+]] = icmp slt i32 {{%[0-9]+}}, %3
// IR:         [[FIRST:%[0-9]+]] = icmp eq i32 %{{[0-9]+}}, 0
// IR:         br i1 [[GUARD]], label
// IR:         br i1 [[FIRST]], label %[[COMMIT:[0-9]+]], label
// IR:       [[COMMIT]]:
// IR-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
// IR-NEXT:    br label
// IR:         call void @llvm.nvvm.cp.async.commit.group()
// IR-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
// IR:         br i1 [[FIRST]], label
// IR:         call void @llvm.nvvm.cp.async.ca.shared.global.4(

// No store to shared memory is left in the rings' kernels.
// STORE-LABEL: define {{.*}} @_Z17copy_loop_in_ringPfPKfi(
// STORE-NOT:     store {{.*}}ptr addrspace(3)
// STORE:         ret void
// STORE-LABEL: define {{.*}} @_Z13runtime_boundPfPKfii(
// STORE-NOT:     store {{.*}}ptr addrspace(3)
// STORE:         ret void

// PTX-LABEL: .entry _Z17copy_loop_in_ringPfPKfi(
// PTX:         cp.async.commit_group;
// PTX-NEXT:    cp.async.wait_group {{[[:space:]]*}}3;
// PTX-NEXT:    bar.sync
// PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// PTX-LABEL: .entry _Z13runtime_boundPfPKfii(
// PTX:         cp.async.wait_group {{[[:space:]]*}}1;
