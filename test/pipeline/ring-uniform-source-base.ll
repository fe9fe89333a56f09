; Rings of copies whose sources are not provably global (issue 13, shape 8)
; but whose base pointers are uniform and computed before the loop: loaded
; from a kernel's by-value struct parameter (2-byte elements: the ring of
; block-collective chunks, versioned for their alignment) or from a
; __constant__ table at a kernel argument's index (4-byte per-thread
; copies: versioned for nothing else), or a pointer the loop steps from
; one loaded so (its start is tested: the stepped pointer stays in that
; object). The check before the loop ANDs isspacep.global of each base
; with whatever else it checks, so that where a base is not global the
; whole block runs the loop as written (its copies marked as written).
; Nothing is tested in the ring itself.
;
;   struct Args { const unsigned short *src; int n; };
;   __global__ void ring_struct(Args a, unsigned *out) {
;     for (int k = 0; k < a.n; k++) {
;       s[threadIdx.x] = a.src[k * 256 + threadIdx.x]; __syncthreads();
;       acc += s[255 - threadIdx.x]; __syncthreads();
;     } ...
;   ring_table: the same from table[which] (floats); stepped: from p = a.src,
;   p += ld each iteration.
;
; RUN: %opt -ferry-stages=16 -passes=ferry-pipeline,ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Args = type { ptr, i32 }

@table = dso_local addrspace(4) externally_initialized constant [4 x ptr] zeroinitializer, align 8
@s.struct = internal unnamed_addr addrspace(3) global [256 x i16] undef, align 2
@s.table = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@s.stepped = internal unnamed_addr addrspace(3) global [256 x i16] undef, align 2
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(4) @table to ptr)], section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @ring_struct(ptr noundef readonly byval(%struct.Args) align 8 captures(none) %arg, ptr noundef writeonly captures(none) %arg1) local_unnamed_addr #0 {
bb:
  %i = getelementptr inbounds nuw i8, ptr %arg, i64 8
  %i2 = load i32, ptr %i, align 8, !tbaa !11
  %i3 = icmp sgt i32 %i2, 0
  br i1 %i3, label %bb6, label %bb4

bb4:                                              ; preds = %bb
  %i5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %bb14

bb6:                                              ; preds = %bb
  %i7 = load ptr, ptr %arg, align 8, !tbaa !15
  %i8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i9 = zext nneg i32 %i8 to i64
  %i10 = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s.struct to ptr), i64 %i9
  %i11 = sub nsw i32 255, %i8
  %i12 = zext i32 %i11 to i64
  %i13 = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s.struct to ptr), i64 %i12
  br label %bb22

bb14:                                             ; preds = %bb22, %bb4
  %i15 = phi i32 [ %i5, %bb4 ], [ %i8, %bb22 ]
  %i16 = phi i32 [ 0, %bb4 ], [ %i32, %bb22 ]
  %i17 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i18 = shl i32 %i17, 8
  %i19 = add i32 %i18, %i15
  %i20 = zext i32 %i19 to i64
  %i21 = getelementptr inbounds nuw i32, ptr %arg1, i64 %i20
  store i32 %i16, ptr %i21, align 4, !tbaa !6
  ret void

bb22:                                             ; preds = %bb22, %bb6
  %i23 = phi i32 [ 0, %bb6 ], [ %i33, %bb22 ]
  %i24 = phi i32 [ 0, %bb6 ], [ %i32, %bb22 ]
  %i25 = shl nsw i32 %i23, 8
  %i26 = add nuw i32 %i25, %i8
  %i27 = zext i32 %i26 to i64
  %i28 = getelementptr inbounds nuw i16, ptr %i7, i64 %i27
  %i29 = load i16, ptr %i28, align 2, !tbaa !16
  store i16 %i29, ptr %i10, align 2, !tbaa !16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i30 = load i16, ptr %i13, align 2, !tbaa !16
  %i31 = zext i16 %i30 to i32
  %i32 = add i32 %i24, %i31
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i33 = add nuw nsw i32 %i23, 1
  %i34 = icmp eq i32 %i33, %i2
  br i1 %i34, label %bb14, label %bb22, !llvm.loop !18
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @ring_table(i32 noundef %arg, i32 noundef %arg1, ptr noundef writeonly captures(none) %arg2) local_unnamed_addr #0 {
bb:
  %i = icmp sgt i32 %arg1, 0
  br i1 %i, label %bb5, label %bb3

