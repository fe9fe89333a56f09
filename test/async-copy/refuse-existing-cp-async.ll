; A function that already issues asynchronous copies (cp.async, or an
; mbarrier) keeps all its plain copies: a wait_group 0 of ours would change
; its own commit/wait accounting. One remark per function, at its first
; plain copy.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@pipelined = internal addrspace(3) global [256 x i32] poison, align 4
@bar = internal addrspace(3) global i64 poison, align 8

; A hand-written two-stage pipeline keeps one group in flight across the
; barrier; two plain copies in the same function.
define ptx_kernel void @hand_written(ptr noundef readonly captures(none) %g, ptr noundef readonly captures(none) %h, ptr addrspace(1) noundef readonly captures(none) %next) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %p.src = getelementptr inbounds nuw i32, ptr addrspace(1) %next, i64 %idx
  %p.dst = getelementptr inbounds nuw i32, ptr addrspace(3) @pipelined, i64 %idx
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %p.dst, ptr addrspace(1) %p.src)
  call void @llvm.nvvm.cp.async.commit.group()
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %src2 = getelementptr inbounds nuw i32, ptr %h, i64 %idx
  %w = load i32, ptr %src2, align 4
  store i32 %w, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @hand_written(
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %p.dst, ptr addrspace(1) %p.src)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    %src = getelementptr
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %src2 = getelementptr
; CHECK-NEXT:    %w = load i32, ptr %src2, align 4
; CHECK-NEXT:    store i32 %w, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    ret void

; An mbarrier in the function.
define ptx_kernel void @with_mbarrier(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @bar, i32 256)
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @with_mbarrier(
; CHECK:         call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @bar, i32 256)
; CHECK-NEXT:    %src = getelementptr
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    ret void

; REMARK:      remark: <unknown>:0:0: not converted: the function already issues asynchronous copies
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the function already issues asynchronous copies
; REMARK-NOT:  remark:

declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3), i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
