; Addresses: GEPs, bitcasts and addrspacecasts are stripped down to a base,
; instructions and constant expressions alike, summing byte offsets from
; the data layout: whole elements for the first index, struct fields by
; their offset, array and vector elements by their allocation size. What is
; not a GEP or cast (a loaded pointer, a phi) is the base itself.
;
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; { i32 at 0, [4 x float] at 4, <4 x i32> at 32, double at 48 }, 64 bytes
%record = type { i32, [4 x float], <4 x i32>, double }

@sh = internal addrspace(3) global [64 x i32] poison, align 4

; CHECK-LABEL: affine of @fields
; CHECK-NEXT:    load %array.element: base %p offset 4*tid.x + 64*%i + 4 varying
; CHECK-NEXT:    load %vector.element: base %p offset 64*%i + 44 uniform
; CHECK-NEXT:    load %last.field: base %p offset 48 uniform
; CHECK-NEXT:    load %chained: base %p offset 4*%i + 4*%j - 4 uniform
define ptx_kernel void @fields(ptr %p, i64 %i, i64 %j) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext nneg i32 %tx to i64
  %p0 = getelementptr inbounds %record, ptr %p, i64 %i, i32 1, i64 %t
  %array.element = load float, ptr %p0
  %p1 = getelementptr inbounds %record, ptr %p, i64 %i, i32 2, i64 3
  %vector.element = load i32, ptr %p1
  %p2 = getelementptr inbounds %record, ptr %p, i64 0, i32 3
  %last.field = load double, ptr %p2
  %q0 = getelementptr i32, ptr %p, i64 %i
  %q1 = getelementptr i32, ptr %q0, i64 %j
  %q2 = getelementptr i32, ptr %q1, i64 -1
  %chained = load i32, ptr %q2
  ret void
}

; clang's shared arrays: GEPs on `addrspacecast (ptr addrspace(3) @sh to
; ptr)`, casts as instructions or as constant expressions around constant
; GEPs; the base is the shared variable.
; CHECK-LABEL: affine of @shared
; CHECK-NEXT:    store to %dst: base @sh offset 4*tid.x varying
; CHECK-NEXT:    load %through.instructions: base @sh offset 4*tid.x + 8 varying
; CHECK-NEXT:    load %constant.gep: base @sh offset 20 uniform
; CHECK-NEXT:    load %constant.inside: base @sh offset 4*tid.x + 16 varying
define ptx_kernel void @shared(i32 %v) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext nneg i32 %tx to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %t
  store i32 %v, ptr %dst
  %sh.generic = addrspacecast ptr addrspace(3) @sh to ptr
  %e0 = getelementptr [64 x i32], ptr %sh.generic, i64 0, i64 %t
  %e1 = getelementptr i8, ptr %e0, i64 8
  %through.instructions = load i32, ptr %e1
  %constant.gep = load i32, ptr addrspacecast (ptr addrspace(3) getelementptr inbounds ([64 x i32], ptr addrspace(3) @sh, i64 0, i64 5) to ptr)
  %e2 = getelementptr i32, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 16), i64 %t
  %constant.inside = load i32, ptr %e2
  ret void
}

; CHECK-LABEL: affine of @opaque_bases
; CHECK-NEXT:    load %pointer: base %pp offset 0 uniform
; CHECK-NEXT:    load %through.loaded: base %pointer offset 8 varying
; CHECK-NEXT:    load %through.phi: base %merged offset 4 varying
define ptx_kernel void @opaque_bases(ptr %pp, ptr %a, ptr %b, i1 %c) {
entry:
  %pointer = load ptr, ptr %pp
  %l0 = getelementptr i8, ptr %pointer, i64 8
  %through.loaded = load i32, ptr %l0
  br i1 %c, label %left, label %join
left:
  br label %join
join:
  %merged = phi ptr [ %a, %entry ], [ %b, %left ]
  %m0 = getelementptr i32, ptr %merged, i64 1
  %through.phi = load i32, ptr %m0
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
