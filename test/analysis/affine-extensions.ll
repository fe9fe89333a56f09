; zext and sext carry a form over only when it is exact in the reading they
; make: sext needs nsw all the way, zext needs nuw (with atoms that are
; never negative) or an nneg flag on an exact signed form. Anything else
; may have wrapped in the narrow type, and the extended value becomes an
; opaque atom of its own. A trunc is always opaque. GEP indices narrower
; than the pointer are sign-extended by the GEP itself, under the same rule.
;
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: affine of @zext
; CHECK-NEXT:    load %nneg.arg: base %p offset %n uniform
; CHECK-NEXT:    load %plain.arg: base %p offset %zn uniform
; CHECK-NEXT:    load %no.nuw: base %p offset opaque(%z.no.nuw) varying
; CHECK-NEXT:    load %nuw: base %p offset tid.x + ctaid.x varying
; CHECK-NEXT:    load %nneg.nsw: base %p offset tid.x + %n varying
; CHECK-NEXT:    load %nneg.nuw.only: base %p offset opaque(%z.nuw.only) varying
; CHECK-NOT:     load
define ptx_kernel void @zext(ptr %p, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  ; nneg promises %n >= 0: the wide value is %n itself.
  %zn.nneg = zext nneg i32 %n to i64
  %p0 = getelementptr i8, ptr %p, i64 %zn.nneg
  %nneg.arg = load i8, ptr %p0
  ; No promise: %n may be negative, and zext(%n) is not %n read as signed.
  %zn = zext i32 %n to i64
  %p1 = getelementptr i8, ptr %p, i64 %zn
  %plain.arg = load i8, ptr %p1
  ; tid.x + %n may wrap in 32 bits: not tid.x + %n in 64.
  %sum.no.nuw = add i32 %tx, %n
  %z.no.nuw = zext i32 %sum.no.nuw to i64
  %p2 = getelementptr i8, ptr %p, i64 %z.no.nuw
  %no.nuw = load i8, ptr %p2
  ; nuw and non-negative registers: the unsigned reading is exact.
  %sum.nuw = add nuw i32 %tx, %bx
  %z.nuw = zext i32 %sum.nuw to i64
  %p3 = getelementptr i8, ptr %p, i64 %z.nuw
  %nuw = load i8, ptr %p3
  ; nneg and nsw: exact signed, and promised non-negative.
  %sum.nsw = add nsw i32 %tx, %n
  %z.nsw = zext nneg i32 %sum.nsw to i64
  %p4 = getelementptr i8, ptr %p, i64 %z.nsw
  %nneg.nsw = load i8, ptr %p4
  ; nneg without nsw: the signed reading may have wrapped, and %n may be
  ; negative, so nuw alone does not help either.
  %sum.nuw.only = add nuw i32 %tx, %n
  %z.nuw.only = zext nneg i32 %sum.nuw.only to i64
  %p5 = getelementptr i8, ptr %p, i64 %z.nuw.only
  %nneg.nuw.only = load i8, ptr %p5
  ret void
}

; CHECK-LABEL: affine of @sext
; CHECK-NEXT:    load %tile: base %p offset tid.x + tid.y*%ld varying
; CHECK-NEXT:    load %no.nsw: base %p offset opaque(%s.no.nsw) varying
; CHECK-NEXT:    load %scaled: base %p offset 4*tid.x varying
; CHECK-NEXT:    load %truncated: base %p offset opaque(%tr) varying
; CHECK-NOT:     load
define ptx_kernel void @sext(ptr %p, i32 %ld) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %row = mul nsw i32 %ty, %ld
  %idx = add nsw i32 %row, %tx
  %s.idx = sext i32 %idx to i64
  %p0 = getelementptr i8, ptr %p, i64 %s.idx
  %tile = load i8, ptr %p0
  %sum = add nuw i32 %tx, 1
  %s.no.nsw = sext i32 %sum to i64
  %p1 = getelementptr i8, ptr %p, i64 %s.no.nsw
  %no.nsw = load i8, ptr %p1
  %times4 = mul nsw i32 %tx, 4
  %s.times4 = sext i32 %times4 to i64
  %p2 = getelementptr i8, ptr %p, i64 %s.times4
  %scaled = load i8, ptr %p2
  %wide = zext i32 %tx to i64
  %tr = trunc i64 %wide to i32
  %s.tr = sext i32 %tr to i64
  %p3 = getelementptr i8, ptr %p, i64 %s.tr
  %truncated = load i8, ptr %p3
  ret void
}

; An i32 GEP index is sign-extended by the GEP: an exact form carries over,
; an inexact one is an opaque atom of the index (read as signed).
; CHECK-LABEL: affine of @narrow_index
; CHECK-NEXT:    load %exact: base %p offset 4*tid.x + 4*%n varying
; CHECK-NEXT:    load %inexact: base %p offset 4*opaque(%sum) varying
define ptx_kernel void @narrow_index(ptr %p, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sum.nsw = add nsw i32 %tx, %n
  %p0 = getelementptr float, ptr %p, i32 %sum.nsw
  %exact = load float, ptr %p0
  %sum = add i32 %tx, %n
  %p1 = getelementptr float, ptr %p, i32 %sum
  %inexact = load float, ptr %p1
  ret void
}

; A counter from 0 up by 1 without signed wrap is never negative, so even a
; plain zext carries it; without nsw it may wrap to negative and may not.
; CHECK-LABEL: affine of @induction
; CHECK-NEXT:    load %climbs: base %p offset %i uniform
; CHECK-NEXT:    load %may.wrap: base %p offset %zj uniform
define ptx_kernel void @induction(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %zi = zext i32 %i to i64
  %p0 = getelementptr i8, ptr %p, i64 %zi
  %climbs = load i8, ptr %p0
  %zj = zext i32 %j to i64
  %p1 = getelementptr i8, ptr %p, i64 %zj
  %may.wrap = load i8, ptr %p1
  %i.next = add nsw i32 %i, 1
  %j.next = add i32 %j, 1
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