bb3:                                              ; preds = %bb
  %i4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %bb15

bb5:                                              ; preds = %bb
  %i6 = sext i32 %arg to i64
  %i7 = getelementptr inbounds ptr, ptr addrspacecast (ptr addrspace(4) @table to ptr), i64 %i6
  %i8 = load ptr, ptr %i7, align 8, !tbaa !20
  %i9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i10 = zext nneg i32 %i9 to i64
  %i11 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s.table to ptr), i64 %i10
  %i12 = sub nsw i32 255, %i9
  %i13 = zext i32 %i12 to i64
  %i14 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s.table to ptr), i64 %i13
  br label %bb23

bb15:                                             ; preds = %bb23, %bb3
  %i16 = phi i32 [ %i4, %bb3 ], [ %i9, %bb23 ]
  %i17 = phi float [ 0.000000e+00, %bb3 ], [ %i32, %bb23 ]
  %i18 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i19 = shl i32 %i18, 8
  %i20 = add i32 %i19, %i16
  %i21 = zext i32 %i20 to i64
  %i22 = getelementptr inbounds nuw float, ptr %arg2, i64 %i21
  store float %i17, ptr %i22, align 4, !tbaa !22
  ret void

bb23:                                             ; preds = %bb23, %bb5
  %i24 = phi i32 [ 0, %bb5 ], [ %i33, %bb23 ]
  %i25 = phi float [ 0.000000e+00, %bb5 ], [ %i32, %bb23 ]
  %i26 = shl nsw i32 %i24, 8
  %i27 = add nuw i32 %i26, %i9
  %i28 = zext i32 %i27 to i64
  %i29 = getelementptr inbounds nuw float, ptr %i8, i64 %i28
  %i30 = load float, ptr %i29, align 4, !tbaa !22
  store float %i30, ptr %i11, align 4, !tbaa !22
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i31 = load float, ptr %i14, align 4, !tbaa !22
  %i32 = fadd contract float %i25, %i31
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i33 = add nuw nsw i32 %i24, 1
  %i34 = icmp eq i32 %i33, %arg1
  br i1 %i34, label %bb15, label %bb23, !llvm.loop !24
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @stepped(ptr noundef readonly byval(%struct.Args) align 8 captures(none) %arg, ptr noundef writeonly captures(none) %arg1, i32 noundef %arg2) local_unnamed_addr #0 {
bb:
  %i = getelementptr inbounds nuw i8, ptr %arg, i64 8
  %i3 = load i32, ptr %i, align 8, !tbaa !11
  %i4 = icmp sgt i32 %i3, 0
  br i1 %i4, label %bb7, label %bb5

bb5:                                              ; preds = %bb
  %i6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %bb16

bb7:                                              ; preds = %bb
  %i8 = load ptr, ptr %arg, align 8, !tbaa !15
  %i9 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i10 = zext nneg i32 %i9 to i64
  %i11 = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s.stepped to ptr), i64 %i10
  %i12 = sub nsw i32 255, %i9
  %i13 = zext i32 %i12 to i64
  %i14 = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s.stepped to ptr), i64 %i13
  %i15 = sext i32 %arg2 to i64
  br label %bb24

bb16:                                             ; preds = %bb24, %bb5
  %i17 = phi i32 [ %i6, %bb5 ], [ %i9, %bb24 ]
  %i18 = phi i32 [ 0, %bb5 ], [ %i32, %bb24 ]
  %i19 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i20 = shl i32 %i19, 8
  %i21 = add i32 %i20, %i17
  %i22 = zext i32 %i21 to i64
  %i23 = getelementptr inbounds nuw i32, ptr %arg1, i64 %i22
  store i32 %i18, ptr %i23, align 4, !tbaa !6
  ret void

