; With 32-bit shared pointers (nvptx -nvptx-short-ptr), offsets computed on
; them wrap at 32 bits, which the 64-bit offset does not model: the walk
; stops at such a GEP and makes it the base. GEPs on the generic pointer
; after the cast are still summed.
;
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck %s

target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [64 x i32] poison, align 4

; CHECK-LABEL: affine of @short
; CHECK-NEXT:    load %v: base %inner offset 4 uniform
; CHECK-NOT:     base @sh
define ptx_kernel void @short(i32 %i) {
entry:
  %inner = getelementptr i32, ptr addrspace(3) @sh, i32 %i
  %generic = addrspacecast ptr addrspace(3) %inner to ptr
  %outer = getelementptr i32, ptr %generic, i64 1
  %v = load i32, ptr %outer
  ret void
}
