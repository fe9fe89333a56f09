; Uniform means the same in every thread of a block. A kernel's arguments
; are; a device function's are not (its caller may pass tid). Loads, phis
; other than induction variables, and tid are varying; arithmetic the form
; cannot see through is uniform exactly when its operands are. Opaque atoms
; that vary print as opaque(...).
;
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: affine of @kernel
; CHECK-NEXT:    load %x: base %p offset %n uniform
; CHECK-NEXT:    load %by.uniform.quotient: base %p offset %q uniform
; CHECK-NEXT:    load %by.varying.quotient: base %p offset opaque(%qt) varying
; CHECK-NEXT:    load %by.loaded: base %p offset opaque(%x) varying
; CHECK-NEXT:    load %by.select: base %p offset %sel uniform
; CHECK-NEXT:    load %by.min: base %p offset %min uniform
; CHECK-NEXT:    load %by.varying.min: base %p offset opaque(%min.t) varying
define ptx_kernel void @kernel(ptr %p, i64 %n, i64 %m, i1 %c) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tx to i64
  %p0 = getelementptr i8, ptr %p, i64 %n
  %x = load i64, ptr %p0
  %q = udiv i64 %n, 3
  %p1 = getelementptr i8, ptr %p, i64 %q
  %by.uniform.quotient = load i8, ptr %p1
  %qt = udiv i64 %t, 3
  %p2 = getelementptr i8, ptr %p, i64 %qt
  %by.varying.quotient = load i8, ptr %p2
  %p3 = getelementptr i8, ptr %p, i64 %x
  %by.loaded = load i8, ptr %p3
  %sel = select i1 %c, i64 %n, i64 %m
  %p4 = getelementptr i8, ptr %p, i64 %sel
  %by.select = load i8, ptr %p4
  %min = call i64 @llvm.umin.i64(i64 %n, i64 %m)
  %p5 = getelementptr i8, ptr %p, i64 %min
  %by.min = load i8, ptr %p5
  %min.t = call i64 @llvm.umin.i64(i64 %t, i64 %m)
  %p6 = getelementptr i8, ptr %p, i64 %min.t
  %by.varying.min = load i8, ptr %p6
  ret void
}

; CHECK-LABEL: affine of @device
; CHECK-NEXT:    load %v: base %p offset opaque(%n) varying
define void @device(ptr %p, i64 %n) {
entry:
  %p0 = getelementptr i8, ptr %p, i64 %n
  %v = load i8, ptr %p0
  ret void
}

; An induction variable is uniform when it starts uniform and every branch
; out of its loop decides uniformly: then all threads run the same
; iterations. The exit test may use the variable itself.
; CHECK-LABEL: affine of @uniform_trip
; CHECK-NEXT:    load %v: base %p offset %i uniform
define ptx_kernel void @uniform_trip(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p0 = getelementptr i8, ptr %p, i64 %i
  %v = load i8, ptr %p0
  %i.next = add nuw nsw i64 %i, 1
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; Exit decided by tid: threads leave after different iterations.
; CHECK-LABEL: affine of @varying_trip
; CHECK-NEXT:    load %v: base %p offset %i varying
define ptx_kernel void @varying_trip(ptr %p) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tx to i64
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p0 = getelementptr i8, ptr %p, i64 %i
  %v = load i8, ptr %p0
  %i.next = add nuw nsw i64 %i, 1
  %again = icmp ult i64 %i.next, %t
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; A start of tid makes the variable varying whatever the exits.
; CHECK-LABEL: affine of @varying_start
; CHECK-NEXT:    load %v: base %p offset %i varying
define ptx_kernel void @varying_start(ptr %p, i64 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tx to i64
  br label %loop
loop:
  %i = phi i64 [ %t, %entry ], [ %i.next, %loop ]
  %p0 = getelementptr i8, ptr %p, i64 %i
  %v = load i8, ptr %p0
  %i.next = add i64 %i, 256
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; An inner loop with a varying exit does not make the outer variable vary
; (its own exits are uniform); an inner exit that leaves both loops does.
; CHECK-LABEL: affine of @nested
; CHECK-NEXT:    load %outer.v: base %p offset %i uniform
; CHECK-NEXT:    load %inner.v: base %p offset %i + %j varying
; CHECK-LABEL: affine of @nested_break
; CHECK-NEXT:    load %outer.v: base %p offset %i varying
define ptx_kernel void @nested(ptr %p, i64 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tx to i64
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %p0 = getelementptr i8, ptr %p, i64 %i
  %outer.v = load i8, ptr %p0
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %ij = add i64 %i, %j
  %p1 = getelementptr i8, ptr %p, i64 %ij
  %inner.v = load i8, ptr %p1
  %j.next = add i64 %j, 1
  %inner.again = icmp ult i64 %j.next, %t
  br i1 %inner.again, label %inner, label %outer.latch
outer.latch:
  %i.next = add i64 %i, 1
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

define ptx_kernel void @nested_break(ptr %p, i64 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tx to i64
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %p0 = getelementptr i8, ptr %p, i64 %i
  %outer.v = load i8, ptr %p0
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner.latch ]
  %j.next = add i64 %j, 1
  %stop = icmp eq i64 %j, %t
  br i1 %stop, label %exit, label %inner.latch
inner.latch:
  %inner.again = icmp ult i64 %j.next, %n
  br i1 %inner.again, label %inner, label %outer.latch
outer.latch:
  %i.next = add i64 %i, 1
  %again = icmp ult i64 %i.next, %n
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

; A phi that merges control flow is varying even when its inputs are not:
; the analysis does not prove that the branch was uniform.
; CHECK-LABEL: affine of @merge
; CHECK-NEXT:    load %v: base %p offset opaque(%merged) varying
define ptx_kernel void @merge(ptr %p, i64 %a, i64 %b, i1 %c) {
entry:
  br i1 %c, label %left, label %join
left:
  br label %join
join:
  %merged = phi i64 [ %a, %entry ], [ %b, %left ]
  %p0 = getelementptr i8, ptr %p, i64 %merged
  %v = load i8, ptr %p0
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i64 @llvm.umin.i64(i64, i64)
