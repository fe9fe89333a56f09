; The cost model: a single-stage copy that is its thread's only load from
; global memory between the barrier before it (or the kernel's entry) and
; its consumer barrier has nothing for its latency to overlap: the wait at
; the barrier exposes all of it, as the plain copy's store to shared
; memory does, and the commit and wait are added. Such copies stay plain,
; with a missed remark (bench/real on an H200: Rodinia backprop's guarded
; copy and srad's were slower as cp.async in every trial of the measured
; dispatch, SHOC scan's equal). A copy with another global load in its
; phase, before it or after it, converts; a load behind a barrier before
; the copy is another phase's.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
; The rule is the cost model's: without it, or with it alone turned off,
; every copy converts.
; RUN: %opt -passes=ferry-async-copy -ferry-cost-model=false -S %s -o - \
; RUN:   | FileCheck --check-prefix=OFF %s
; RUN: %opt -passes=ferry-async-copy -ferry-lone-copy=false -S %s -o - \
; RUN:   | FileCheck --check-prefix=OFF %s
;
; From this CUDA (clang 22 -O3, sm_80, device side):
;   __global__ void lone_guarded(const float *__restrict__ g, float *__restrict__ out) {
;     __shared__ float s[16];
;     int t = threadIdx.x, i = blockIdx.x * 256 + t;
;     if (t < 16)
;       s[t] = g[blockIdx.x * 16 + t];
;     __syncthreads();
;     out[i] = s[t & 15];
;   }
;   __global__ void lone(const int *__restrict__ g, int *__restrict__ out) {
;     __shared__ int s[256];
;     int t = threadIdx.x, i = blockIdx.x * 256 + t;
;     s[t] = g[i];
;     __syncthreads();
;     out[i] = s[255 - t];
;   }
;   __global__ void loaded_before_barrier(const int *__restrict__ g, const int *__restrict__ h,
;                                         int *__restrict__ out) {
;     __shared__ int s[256];
;     int t = threadIdx.x, i = blockIdx.x * 256 + t;
;     int x = h[i];
;     __syncthreads();
;     s[t] = g[i];
;     __syncthreads();
;     out[i] = s[255 - t] + x;
;   }
;   __global__ void two_copies(const int *__restrict__ g, const int *__restrict__ h,
;                              int *__restrict__ out) {
;     __shared__ int s[256], r[256];
;     int t = threadIdx.x, i = blockIdx.x * 256 + t;
;     s[t] = g[i];
;     r[t] = h[i];
;     __syncthreads();
;     out[i] = s[255 - t] + r[t ^ 1];
;   }
;   __global__ void load_after(const int *__restrict__ g, const int *__restrict__ h,
;                              int *__restrict__ out) {
;     __shared__ int s[256];
;     int t = threadIdx.x, i = blockIdx.x * 256 + t;
;     s[t] = g[i];
;     int x = h[i];
;     __syncthreads();
;     out[i] = s[255 - t] + x;
;   }
;   __global__ void load_before(const int *__restrict__ g, const int *__restrict__ h,
;                               int *__restrict__ out) {
;     __shared__ int s[256];
;     int t = threadIdx.x, i = blockIdx.x * 256 + t;
;     int x = h[i];
;     s[t] = g[i];
;     __syncthreads();
;     out[i] = s[255 - t] + x;
;   }

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ12lone_guardedPKfPfE1s = internal unnamed_addr addrspace(3) global [16 x float] undef, align 4
@_ZZ4lonePKiPiE1s = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ21loaded_before_barrierPKiS0_PiE1s = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ10two_copiesPKiS0_PiE1s = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ10two_copiesPKiS0_PiE1r = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ10load_afterPKiS0_PiE1s = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@_ZZ11load_beforePKiS0_PiE1s = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z12lone_guardedPKfPf(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef writeonly captures(none) %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = icmp samesign ult i32 %3, 16
  br i1 %5, label %6, label %14

6:                                                ; preds = %2
  %7 = zext nneg i32 %3 to i64
  %8 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ12lone_guardedPKfPfE1s to ptr), i64 %7
  %9 = shl i32 %4, 4
  %10 = or disjoint i32 %9, %3
  %11 = zext i32 %10 to i64
  %12 = getelementptr inbounds nuw float, ptr %0, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !8
  store float %13, ptr %8, align 4, !tbaa !8
  br label %14

14:                                               ; preds = %6, %2
  %15 = shl i32 %4, 8
  %16 = add i32 %15, %3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %17 = and i32 %3, 15
  %18 = zext nneg i32 %17 to i64
  %19 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ12lone_guardedPKfPfE1s to ptr), i64 %18
  %20 = load float, ptr %19, align 4, !tbaa !8
  %21 = sext i32 %16 to i64
  %22 = getelementptr inbounds float, ptr %1, i64 %21
  store float %20, ptr %22, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z4lonePKiPi(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef writeonly captures(none) %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = shl i32 %4, 8
  %6 = add i32 %5, %3
  %7 = sext i32 %6 to i64
  %8 = getelementptr inbounds i32, ptr %0, i64 %7
  %9 = load i32, ptr %8, align 4, !tbaa !4
  %10 = zext nneg i32 %3 to i64
  %11 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ4lonePKiPiE1s to ptr), i64 %10
  store i32 %9, ptr %11, align 4, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %12 = sub nsw i32 255, %3
  %13 = sext i32 %12 to i64
  %14 = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @_ZZ4lonePKiPiE1s to ptr), i64 %13
  %15 = load i32, ptr %14, align 4, !tbaa !4
  %16 = getelementptr inbounds i32, ptr %1, i64 %7
  store i32 %15, ptr %16, align 4, !tbaa !4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z21loaded_before_barrierPKiS0_Pi(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef writeonly captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = shl i32 %5, 8
  %7 = add i32 %6, %4
  %8 = sext i32 %7 to i64
  %9 = getelementptr inbounds i32, ptr %1, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %11 = getelementptr inbounds i32, ptr %0, i64 %8
  %12 = load i32, ptr %11, align 4, !tbaa !4
  %13 = zext nneg i32 %4 to i64
  %14 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ21loaded_before_barrierPKiS0_PiE1s to ptr), i64 %13
  store i32 %12, ptr %14, align 4, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %15 = sub nsw i32 255, %4
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @_ZZ21loaded_before_barrierPKiS0_PiE1s to ptr), i64 %16
  %18 = load i32, ptr %17, align 4, !tbaa !4
  %19 = add nsw i32 %18, %10
  %20 = getelementptr inbounds i32, ptr %2, i64 %8
  store i32 %19, ptr %20, align 4, !tbaa !4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z10two_copiesPKiS0_Pi(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef writeonly captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = shl i32 %5, 8
  %7 = add i32 %6, %4
  %8 = sext i32 %7 to i64
  %9 = getelementptr inbounds i32, ptr %0, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !4
  %11 = zext nneg i32 %4 to i64
  %12 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ10two_copiesPKiS0_PiE1s to ptr), i64 %11
  store i32 %10, ptr %12, align 4, !tbaa !4
  %13 = getelementptr inbounds i32, ptr %1, i64 %8
  %14 = load i32, ptr %13, align 4, !tbaa !4
  %15 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ10two_copiesPKiS0_PiE1r to ptr), i64 %11
  store i32 %14, ptr %15, align 4, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %16 = sub nsw i32 255, %4
  %17 = sext i32 %16 to i64
  %18 = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @_ZZ10two_copiesPKiS0_PiE1s to ptr), i64 %17
  %19 = load i32, ptr %18, align 4, !tbaa !4
  %20 = xor i32 %4, 1
  %21 = zext nneg i32 %20 to i64
  %22 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ10two_copiesPKiS0_PiE1r to ptr), i64 %21
  %23 = load i32, ptr %22, align 4, !tbaa !4
  %24 = add nsw i32 %23, %19
  %25 = getelementptr inbounds i32, ptr %2, i64 %8
  store i32 %24, ptr %25, align 4, !tbaa !4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z10load_afterPKiS0_Pi(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef writeonly captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = shl i32 %5, 8
  %7 = add i32 %6, %4
  %8 = sext i32 %7 to i64
  %9 = getelementptr inbounds i32, ptr %0, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !4
  %11 = zext nneg i32 %4 to i64
  %12 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ10load_afterPKiS0_PiE1s to ptr), i64 %11
  store i32 %10, ptr %12, align 4, !tbaa !4
  %13 = getelementptr inbounds i32, ptr %1, i64 %8
  %14 = load i32, ptr %13, align 4, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %15 = sub nsw i32 255, %4
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @_ZZ10load_afterPKiS0_PiE1s to ptr), i64 %16
  %18 = load i32, ptr %17, align 4, !tbaa !4
  %19 = add nsw i32 %18, %14
  %20 = getelementptr inbounds i32, ptr %2, i64 %8
  store i32 %19, ptr %20, align 4, !tbaa !4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @_Z11load_beforePKiS0_Pi(ptr noalias noundef readonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef writeonly captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = shl i32 %5, 8
  %7 = add i32 %6, %4
  %8 = sext i32 %7 to i64
  %9 = getelementptr inbounds i32, ptr %1, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !4
  %11 = getelementptr inbounds i32, ptr %0, i64 %8
  %12 = load i32, ptr %11, align 4, !tbaa !4
  %13 = zext nneg i32 %4 to i64
  %14 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ11load_beforePKiS0_PiE1s to ptr), i64 %13
  store i32 %12, ptr %14, align 4, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %15 = sub nsw i32 255, %4
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @_ZZ11load_beforePKiS0_PiE1s to ptr), i64 %16
  %18 = load i32, ptr %17, align 4, !tbaa !4
  %19 = add nsw i32 %18, %10
  %20 = getelementptr inbounds i32, ptr %2, i64 %8
  store i32 %19, ptr %20, align 4, !tbaa !4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2}
