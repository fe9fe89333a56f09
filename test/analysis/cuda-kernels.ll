; IR that clang 22 emits for three CUDA kernels (trimmed of metadata and
; attributes), generated with
;   clang -x cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -emit-llvm
; from:
;
;   __global__ void copy_compute(const int *global_in, int *global_out, size_t batch_sz) {
;     __shared__ int shared[256];
;     size_t local_idx = threadIdx.x;
;     for (size_t batch = 0; batch < batch_sz; ++batch) {
;       size_t block_batch_idx = (size_t)blockIdx.x * blockDim.x + (size_t)gridDim.x * blockDim.x * batch;
;       size_t global_idx = block_batch_idx + local_idx;
;       shared[local_idx] = global_in[global_idx];
;       __syncthreads();
;       global_out[global_idx] = shared[local_idx] + 1;
;       __syncthreads();
;     }
;   }
;   // The same with the products in 32-bit unsigned, as CUDA computes them:
;   //   size_t idx = blockIdx.x * blockDim.x + gridDim.x * blockDim.x * batch + threadIdx.x;
;   __global__ void copy_compute_u32(const int *global_in, int *global_out, size_t batch_sz);
;   __global__ void tile2d(const float *a, float *c, int ld) {
;     __shared__ float t[16][16];
;     int tx = threadIdx.x, ty = threadIdx.y;
;     t[ty][tx] = a[ty * ld + tx];
;     __syncthreads();
;     c[ty * ld + tx] = t[tx][ty];
;   }
;
; RUN: %opt -passes=ferry-print-loops -disable-output %s | FileCheck --check-prefix=LOOPS %s
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The batch loop, its counter from 0 by 1 (nuw from size_t arithmetic).
; LOOPS-LABEL: loops of @_Z12copy_computePKiPim
; LOOPS-NEXT:    loop %16 depth 1 latches %16 blocks %16 exiting %16 preheader %7
; LOOPS-NEXT:      iv %17 start i64 0 step 1 nuw
; LOOPS-LABEL: loops of @_Z16copy_compute_u32PKiPim
; LOOPS-NEXT:    loop %18 depth 1 latches %18 blocks %18 exiting %18 preheader %5
; LOOPS-NEXT:      iv %19 start i64 0 step 1 nuw
; LOOPS-LABEL: loops of @_Z6tile2dPKfPfi
; LOOPS-NOT:     {{^ +loop }}

; blockIdx.x*blockDim.x + gridDim.x*blockDim.x*batch + threadIdx.x, in
; bytes: clang widened each register (zext nneg) before multiplying, so
; every product distributes. The batch counter is uniform (its exit test
; compares with a kernel argument); the shared side is 4*tid.x from @shared.
; CHECK-LABEL: affine of @_Z12copy_computePKiPim
; CHECK-NEXT:    load %23: base %0 offset 4*tid.x + 4*ctaid.x*ntid.x + 4*ntid.x*nctaid.x*%17 varying
; CHECK-NEXT:    store to %14: base @_ZZ12copy_computePKiPimE6shared offset 4*tid.x varying
; CHECK-NEXT:    load %24: base @_ZZ12copy_computePKiPimE6shared offset 4*tid.x varying
; CHECK-NEXT:    store to %26: base %1 offset 4*tid.x + 4*ctaid.x*ntid.x + 4*ntid.x*nctaid.x*%17 varying

; Here the 32-bit products may wrap before the zext (`mul i32` without nuw),
; so they stay opaque atoms (%9, %12), uniform: the form must not claim
; ctaid.x*ntid.x.
; CHECK-LABEL: affine of @_Z16copy_compute_u32PKiPim
; CHECK-NEXT:    load %23: base %0 offset 4*tid.x + 4*%19*%12 + 4*%9 varying
; CHECK-NEXT:    store to %16: base @_ZZ16copy_compute_u32PKiPimE6shared offset 4*tid.x varying
; CHECK-NEXT:    load %24: base @_ZZ16copy_compute_u32PKiPimE6shared offset 4*tid.x varying
; CHECK-NEXT:    store to %26: base %1 offset 4*tid.x + 4*%19*%12 + 4*%9 varying
; CHECK-NOT:     ctaid.x*ntid.x

