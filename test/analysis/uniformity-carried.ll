; A value carried around a loop with one latch (not an induction variable:
; its step is a kernel argument, as `b += ldb * 16` in a tiled matrix
; product) is uniform when its start and the value from the latch are and
; every exit decides uniformly: all threads take the same edge into the
; header each time. It varies when the step varies, when an exit depends on
; the thread, or when a second latch can bring it back.
;
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: affine of @invariant_step
; CHECK-NEXT:    load %v: base %p offset %b uniform
define ptx_kernel void @invariant_step(ptr %p, i64 %n, i64 %step) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %b = phi i64 [ 0, %entry ], [ %b.next, %loop ]
  %p0 = getelementptr i8, ptr %p, i64 %b
  %v = load i8, ptr %p0
  %b.next = add i64 %b, %step
  %i.next = add nuw nsw i64 %i, 1
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: affine of @varying_step
; CHECK-NEXT:    load %v: base %p offset opaque(%b) varying
define ptx_kernel void @varying_step(ptr %p, i64 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tx to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %b = phi i64 [ 0, %entry ], [ %b.next, %loop ]
  %p0 = getelementptr i8, ptr %p, i64 %b
  %v = load i8, ptr %p0
  %b.next = add i64 %b, %t
  %i.next = add nuw nsw i64 %i, 1
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: affine of @varying_exit
; CHECK-NEXT:    load %v: base %p offset opaque(%b) varying
define ptx_kernel void @varying_exit(ptr %p, i64 %step) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tx to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %b = phi i64 [ 0, %entry ], [ %b.next, %loop ]
  %p0 = getelementptr i8, ptr %p, i64 %b
  %v = load i8, ptr %p0
  %b.next = add i64 %b, %step
  %i.next = add nuw nsw i64 %i, 1
  %again = icmp ult i64 %i.next, %t
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; Two latches: a thread-dependent branch picks which value comes back.
; CHECK-LABEL: affine of @two_latches
; CHECK-NEXT:    load %v: base %p offset opaque(%b) varying
define ptx_kernel void @two_latches(ptr %p, i64 %n, i64 %step) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = trunc i32 %tx to i1
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %left ], [ %i.next, %right ]
  %b = phi i64 [ 0, %entry ], [ %b.left, %left ], [ %b.right, %right ]
  %p0 = getelementptr i8, ptr %p, i64 %b
  %v = load i8, ptr %p0
  %i.next = add nuw nsw i64 %i, 1
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %pick, label %exit
pick:
  br i1 %odd, label %left, label %right
left:
  %b.left = add i64 %b, %step
  br label %loop
right:
  %b.right = add i64 %b, 1
  br label %loop
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
