; A kernel's third entry, the versioning alone (K__ferry_ver, dispatch.h),
; is the kernel as written cloned by ferry-alias-version where the variant
; holds other conversions (here marked converted, as the copies' passes
; mark a variant they convert) and a loop it versioned; its loops are
; versioned in turn. Where that changes nothing, ferry-dispatch-finish
; deletes it, as it deletes an alternative its policy did not change:
;   - refused: the kernel as written reads its loop's input through a
;     volatile load (the variant does not), so its clone's loop stays as
;     written: no third entry, and a remark on the kernel saying why (the
;     clone's own refusal is not said: its remarks are the kernel's one);
;   - versioned: the clone's loop is versioned: the third entry is kept,
;     no-alias scopes in its checked loop, the kernel as written untouched.
; Both variants are versioned and get an alternative (their conversions
; without the versioning). The module assembles for sm_80 and sm_90a.
; RUN: %opt -passes=ferry-alias-version,ferry-dispatch-finish -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK --implicit-check-not=volatile %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

; CHECK-LABEL: define {{.*}} void @_Z7refusedPfPKfi(
; CHECK-NOT:   alias.scope
; CHECK:       load volatile float
; CHECK:       {{^}}}
; CHECK-LABEL: define {{.*}} void @_Z9versionedPfPKfi(
; CHECK-NOT:   alias.scope
; CHECK:       {{^}}}
; CHECK-LABEL: define {{.*}} void @_Z7refusedPfPKfi__ferry(
; CHECK:       !alias.scope
; CHECK-LABEL: define {{.*}} void @_Z9versionedPfPKfi__ferry(
; CHECK:       !alias.scope
; CHECK-LABEL: define {{.*}} void @_Z7refusedPfPKfi__ferry_alt(
; CHECK-NOT:   alias.scope
; CHECK:       {{^}}}
; CHECK-LABEL: define {{.*}} void @_Z9versionedPfPKfi__ferry_alt(
; CHECK-NOT:   alias.scope
; CHECK:       {{^}}}
; CHECK-NOT:   define {{.*}} @_Z7refusedPfPKfi__ferry_ver(
; CHECK-LABEL: define {{.*}} void @_Z9versionedPfPKfi__ferry_ver(
; CHECK-NOT:   volatile
; CHECK:       !alias.scope
; CHECK-NOT:   define
; CHECK-NOT:   ferry-versioned-only

; REMARK-DAG: remark: {{.*}}: no entry with the versioning alone: in the kernel as written, no loop its variant alias-versions is versioned
; REMARK-DAG: remark: {{.*}}: the kernel's third entry is _Z9versionedPfPKfi__ferry_ver, the kernel as written with only the loops its variant alias-versions versioned
; REMARK-DAG: remark: {{.*}}: the kernel's second variant is _Z7refusedPfPKfi__ferry_alt
; REMARK-DAG: remark: {{.*}}: the kernel's second variant is _Z9versionedPfPKfi__ferry_alt

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define dso_local ptx_kernel void @_Z7refusedPfPKfi(ptr noundef captures(none) %0, ptr noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp sgt i32 %2, 0
  br i1 %5, label %6, label %13

6:                                                ; preds = %3
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = shl i32 %7, 8
  %9 = add i32 %8, %4
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds nuw float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4, !tbaa !12
  br label %14

13:                                               ; preds = %14, %3
  ret void

14:                                               ; preds = %14, %6
  %15 = phi float [ %12, %6 ], [ %22, %14 ]
  %16 = phi i32 [ 0, %6 ], [ %23, %14 ]
  %17 = shl nsw i32 %16, 8
  %18 = add nuw i32 %17, %4
  %19 = zext i32 %18 to i64
  %20 = getelementptr inbounds nuw float, ptr %1, i64 %19
  %21 = load volatile float, ptr %20, align 4, !tbaa !12
  %22 = fadd contract float %21, %15
  store float %22, ptr %11, align 4, !tbaa !12
  %23 = add nuw nsw i32 %16, 1
  %24 = icmp eq i32 %23, %2
  br i1 %24, label %13, label %14, !llvm.loop !14
}

define dso_local ptx_kernel void @_Z9versionedPfPKfi(ptr noundef captures(none) %0, ptr noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp sgt i32 %2, 0
  br i1 %5, label %6, label %13

6:                                                ; preds = %3
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = shl i32 %7, 8
  %9 = add i32 %8, %4
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds nuw float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4, !tbaa !12
  br label %14

13:                                               ; preds = %14, %3
  ret void

14:                                               ; preds = %14, %6
  %15 = phi float [ %12, %6 ], [ %22, %14 ]
  %16 = phi i32 [ 0, %6 ], [ %23, %14 ]
  %17 = shl nsw i32 %16, 8
  %18 = add nuw i32 %17, %4
  %19 = zext i32 %18 to i64
  %20 = getelementptr inbounds nuw float, ptr %1, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !12
  %22 = fadd contract float %21, %15
  store float %22, ptr %11, align 4, !tbaa !12
  %23 = add nuw nsw i32 %16, 1
  %24 = icmp eq i32 %23, %2
  br i1 %24, label %13, label %14, !llvm.loop !17
}

declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

define dso_local ptx_kernel void @_Z7refusedPfPKfi__ferry(ptr noundef captures(none) %0, ptr noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #2 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp sgt i32 %2, 0
  br i1 %5, label %6, label %13

6:                                                ; preds = %3
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = shl i32 %7, 8
  %9 = add i32 %8, %4
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds nuw float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4, !tbaa !12
  br label %14

13:                                               ; preds = %14, %3
  ret void

14:                                               ; preds = %14, %6
  %15 = phi float [ %12, %6 ], [ %22, %14 ]
  %16 = phi i32 [ 0, %6 ], [ %23, %14 ]
  %17 = shl nsw i32 %16, 8
  %18 = add nuw i32 %17, %4
  %19 = zext i32 %18 to i64
  %20 = getelementptr inbounds nuw float, ptr %1, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !12
  %22 = fadd contract float %21, %15
  store float %22, ptr %11, align 4, !tbaa !12
  %23 = add nuw nsw i32 %16, 1
  %24 = icmp eq i32 %23, %2
  br i1 %24, label %13, label %14, !llvm.loop !18
}

define dso_local ptx_kernel void @_Z9versionedPfPKfi__ferry(ptr noundef captures(none) %0, ptr noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #2 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp sgt i32 %2, 0
  br i1 %5, label %6, label %13

6:                                                ; preds = %3
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = shl i32 %7, 8
  %9 = add i32 %8, %4
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds nuw float, ptr %0, i64 %10
  %12 = load float, ptr %11, align 4, !tbaa !12
  br label %14

13:                                               ; preds = %14, %3
  ret void

14:                                               ; preds = %14, %6
  %15 = phi float [ %12, %6 ], [ %22, %14 ]
  %16 = phi i32 [ 0, %6 ], [ %23, %14 ]
  %17 = shl nsw i32 %16, 8
  %18 = add nuw i32 %17, %4
  %19 = zext i32 %18 to i64
  %20 = getelementptr inbounds nuw float, ptr %1, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !12
  %22 = fadd contract float %21, %15
  store float %22, ptr %11, align 4, !tbaa !12
  %23 = add nuw nsw i32 %16, 1
  %24 = icmp eq i32 %23, %2
  br i1 %24, label %13, label %14, !llvm.loop !19
}

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { mustprogress nofree noinline norecurse nosync nounwind memory(argmem: readwrite) "ferry-converted" "ferry-pays-untimed" "ferry-variant" "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.errno.tbaa = !{!6}
!nvvmir.version = !{!10}
!ferry.dispatch = !{!11}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{i32 2, i32 0}
!11 = !{}
!12 = !{!13, !13, i64 0}
!13 = !{!"float", !8, i64 0}
!14 = distinct !{!14, !15, !16}
!15 = !{!"llvm.loop.mustprogress"}
!16 = !{!"llvm.loop.unroll.disable"}
!17 = distinct !{!17, !15, !16}
!18 = distinct !{!18, !15, !16}
!19 = distinct !{!19, !15, !16}
