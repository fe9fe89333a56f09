; A copy in a loop with no barrier: every iteration's cp.async is in flight
; until the barrier after the loop, so from the loop's start to that
; barrier the thread must not touch the destination's array at all (no
; offset reasoning: another iteration's counter differs), nor before the
; loop back to the previous barrier. Each stays as written, with a remark.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x float] undef, align 4

; s[p] = in[p]; out[p] = s[p ^ 1] in the loop: a read of an element an earlier iteration may still be copying
define ptx_kernel void @reads_in_loop(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %p.wide2 = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide2
  store float %v, ptr %dst, align 4
  %x = xor i32 %p, 1
  %x.wide = zext nneg i32 %x to i64
  %at = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %x.wide
  %r = load float, ptr %at, align 4
  %o = getelementptr inbounds float, ptr %out, i64 %p.wide
  store float %r, ptr %o, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @reads_in_loop(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; the thread reads s[tid] after the loop, before the barrier: its own copy may be in flight
define ptx_kernel void @reads_after_loop(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %p.wide2 = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide2
  store float %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  %tid.wide = zext nneg i32 %tid to i64
  %at = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %tid.wide
  %r = load float, ptr %at, align 4
  store float %r, ptr %out, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @reads_after_loop(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; a halo element written after the loop, before the barrier: its offset cannot be told apart from every iteration's
define ptx_kernel void @writes_after_loop(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %p.wide2 = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide2
  store float %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  %halo = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 1023
  store float 0.0, ptr %halo, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @writes_after_loop(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; s[tid] = 0 before the loop with no barrier between: a pending cp.async could overtake it
define ptx_kernel void @written_before_loop(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid.wide = zext nneg i32 %tid to i64
  %at = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %tid.wide
  store float 0.0, ptr %at, align 4
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %p.wide2 = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide2
  store float %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @written_before_loop(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; s[p] = in[p]; r = s[p + 1]: apart from this iteration's element, but
; not from every iteration's
define ptx_kernel void @reads_next_element(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %v, ptr %dst, align 4
  %at = getelementptr inbounds nuw float, ptr %dst, i64 1
  %r = load float, ptr %at, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1023
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @reads_next_element(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; The search from the copy meets the loop's and the exit's accesses before
; it meets the copy again: those remarks name them as for any copy.
; REMARK:         remark: <unknown>:0:0: not converted: the thread may read the destination before the barrier
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: the thread may read the destination before the barrier
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: the thread may write the destination again before the barrier
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: the thread may access the destination's array earlier with no barrier in between
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: the thread may access the destination's array in the copy's loop or between it and the barrier (every iteration's copy is in flight until the barrier)
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
