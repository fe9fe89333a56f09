; A call that may access memory between the copy and the barrier (printf,
; a device function that was not inlined, an indirect call) could read the
; destination or write the source: the copy stays as it is. The remark
; points at the copy's store. A call to a function that touches no memory
; (memory(none)) does not stop the conversion.
;
; The copies write sh[255 - i]: the threads' elements are not contiguous in
; threadIdx.x, so the block-collective form does not apply and the per-thread
; form is the one under test.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1
@log = internal addrspace(1) global i32 0, align 4

;  1 __global__ void print_between(const int *g) {
;  2   __shared__ int sh[256];
;  3   sh[threadIdx.x] = g[threadIdx.x];
;  4   printf("%d\n", threadIdx.x);
;  5   __syncthreads();
;  6 }
define ptx_kernel void @print_between(ptr noundef readonly captures(none) %g) #0 !dbg !5 {
entry:
  %args = alloca i32, align 4
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !8
  %idx = zext nneg i32 %tid to i64, !dbg !8
  %rev = sub nuw nsw i64 255, %idx, !dbg !8
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx, !dbg !8
  %v = load i32, ptr %src, align 4, !dbg !8
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev, !dbg !9
  store i32 %v, ptr %dst, align 4, !dbg !9
  store i32 %tid, ptr %args, align 4, !dbg !10
  %n = call i32 @vprintf(ptr @.str, ptr %args), !dbg !10
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !11
  ret void, !dbg !12
}

; CHECK-LABEL: define ptx_kernel void @print_between(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK:         %n = call i32 @vprintf(
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; A device function that was not inlined, given nothing: it may still
; reach any global or shared memory.
define ptx_kernel void @helper_between(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  call void @helper()
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @helper_between(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    call void @helper()
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @indirect_between(ptr noundef readonly captures(none) %g, ptr noundef %callback) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  call void %callback()
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @indirect_between(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    call void %callback()
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; A pure function: converted.
define ptx_kernel void @pure_between(ptr noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  %h = call i32 @hash(i32 %tid)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %h, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @pure_between(
; CHECK-NOT:     load i32, ptr %src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    %h = call i32 @hash(i32 %tid)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define internal void @helper() #2 {
  store i32 1, ptr addrspace(1) @log, align 4
  ret void
}

define internal i32 @hash(i32 %x) #1 {
  %m = mul i32 %x, -1640531535
  ret i32 %m
}

; REMARK:      remark: call.cu:3:19: not converted: a call that may access memory stands between the copy and the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: a call that may access memory stands between the copy and the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: a call that may access memory stands between the copy and the barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

declare i32 @vprintf(ptr, ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
attributes #2 = { noinline nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly)
!1 = !DIFile(filename: "call.cu", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 2}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "print_between", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 3, column: 21, scope: !5)
!9 = !DILocation(line: 3, column: 19, scope: !5)
!10 = !DILocation(line: 4, column: 3, scope: !5)
!11 = !DILocation(line: 5, column: 3, scope: !5)
!12 = !DILocation(line: 6, column: 1, scope: !5)
