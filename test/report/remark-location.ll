; A remark about an instruction without a location of its own (one an
; optimization made, such as a merged or hoisted access), or with one of
; line 0 (a location LLVM merged from two places), points at the
; nearest located instruction before it in its block, else at the
; function's line, so that a report names a place for every reason that
; has one (test/async-copy/refuse-call-between.ll: the instruction's own
; location first; a function with no debug information stays <unknown>).
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.remarks
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks-output=%t.yaml -S %s -o /dev/null
; RUN: FileCheck --check-prefix=RECORD %s < %t.yaml
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

; CHECK:      remark: near.cu:3:21: not converted: a call that may access memory stands between the copy and the barrier
; CHECK-NEXT: remark: near.cu:10:0: not converted: a call that may access memory stands between the copy and the barrier
; CHECK-NEXT: remark: near.cu:22:7: not converted: a call that may access memory stands between the copy and the barrier
; CHECK-NOT:  remark:
; RECORD:     DebugLoc: { File: near.cu, Line: 3, Column: 21 }
; RECORD:     DebugLoc: { File: near.cu, Line: 10, Column: 0 }
; RECORD:     DebugLoc: { File: near.cu, Line: 22, Column: 7 }

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1

; The copy's store (what the remark is about) has no location; the load
; before it has line 3's.
define ptx_kernel void @near(ptr noundef readonly captures(none) %g) #0 !dbg !5 {
entry:
  %args = alloca i32, align 4
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !8
  %idx = zext nneg i32 %tid to i64, !dbg !8
  %rev = sub nuw nsw i64 255, %idx, !dbg !8
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx, !dbg !8
  %v = load i32, ptr %src, align 4, !dbg !8
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  store i32 %tid, ptr %args, align 4, !dbg !10
  %n = call i32 @vprintf(ptr @.str, ptr %args), !dbg !10
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !11
  ret void, !dbg !12
}

; No instruction of the copy's block has a location: the function's line.
define ptx_kernel void @function_line(ptr noundef readonly captures(none) %g) #0 !dbg !13 {
entry:
  %args = alloca i32, align 4
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  store i32 %tid, ptr %args, align 4
  %n = call i32 @vprintf(ptr @.str, ptr %args)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; The copy's store has a location of line 0 (merged from two places); the
; load before it has line 22's.
define ptx_kernel void @line_zero(ptr noundef readonly captures(none) %g) #0 !dbg !14 {
entry:
  %args = alloca i32, align 4
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !15
  %idx = zext nneg i32 %tid to i64, !dbg !15
  %rev = sub nuw nsw i64 255, %idx, !dbg !15
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx, !dbg !15
  %v = load i32, ptr %src, align 4, !dbg !15
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4, !dbg !16
  store i32 %tid, ptr %args, align 4, !dbg !17
  %n = call i32 @vprintf(ptr @.str, ptr %args), !dbg !17
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !17
  ret void, !dbg !17
}

declare i32 @vprintf(ptr, ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly)
!1 = !DIFile(filename: "near.cu", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 2}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "near", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 3, column: 21, scope: !5)
!10 = !DILocation(line: 4, column: 3, scope: !5)
!11 = !DILocation(line: 5, column: 3, scope: !5)
!12 = !DILocation(line: 6, column: 1, scope: !5)
!13 = distinct !DISubprogram(name: "function_line", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!14 = distinct !DISubprogram(name: "line_zero", scope: !1, file: !1, line: 20, type: !4, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!15 = !DILocation(line: 22, column: 7, scope: !14)
!16 = !DILocation(line: 0, scope: !14)
!17 = !DILocation(line: 23, column: 3, scope: !14)
