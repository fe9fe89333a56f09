; Affine forms over the special registers: add, sub, mul by a constant,
; shl by a constant, and `or disjoint` (an add without carries) are seen
; through; tid varies across a block, ctaid/ntid/nctaid do not. An i8 GEP
; makes the byte offset the index's own form.
;
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: affine of @registers
; CHECK-NEXT:    load %a: base %p offset tid.x + 2*tid.y - tid.z + 12 varying
; CHECK-NEXT:    load %b: base %p offset ctaid.x*ntid.x + 8*ctaid.y + ctaid.z*nctaid.z uniform
; CHECK-NEXT:    load %c: base %p offset 32*tid.x + 3*ntid.y + nctaid.x varying
; CHECK-NEXT:    load %d: base %p offset 0 uniform
define ptx_kernel void @registers(ptr %p) {
entry:
  %tx32 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty32 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tz32 = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %bx32 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %by32 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %bz32 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  %nx32 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny32 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %gx32 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %gz32 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  ; A register is never negative: even a plain zext carries it over.
  %tx = zext i32 %tx32 to i64
  %ty = zext i32 %ty32 to i64
  %tz = zext i32 %tz32 to i64
  %bx = zext i32 %bx32 to i64
  %by = zext i32 %by32 to i64
  %bz = zext i32 %bz32 to i64
  %nx = zext i32 %nx32 to i64
  %ny = zext i32 %ny32 to i64
  %gx = zext i32 %gx32 to i64
  %gz = zext i32 %gz32 to i64
  ; tid.x + 2*tid.y - tid.z + 12, the 12 split over two adds
  %ty2 = mul i64 %ty, 2
  %s0 = add i64 %tx, 5
  %s1 = add i64 %s0, %ty2
  %s2 = sub i64 %s1, %tz
  %s3 = add i64 %s2, 7
  %pa = getelementptr i8, ptr %p, i64 %s3
  %a = load i8, ptr %pa
  ; ctaid.x*ntid.x + (ctaid.y << 3) + nctaid.z*ctaid.z: registers multiply
  %bn = mul i64 %bx, %nx
  %by8 = shl i64 %by, 3
  %gzbz = mul i64 %gz, %bz
  %t0 = add i64 %bn, %by8
  %t1 = add i64 %t0, %gzbz
  %pb = getelementptr i8, ptr %p, i64 %t1
  %b = load i8, ptr %pb
  ; (tid.x << 5) | ntid.y*3 disjoint, then | nctaid.x disjoint
  %tx32x = shl i64 %tx, 5
  %ny3 = mul i64 %ny, 3
  %o0 = or disjoint i64 %tx32x, %ny3
  %o1 = or disjoint i64 %o0, %gx
  %pc = getelementptr i8, ptr %p, i64 %o1
  %c = load i8, ptr %pc
  ; tid.x - tid.x cancels
  %z = sub i64 %tx, %tx
  %pd = getelementptr i8, ptr %p, i64 %z
  %d = load i8, ptr %pd
  ret void
}

; An or that may carry is no add, a right shift is no affine step, a shift
; by a variable is not a multiply: each becomes an opaque atom, marked
; opaque(...) when it varies across the block.
; CHECK-LABEL: affine of @not_affine
; CHECK-NEXT:    load %a: base %p offset opaque(%or) varying
; CHECK-NEXT:    load %b: base %p offset %shr uniform
; CHECK-NEXT:    load %c: base %p offset opaque(%shl) varying
; CHECK-NOT:     tid.x
define ptx_kernel void @not_affine(ptr %p, i64 %n) {
entry:
  %tx32 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx = zext i32 %tx32 to i64
  %or = or i64 %tx, 1
  %pa = getelementptr i8, ptr %p, i64 %or
  %a = load i8, ptr %pa
  %shr = lshr i64 %n, 2
  %pb = getelementptr i8, ptr %p, i64 %shr
  %b = load i8, ptr %pb
  %shl = shl i64 %tx, %n
  %pc = getelementptr i8, ptr %p, i64 %shl
  %c = load i8, ptr %pc
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