bb24:                                             ; preds = %bb24, %bb7
  %i25 = phi i32 [ 0, %bb7 ], [ %i34, %bb24 ]
  %i26 = phi ptr [ %i8, %bb7 ], [ %i33, %bb24 ]
  %i27 = phi i32 [ 0, %bb7 ], [ %i32, %bb24 ]
  %i28 = getelementptr inbounds nuw i16, ptr %i26, i64 %i10
  %i29 = load i16, ptr %i28, align 2, !tbaa !16
  store i16 %i29, ptr %i11, align 2, !tbaa !16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i30 = load i16, ptr %i14, align 2, !tbaa !16
  %i31 = zext i16 %i30 to i32
  %i32 = add i32 %i27, %i31
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i33 = getelementptr inbounds i16, ptr %i26, i64 %i15
  %i34 = add nuw nsw i32 %i25, 1
  %i35 = icmp eq i32 %i34, %i3
  br i1 %i35, label %bb16, label %bb24, !llvm.loop !25
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
!11 = !{!12, !7, i64 8}
!12 = !{!"_ZTS4Args", !13, i64 0, !7, i64 8}
!13 = !{!"p1 short", !14, i64 0}
!14 = !{!"any pointer", !8, i64 0}
!15 = !{!12, !13, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"short", !8, i64 0}
!18 = distinct !{!18, !19}
!19 = !{!"llvm.loop.mustprogress"}
!20 = !{!21, !21, i64 0}
!21 = !{!"p1 float", !14, i64 0}
!22 = !{!23, !23, i64 0}
!23 = !{!"float", !8, i64 0}
!24 = distinct !{!24, !19}
!25 = distinct !{!25, !19}

; CHECK-LABEL: define dso_local ptx_kernel void @ring_struct(
; CHECK:         %ferry.ring.fits = and i1
; CHECK-NEXT:    [[GLOBAL:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %i7)
; CHECK-NEXT:    %ferry.sources.global = and i1 %ferry.ring.fits, [[GLOBAL]]
; CHECK-NEXT:    br i1 %ferry.sources.global, label %ferry.ring.entry, label %ferry.as.written.entry
; CHECK-NOT:     isspacep
; CHECK:         store i16 {{.*}}
; CHECK-NOT:     isspacep
; CHECK:       {{^}}}

; CHECK-LABEL: define dso_local ptx_kernel void @ring_table(
; CHECK:         %ferry.last = zext i32 {{%.*}} to i64
; CHECK-NEXT:    [[GLOBAL:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %i8)
; CHECK-NEXT:    br i1 [[GLOBAL]], label %ferry.ring.entry, label %ferry.as.written.entry
; CHECK-NOT:     isspacep
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     isspacep
; CHECK:         store float {{.*}}
; CHECK-NOT:     isspacep
; CHECK:       {{^}}}

; CHECK-LABEL: define dso_local ptx_kernel void @stepped(
; CHECK:         %ferry.ring.fits = and i1
; CHECK-NEXT:    [[GLOBAL:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %i8)
; CHECK-NEXT:    %ferry.sources.global = and i1 %ferry.ring.fits, [[GLOBAL]]
; CHECK-NEXT:    br i1 %ferry.sources.global, label %ferry.ring.entry, label %ferry.as.written.entry
; CHECK-NOT:     isspacep
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 16 stages: {{.*}}; one check before the loop finds every row's addresses fit for 16-byte chunks in every iteration, else the loop runs as written; behind one block-uniform isspacep.global test of the source's base pointer before the loop (where it fails, the loop runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: {{.*}}waits only for its own (16 stages: {{[^;]*}}); behind one block-uniform isspacep.global test of the source's base pointer before the loop (where it fails, the loop runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted a 2-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 16 stages: {{.*}}; behind one block-uniform isspacep.global test of the source's base pointer before the loop (where it fails, the loop runs as written)
; REMARK-NOT:  remark:
