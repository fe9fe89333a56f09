; A copy in a loop with no barrier converts only when its source is
; computed from the loop's counter and values fixed in the loop alone
; (copy_loop.c): two iterations that write one element then read one
; address. Here the source moves with a second counter, or goes through a
; load. Each stays as written, with a remark.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x float] undef, align 4

; s[p] = in[k], k a second counter: two iterations with one p (the counter may wrap) might read different elements
define ptx_kernel void @source_second_counter(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %k.wide = zext nneg i32 %k to i64
  %src = getelementptr inbounds float, ptr %in, i64 %k.wide
  %v = load float, ptr %src, align 4
  %p.wide = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %v, ptr %dst, align 4
  %k.next = add nuw nsw i32 %k, 1
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @source_second_counter(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; s[p] = in[idx[p]]: the source goes through a load
define ptx_kernel void @gather(ptr noundef %out, ptr noundef readonly %in, ptr noundef readonly %idx) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %at = getelementptr inbounds i32, ptr %idx, i64 %p.wide
  %j = load i32, ptr %at, align 4
  %j.wide = sext i32 %j to i64
  %src = getelementptr inbounds float, ptr %in, i64 %j.wide
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @gather(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; REMARK-COUNT-2: remark: <unknown>:0:0: not converted: the copy can execute again before any barrier: it repeats in a loop with no barrier, and its source is not computed from the loop's counter alone (two iterations might write one element with different bytes while both are in flight)
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