!llvm.ident = !{!3}
!llvm.errno.tbaa = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 7, !"frame-pointer", i32 2}
!3 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!4 = !{!5, !5, i64 0}
!5 = !{!"int", !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C++ TBAA"}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !6, i64 0}

; The guarded copy of 16 of the block's threads, alone before its barrier.
; CHECK-LABEL: define dso_local ptx_kernel void @_Z12lone_guardedPKfPf(
; CHECK-NOT:     cp.async
; CHECK:         ret void
; A lone copy of every thread.
; CHECK-LABEL: define dso_local ptx_kernel void @_Z4lonePKiPi(
; CHECK-NOT:     cp.async
; CHECK:         ret void
; The load of h is behind the barrier before the copy: another phase's.
; CHECK-LABEL: define dso_local ptx_kernel void @_Z21loaded_before_barrierPKiS0_Pi(
; CHECK-NOT:     cp.async
; CHECK:         ret void
; Two copies in one phase: each overlaps the other.
; CHECK-LABEL: define dso_local ptx_kernel void @_Z10two_copiesPKiS0_Pi(
; CHECK:         cp.async.ca.shared.global
; CHECK:         cp.async.ca.shared.global
; CHECK:         ret void
; A load after the copy, before the barrier.
; CHECK-LABEL: define dso_local ptx_kernel void @_Z10load_afterPKiS0_Pi(
; CHECK:         cp.async.ca.shared.global
; CHECK:         ret void
; A load before the copy, after the barrier before it (the entry here).
; CHECK-LABEL: define dso_local ptx_kernel void @_Z11load_beforePKiS0_Pi(
; CHECK:         cp.async.ca.shared.global
; CHECK:         ret void

; REMARK-COUNT-3: remark: {{.*}}not converted: cost model: the copy is its thread's only load from global memory between the barrier before it and its consumer barrier, so its latency has nothing to overlap (a single-stage asynchronous copy measured slower there; -ferry-lone-copy=false converts anyway)
; REMARK-COUNT-4: remark: {{.*}}converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:   remark:

; OFF-LABEL: define dso_local ptx_kernel void @_Z12lone_guardedPKfPf(
; OFF:         cp.async.ca.shared.global
; OFF-LABEL: define dso_local ptx_kernel void @_Z4lonePKiPi(
; OFF:         cp.async.ca.shared.global
; OFF-LABEL: define dso_local ptx_kernel void @_Z21loaded_before_barrierPKiS0_Pi(
; OFF:         cp.async.ca.shared.global
