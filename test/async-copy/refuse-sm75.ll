; cp.async needs sm_80 and PTX ISA 7.0. Functions compiled for sm_75, for no
; GPU at all (no "target-cpu"), or for sm_80 with an older PTX ISA keep
; every copy, with one remark per function at its first copy.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 %t.ll -o %t.sm75.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm75.ptx
; RUN: %ptxas -arch=sm_75 %t.sm75.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@sh2 = internal addrspace(3) global [256 x i32] poison, align 4

; Two copies, one remark.
define ptx_kernel void @turing(ptr noundef readonly captures(none) %a, ptr noundef readonly captures(none) %b) #0 !dbg !5 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %a.src = getelementptr inbounds nuw i32, ptr %a, i64 %idx
  %a.v = load i32, ptr %a.src, align 4
  %a.dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %a.v, ptr %a.dst, align 4, !dbg !8
  %b.src = getelementptr inbounds nuw i32, ptr %b, i64 %idx
  %b.v = load i32, ptr %b.src, align 4
  %b.dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh2 to ptr), i64 %rev
  store i32 %b.v, ptr %b.dst, align 4, !dbg !9
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @turing(
; CHECK-NOT:     cp.async
; CHECK:         %a.v = load i32, ptr %a.src, align 4
; CHECK-NEXT:    %a.dst = getelementptr
; CHECK-NEXT:    store i32 %a.v, ptr %a.dst, align 4
; CHECK:         %b.v = load i32, ptr %b.src, align 4
; CHECK-NEXT:    %b.dst = getelementptr
; CHECK-NEXT:    store i32 %b.v, ptr %b.dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @no_target(ptr noundef readonly captures(none) %g) #1 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @no_target(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @old_ptx(ptr noundef readonly captures(none) %g) #2 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @old_ptx(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async

; REMARK:      remark: turing.cu:5:19: not converted: cp.async needs sm_80 or newer; the function targets sm_75
; REMARK-NEXT: remark: <unknown>:0:0: not converted: cp.async needs sm_80 or newer; the function targets an unknown GPU
; REMARK-NEXT: remark: <unknown>:0:0: not converted: cp.async needs PTX ISA 7.0; the function targets ptx65
; REMARK-NOT:  remark:

; PTX-LABEL: .entry turing(
; PTX-NOT:     cp.async
; PTX:         ld.global.b32
; PTX:         st.shared.b32
; PTX:         bar.sync 0;
; PTX-NOT:     cp.async

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_75" "target-features"="+ptx88,+sm_75" }
attributes #1 = { convergent mustprogress noinline norecurse nounwind }
attributes #2 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx65,+sm_80" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly)
!1 = !DIFile(filename: "turing.cu", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 2}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "turing", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 5, column: 19, scope: !5)
!9 = !DILocation(line: 6, column: 19, scope: !5)