; ty*ld + tx in int with nsw, sign-extended: distributes over the argument
; ld (%2). The tile rows are 64 bytes.
; CHECK-LABEL: affine of @_Z6tile2dPKfPfi
; CHECK-NEXT:    load %10: base %0 offset 4*tid.x + 4*tid.y*%2 varying
; CHECK-NEXT:    store to %14: base @_ZZ6tile2dPKfPfiE1t offset 4*tid.x + 64*tid.y varying
; CHECK-NEXT:    load %17: base @_ZZ6tile2dPKfPfiE1t offset 64*tid.x + 4*tid.y varying
; CHECK-NEXT:    store to %18: base %1 offset 4*tid.x + 4*tid.y*%2 varying

@_ZZ12copy_computePKiPimE6shared = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ16copy_compute_u32PKiPimE6shared = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ6tile2dPKfPfiE1t = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
define dso_local ptx_kernel void @_Z12copy_computePKiPim(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i64 noundef %2) local_unnamed_addr {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = zext nneg i32 %4 to i64
  %6 = icmp eq i64 %2, 0
  br i1 %6, label %15, label %7

7:                                                ; preds = %3
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %9 = zext nneg i32 %8 to i64
  %10 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %11 = zext nneg i32 %10 to i64
  %12 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %13 = zext nneg i32 %12 to i64
  %14 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ12copy_computePKiPimE6shared to ptr), i64 %5
  br label %16

15:                                               ; preds = %16, %3
  ret void

16:                                               ; preds = %7, %16
  %17 = phi i64 [ 0, %7 ], [ %27, %16 ]
  %18 = mul i64 %17, %13
  %19 = add i64 %18, %9
  %20 = mul i64 %19, %11
  %21 = add i64 %20, %5
  %22 = getelementptr inbounds nuw i32, ptr %0, i64 %21
  %23 = load i32, ptr %22, align 4
  store i32 %23, ptr %14, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %24 = load i32, ptr %14, align 4
  %25 = add nsw i32 %24, 1
  %26 = getelementptr inbounds nuw i32, ptr %1, i64 %21
  store i32 %25, ptr %26, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %27 = add nuw i64 %17, 1
  %28 = icmp eq i64 %27, %2
  br i1 %28, label %15, label %16
}
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
define dso_local ptx_kernel void @_Z16copy_compute_u32PKiPim(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i64 noundef %2) local_unnamed_addr {
  %4 = icmp eq i64 %2, 0
  br i1 %4, label %17, label %5

5:                                                ; preds = %3
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = zext i32 %8 to i64
  %10 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %11 = mul i32 %10, %7
  %12 = zext i32 %11 to i64
  %13 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %14 = zext nneg i32 %13 to i64
  %15 = add nuw nsw i64 %9, %14
  %16 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16copy_compute_u32PKiPimE6shared to ptr), i64 %14
  br label %18

17:                                               ; preds = %18, %3
  ret void

18:                                               ; preds = %5, %18
  %19 = phi i64 [ 0, %5 ], [ %27, %18 ]
  %20 = mul i64 %19, %12
  %21 = add i64 %15, %20
  %22 = getelementptr inbounds nuw i32, ptr %0, i64 %21
  %23 = load i32, ptr %22, align 4
  store i32 %23, ptr %16, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %24 = load i32, ptr %16, align 4
  %25 = add nsw i32 %24, 1
  %26 = getelementptr inbounds nuw i32, ptr %1, i64 %21
  store i32 %25, ptr %26, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %27 = add nuw i64 %19, 1
  %28 = icmp eq i64 %27, %2
  br i1 %28, label %17, label %18
}
define dso_local ptx_kernel void @_Z6tile2dPKfPfi(ptr noundef readonly captures(none) %0, ptr noundef writeonly captures(none) %1, i32 noundef %2) local_unnamed_addr {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %6 = mul nsw i32 %2, %5
  %7 = add nsw i32 %6, %4
  %8 = sext i32 %7 to i64
  %9 = getelementptr inbounds float, ptr %0, i64 %8
  %10 = load float, ptr %9, align 4
  %11 = zext nneg i32 %5 to i64
  %12 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ6tile2dPKfPfiE1t to ptr), i64 %11
  %13 = zext nneg i32 %4 to i64
  %14 = getelementptr inbounds nuw float, ptr %12, i64 %13
  store float %10, ptr %14, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %15 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ6tile2dPKfPfiE1t to ptr), i64 %13
  %16 = getelementptr inbounds nuw float, ptr %15, i64 %11
  %17 = load float, ptr %16, align 4
  %18 = getelementptr inbounds float, ptr %1, i64 %8
  store float %17, ptr %18, align 4
  ret void
}
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
