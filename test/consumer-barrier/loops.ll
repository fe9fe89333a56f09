; Loops: a copy that the back edge reaches again before any barrier is
; refused; a copy whose loop has a barrier (after the copy, or at the top of
; the next iteration) has that barrier as consumer, and the barrier after
; the loop too when the loop can exit before reaching one.
;
; RUN: %opt -passes=ferry-print-consumer-barriers -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

; CHECK-LABEL: consumer barriers of @no_barrier_in_loop
; CHECK-NEXT:    copy to %dst: not converted: the copy can execute again before any barrier: it repeats in a loop with no barrier, to a destination that does not move with a 32-bit counter of the loop (two iterations might write one element while both are in flight){{$}}
define ptx_kernel void @no_barrier_in_loop(ptr %g, i32 %n) {
entry:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 3
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %g, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; copy; barrier; compute; barrier; back edge: only the first is a consumer.
; CHECK-LABEL: consumer barriers of @copy_compute
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.all in %loop{{$}}
define ptx_kernel void @copy_compute(ptr %g, i32 %n) {
entry:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 3
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %g, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = load i32, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; The barrier is at the top of the loop: the back edge leads to it, and the
; exit leads to the barrier after the loop.
; CHECK-LABEL: consumer barriers of @barrier_at_top
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.all in %loop llvm.nvvm.barrier.cta.sync.aligned.all in %exit{{$}}
define ptx_kernel void @barrier_at_top(ptr %g, i32 %n) {
entry:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 3
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %g, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; The same without a barrier after the loop: the exit path returns.
; CHECK-LABEL: consumer barriers of @barrier_at_top_no_exit_barrier
; CHECK-NEXT:    copy to %dst: not converted: a path from the copy returns without reaching a barrier{{$}}
define ptx_kernel void @barrier_at_top_no_exit_barrier(ptr %g, i32 %n) {
entry:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 3
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %g, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; A nested loop with no barrier reaches the copy again through the outer
; back edge.
; CHECK-LABEL: consumer barriers of @nested
; CHECK-NEXT:    copy to %dst: not converted: the copy can execute again before any barrier: it repeats in a loop with no barrier, to a destination that does not move with a 32-bit counter of the loop (two iterations might write one element while both are in flight){{$}}
define ptx_kernel void @nested(ptr %g, i32 %n) {
entry:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 3
  br label %outer

outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  %v = load i32, ptr %g, align 4
  store i32 %v, ptr %dst, align 4
  br label %inner

inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %i.next = add i32 %i, 1
  %inner.done = icmp eq i32 %i.next, %n
  br i1 %inner.done, label %outer.latch, label %inner

outer.latch:
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %n
  br i1 %done, label %exit, label %outer

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
