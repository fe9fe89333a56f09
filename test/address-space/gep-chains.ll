; GEPs (instructions and constant expressions, of any element type, with
; variable or constant indices) keep the address space of their base.
;
; RUN: %opt -passes=ferry-print-address-spaces -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.tile = type { [16 x float], [16 x float] }

@tiles = internal addrspace(3) global [4 x %struct.tile] poison, align 4

; CHECK-LABEL: address spaces of @k
; CHECK-NEXT:    load from %elem: global
; CHECK-NEXT:    store to %field.elem: shared
; CHECK-NEXT:    load from %byte: global
; CHECK-NEXT:    store to ptr getelementptr inbounds nuw (i8, ptr getelementptr inbounds nuw ([4 x %struct.tile], ptr addrspacecast (ptr addrspace(3) @tiles to ptr), i64 0, i64 1), i64 64): shared
define ptx_kernel void @k(ptr %g, i64 %i, i64 %j) {
entry:
  %row = getelementptr inbounds float, ptr %g, i64 %i
  %col = getelementptr inbounds float, ptr %row, i64 %j
  %elem = getelementptr i8, ptr %col, i64 -4
  %v = load float, ptr %elem, align 4
  %tile = getelementptr inbounds nuw [4 x %struct.tile], ptr addrspacecast (ptr addrspace(3) @tiles to ptr), i64 0, i64 %i
  %field = getelementptr inbounds nuw %struct.tile, ptr %tile, i64 0, i32 1
  %field.elem = getelementptr inbounds nuw [16 x float], ptr %field, i64 0, i64 %j
  store float %v, ptr %field.elem, align 4
  %byte = getelementptr inbounds i8, ptr %g, i64 %j
  %b = load i8, ptr %byte, align 1
  %w = uitofp i8 %b to float
  store float %w, ptr getelementptr inbounds nuw (i8, ptr getelementptr inbounds nuw ([4 x %struct.tile], ptr addrspacecast (ptr addrspace(3) @tiles to ptr), i64 0, i64 1), i64 64), align 4
  ret void
}
