; sm_90a, the bulk form in a copy loop nested in another loop (pipelining
; off): after the optimizer peels the outer loop, the inner loop appears
; twice, and the second copy's header is reached from the first copy's
; exit. Each wait must use the parity carried around both loops: the
; recursion that builds it came back to a block of one predecessor still
; being computed and answered 0, so every iteration of the first copy
; waited for parity 0 (wrong data from the second phase on, or a hang).
;   extern "C" __global__ void nested(double *__restrict__ out,
;                                     const double *__restrict__ in, int hi) {
;     __shared__ __align__(16) double tile[1024];
;     const size_t tx = threadIdx.x, bx = blockDim.x;
;     double acc = 0;
;     for (int o = 0; o < 2; o++) {
;       for (int k = 0; k < hi; k++) {
;         tile[tx] = in[(size_t)o * bx + (size_t)k * bx + tx];
;         __syncthreads();
;         acc += tile[(tx + 1) % bx];
;         __syncthreads();
;       }
;     }
;     out[tx] = acc;
;   }
;
; RUN: %opt -ferry-stages=1 -ferry-collective=always -ferry-bulk=auto -passes=ferry-pipeline,ferry-async-copy -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

; Both loops' waits use a parity phi; none waits for a constant parity.
; CHECK-LABEL: define {{.*}} @nested(
; CHECK-NOT: mbarrier.try.wait.parity.scope.cta.space.cta({{.*}}, i32 {{[0-9]}})
; CHECK: [[OUTER:%ferry.parity[0-9]*]] = phi i32 [ 0, %{{[^ ]+}} ], [ [[NEXT:%ferry.parity.next[0-9]*]], %ferry.bulk.waited{{[0-9]*}} ]
; CHECK: phi i32 [ [[OUTER]], %{{[^ ]+}} ], [ [[INNER_NEXT:%ferry.parity.next[0-9]*]], %ferry.bulk.waited{{[0-9]*}} ]
; CHECK-NOT: mbarrier.try.wait.parity.scope.cta.space.cta({{.*}}, i32 {{[0-9]}})
; CHECK: mbarrier.try.wait.parity.scope.cta.space.cta(ptr addrspace(3) @ferry.mbarrier, i32 %ferry.parity
; CHECK-NOT: mbarrier.try.wait.parity.scope.cta.space.cta({{.*}}, i32 {{[0-9]}})
; CHECK: mbarrier.try.wait.parity.scope.cta.space.cta(ptr addrspace(3) @ferry.mbarrier, i32 %ferry.parity
; CHECK-NOT: mbarrier.try.wait.parity.scope.cta.space.cta({{.*}}, i32 {{[0-9]}})

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ6nestedE4tile = internal unnamed_addr addrspace(3) global [1024 x double] undef, align 16

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @nested(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = zext nneg i32 %4 to i64
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = zext nneg i32 %6 to i64
  %8 = icmp sgt i32 %2, 0
  %9 = getelementptr inbounds nuw double, ptr %1, i64 %5
  %10 = getelementptr inbounds nuw double, ptr addrspacecast (ptr addrspace(3) @_ZZ6nestedE4tile to ptr), i64 %5
  %11 = add nuw nsw i64 %5, 1
  br i1 %8, label %12, label %15

12:                                               ; preds = %3
  %13 = trunc nuw nsw i64 %11 to i16
  %14 = trunc nuw nsw i32 %6 to i16
  br label %38

15:                                               ; preds = %38, %3
  %16 = phi double [ 0.000000e+00, %3 ], [ %49, %38 ]
  br i1 %8, label %17, label %35

17:                                               ; preds = %15
  %18 = getelementptr inbounds nuw double, ptr %9, i64 %7
  %19 = trunc nuw nsw i64 %11 to i16
  %20 = trunc nuw nsw i32 %6 to i16
  br label %21

21:                                               ; preds = %21, %17
  %22 = phi i32 [ 0, %17 ], [ %33, %21 ]
  %23 = phi double [ %16, %17 ], [ %32, %21 ]
  %24 = zext nneg i32 %22 to i64
  %25 = mul nuw nsw i64 %24, %7
  %26 = getelementptr inbounds nuw double, ptr %18, i64 %25
  %27 = load double, ptr %26, align 8, !tbaa !11
  store double %27, ptr %10, align 8, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %28 = urem i16 %19, %20
  %29 = zext nneg i16 %28 to i64
  %30 = getelementptr inbounds nuw double, ptr addrspacecast (ptr addrspace(3) @_ZZ6nestedE4tile to ptr), i64 %29
  %31 = load double, ptr %30, align 8, !tbaa !11
  %32 = fadd contract double %23, %31
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %33 = add nuw nsw i32 %22, 1
  %34 = icmp eq i32 %33, %2
  br i1 %34, label %35, label %21, !llvm.loop !13

35:                                               ; preds = %21, %15
  %36 = phi double [ %16, %15 ], [ %32, %21 ]
  %37 = getelementptr inbounds nuw double, ptr %0, i64 %5
  store double %36, ptr %37, align 8, !tbaa !11
  ret void

38:                                               ; preds = %12, %38
  %39 = phi i32 [ 0, %12 ], [ %50, %38 ]
  %40 = phi double [ 0.000000e+00, %12 ], [ %49, %38 ]
  %41 = zext nneg i32 %39 to i64
  %42 = mul nuw nsw i64 %41, %7
  %43 = getelementptr inbounds nuw double, ptr %9, i64 %42
  %44 = load double, ptr %43, align 8, !tbaa !11
  store double %44, ptr %10, align 8, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %45 = urem i16 %13, %14
  %46 = zext nneg i16 %45 to i64
  %47 = getelementptr inbounds nuw double, ptr addrspacecast (ptr addrspace(3) @_ZZ6nestedE4tile to ptr), i64 %46
  %48 = load double, ptr %47, align 8, !tbaa !11
  %49 = fadd contract double %40, %48
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %50 = add nuw nsw i32 %39, 1
  %51 = icmp eq i32 %50, %2
  br i1 %51, label %15, label %38, !llvm.loop !13
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90a" "target-features"="+ptx88,+sm_90a" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.errno.tbaa = !{!6}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{i32 2, i32 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !8, i64 0}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
