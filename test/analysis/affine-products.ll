; Products: a constant scales a form; two forms multiply term by term while
; every product has at most 3 atoms (ctaid.x*ntid.x*nctaid.x is one term).
; A fourth atom, or more than 12 terms, makes the value an opaque atom.
;
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: affine of @products
; CHECK-NEXT:    load %three: base %p offset 8*ctaid.x*ntid.x*nctaid.x uniform
; CHECK-NEXT:    load %four: base %p offset %four.atoms uniform
; CHECK-NEXT:    load %distributed: base %p offset 2*tid.x + tid.x*ntid.x + ntid.x + 2 varying
; CHECK-NOT:     ctaid.x*ntid.x*nctaid.x*%n
define ptx_kernel void @products(ptr %p, i64 %n) {
entry:
  %tx32 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx32 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx32 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gx32 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %tx = zext i32 %tx32 to i64
  %bx = zext i32 %bx32 to i64
  %nx = zext i32 %nx32 to i64
  %gx = zext i32 %gx32 to i64
  %bn = mul i64 %bx, %nx
  %bng = mul i64 %bn, %gx
  %three.atoms = shl i64 %bng, 3
  %p0 = getelementptr i8, ptr %p, i64 %three.atoms
  %three = load i8, ptr %p0
  %four.atoms = mul i64 %bng, %n
  %p1 = getelementptr i8, ptr %p, i64 %four.atoms
  %four = load i8, ptr %p1
  %a = add i64 %tx, 1
  %b = add i64 %nx, 2
  %ab = mul i64 %a, %b
  %p2 = getelementptr i8, ptr %p, i64 %ab
  %distributed = load i8, ptr %p2
  ret void
}

; Twelve terms fit; a thirteenth does not.
; CHECK-LABEL: affine of @terms
; CHECK-NEXT:    load %twelve: base %p offset %a0 + %a1 + %a2 + %a3 + %a4 + %a5 + %a6 + %a7 + %a8 + %a9 + %a10 + %a11 uniform
; CHECK-NEXT:    load %thirteen: base %p offset %s12 uniform
define ptx_kernel void @terms(ptr %p, i64 %a0, i64 %a1, i64 %a2, i64 %a3, i64 %a4, i64 %a5, i64 %a6, i64 %a7, i64 %a8, i64 %a9, i64 %a10, i64 %a11, i64 %a12) {
entry:
  %s1 = add i64 %a0, %a1
  %s2 = add i64 %s1, %a2
  %s3 = add i64 %s2, %a3
  %s4 = add i64 %s3, %a4
  %s5 = add i64 %s4, %a5
  %s6 = add i64 %s5, %a6
  %s7 = add i64 %s6, %a7
  %s8 = add i64 %s7, %a8
  %s9 = add i64 %s8, %a9
  %s10 = add i64 %s9, %a10
  %s11 = add i64 %s10, %a11
  %p0 = getelementptr i8, ptr %p, i64 %s11
  %twelve = load i8, ptr %p0
  %s12 = add i64 %s11, %a12
  %p1 = getelementptr i8, ptr %p, i64 %s12
  %thirteen = load i8, ptr %p1
  ret void
}

; Arithmetic is modulo 2^width: in i32, x*65536*65536 is 0, and in i64
; x*2^62*4 is 0; the terms disappear rather than keep a coefficient that
; does not fit. A value known modulo 2^width in width bits is known exactly,
; so the i32 index extends to 0 as well. A constant that wraps leaves a
; form that is right modulo 2^32 but no longer the signed value.
; CHECK-LABEL: affine of @wrapping
; CHECK-NEXT:    load %wrapped.i32: base %p offset 0 uniform
; CHECK-NEXT:    load %wrapped.i64: base %p offset 0 uniform
; CHECK-NEXT:    load %past.i32: base %p offset %past.wide uniform
; CHECK-NOT:     2147483648
define ptx_kernel void @wrapping(ptr %p, i32 %x, i64 %y) {
entry:
  %x16 = mul i32 %x, 65536
  %x32 = mul i32 %x16, 65536
  %p0 = getelementptr i8, ptr %p, i32 %x32
  %wrapped.i32 = load i8, ptr %p0
  %y62 = mul i64 %y, 4611686018427387904
  %y64 = shl i64 %y62, 2
  %p1 = getelementptr i8, ptr %p, i64 %y64
  %wrapped.i64 = load i8, ptr %p1
  ; With nsw, %x + 2147483647 + 1 is %x + 2^31 exactly (for %x < 0); the
  ; i32 form can only hold it as %x - 2^31, which is not the signed value,
  ; so the sext must not carry it.
  %near = add nsw i32 %x, 2147483647
  %past = add nsw i32 %near, 1
  %past.wide = sext i32 %past to i64
  %p2 = getelementptr i8, ptr %p, i64 %past.wide
  %past.i32 = load i8, ptr %p2
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
