; Copies whose sources are not provably global stay out of rings where
; the base pointer cannot be tested once before the loop (issue 13, shape
; 8; ring-uniform-source-base.ll for the rings):
;   - from_global: the base is loaded from global memory, which another
;     block may write: not uniform, so each thread tests its own source,
;     and such a copy is never a ring's (no pipelining remark: the loop has
;     no candidate); it converts alone, versioned per thread;
;   - table_per_iteration: the base, table[k & 15] from __constant__ memory,
;     is uniform but loaded in the loop: the ring cannot compute it ahead
;     (remark); the copy converts alone, versioned on the block-uniform
;     test of its base, in each iteration.
;
;   __global__ void from_global(const float *const *batch, int n, float *out) {
;     const float *src = *batch;
;     for (int k = 0; k < n; k++) {
;       s[threadIdx.x] = src[k * 256 + threadIdx.x]; __syncthreads();
;       acc += s[255 - threadIdx.x]; __syncthreads();
;     } ...
;   table_per_iteration: s[threadIdx.x] = table[k & 15][threadIdx.x];
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = dso_local addrspace(4) externally_initialized constant [16 x ptr] zeroinitializer, align 8
@s.global = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@s.table = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(4) @table to ptr)], section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @from_global(ptr noundef readonly captures(none) %arg, i32 noundef %arg1, ptr noundef writeonly captures(none) %arg2) local_unnamed_addr #0 {
bb:
  %i = load ptr, ptr %arg, align 8, !tbaa !11
  %i3 = icmp sgt i32 %arg1, 0
  %i4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %i3, label %bb5, label %bb11

bb5:                                              ; preds = %bb
  %i6 = zext nneg i32 %i4 to i64
  %i7 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s.global to ptr), i64 %i6
  %i8 = sub nsw i32 255, %i4
  %i9 = zext i32 %i8 to i64
  %i10 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s.global to ptr), i64 %i9
  br label %bb18

bb11:                                             ; preds = %bb18, %bb
  %i12 = phi float [ 0.000000e+00, %bb ], [ %i27, %bb18 ]
  %i13 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i14 = shl i32 %i13, 8
  %i15 = add i32 %i14, %i4
  %i16 = zext i32 %i15 to i64
  %i17 = getelementptr inbounds nuw float, ptr %arg2, i64 %i16
  store float %i12, ptr %i17, align 4, !tbaa !14
  ret void

bb18:                                             ; preds = %bb18, %bb5
  %i19 = phi i32 [ 0, %bb5 ], [ %i28, %bb18 ]
  %i20 = phi float [ 0.000000e+00, %bb5 ], [ %i27, %bb18 ]
  %i21 = shl nsw i32 %i19, 8
  %i22 = add nuw i32 %i21, %i4
  %i23 = zext i32 %i22 to i64
  %i24 = getelementptr inbounds nuw float, ptr %i, i64 %i23
  %i25 = load float, ptr %i24, align 4, !tbaa !14
  store float %i25, ptr %i7, align 4, !tbaa !14
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i26 = load float, ptr %i10, align 4, !tbaa !14
  %i27 = fadd contract float %i20, %i26
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i28 = add nuw nsw i32 %i19, 1
  %i29 = icmp eq i32 %i28, %arg1
  br i1 %i29, label %bb11, label %bb18, !llvm.loop !16
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @table_per_iteration(i32 noundef %arg, ptr noundef writeonly captures(none) %arg1) local_unnamed_addr #0 {
bb:
  %i = icmp sgt i32 %arg, 0
  %i2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %i, label %bb3, label %bb9

bb3:                                              ; preds = %bb
  %i4 = zext nneg i32 %i2 to i64
  %i5 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s.table to ptr), i64 %i4
  %i6 = sub nsw i32 255, %i2
  %i7 = zext i32 %i6 to i64
  %i8 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s.table to ptr), i64 %i7
  br label %bb16

bb9:                                              ; preds = %bb16, %bb
  %i10 = phi float [ 0.000000e+00, %bb ], [ %i26, %bb16 ]
  %i11 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i12 = shl i32 %i11, 8
  %i13 = add i32 %i12, %i2
  %i14 = zext i32 %i13 to i64
  %i15 = getelementptr inbounds nuw float, ptr %arg1, i64 %i14
  store float %i10, ptr %i15, align 4, !tbaa !14
  ret void

bb16:                                             ; preds = %bb16, %bb3
  %i17 = phi i32 [ 0, %bb3 ], [ %i27, %bb16 ]
  %i18 = phi float [ 0.000000e+00, %bb3 ], [ %i26, %bb16 ]
  %i19 = and i32 %i17, 15
  %i20 = zext nneg i32 %i19 to i64
  %i21 = getelementptr inbounds nuw ptr, ptr addrspacecast (ptr addrspace(4) @table to ptr), i64 %i20
  %i22 = load ptr, ptr %i21, align 8, !tbaa !11
  %i23 = getelementptr inbounds nuw float, ptr %i22, i64 %i4
  %i24 = load float, ptr %i23, align 4, !tbaa !14
  store float %i24, ptr %i5, align 4, !tbaa !14
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i25 = load float, ptr %i8, align 4, !tbaa !14
  %i26 = fadd contract float %i18, %i25
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i27 = add nuw nsw i32 %i17, 1
  %i28 = icmp eq i32 %i27, %arg
  br i1 %i28, label %bb9, label %bb16, !llvm.loop !18
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!12 = !{!"p1 float", !13, i64 0}
!13 = !{!"any pointer", !8, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"float", !8, i64 0}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.mustprogress"}
!18 = distinct !{!18, !17}

; CHECK-NOT:     ferry.ring
; CHECK-LABEL: define dso_local ptx_kernel void @from_global(
; CHECK-NOT:     ferry.iteration
; CHECK:         %i24 = getelementptr inbounds nuw float, ptr %i, i64 %i23
; CHECK-NEXT:    [[GLOBAL:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %i24)
; CHECK-NEXT:    br i1 [[GLOBAL]], label %ferry.global, label %ferry.plain
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(

; CHECK-LABEL: define dso_local ptx_kernel void @table_per_iteration(
; CHECK-NOT:     ferry.iteration
; CHECK:         %i22 = load ptr, ptr %i21
; CHECK-NEXT:    %i23 = getelementptr inbounds nuw float, ptr %i22, i64 %i4
; CHECK-NEXT:    [[GLOBAL:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %i22)
; CHECK-NEXT:    br i1 [[GLOBAL]], label %ferry.global, label %ferry.plain
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(

; REMARK:      remark: <unknown>:0:0: the copy loop is not pipelined: the source address depends on a load, call or other value that cannot be computed ahead
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on a run-time isspacep.global test of the source (where it fails, the copy runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on one block-uniform run-time isspacep.global test of the source's base pointer (where it fails, the whole block runs the copy as written)
; REMARK-NOT:  remark:
