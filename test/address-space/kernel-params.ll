; A pointer parameter of a kernel (ptx_kernel) points to global memory: the
; host can pass nothing else. A parameter of any other function may point
; anywhere: unknown, unless its type says so.
;
; RUN: %opt -passes=ferry-print-address-spaces -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: address spaces of @kernel
; CHECK-NEXT:    load from %in: global
; CHECK-NEXT:    store to %out: global
; CHECK-NEXT:    load from %typed: global
define ptx_kernel void @kernel(ptr noalias %in, ptr %out, ptr addrspace(1) %typed) {
  %v = load i32, ptr %in, align 4
  store i32 %v, ptr %out, align 4
  %w = load i32, ptr addrspace(1) %typed, align 4
  ret void
}

; CHECK-LABEL: address spaces of @device_function
; CHECK-NEXT:    load from %in: unknown
; CHECK-NEXT:    store to %out: unknown
; CHECK-NEXT:    load from %typed: global
; CHECK-NEXT:    store to %shared: shared
define void @device_function(ptr %in, ptr %out, ptr addrspace(1) %typed, ptr addrspace(3) %shared) {
  %v = load i32, ptr %in, align 4
  store i32 %v, ptr %out, align 4
  %w = load i32, ptr addrspace(1) %typed, align 4
  store i32 %w, ptr addrspace(3) %shared, align 4
  ret void
}

; An old-style kernel, marked by !nvvm.annotations metadata, is upgraded to
; ptx_kernel when the module is read: its parameters are global too.
; CHECK-LABEL: address spaces of @annotated_kernel
; CHECK-NEXT:    load from %in: global
define void @annotated_kernel(ptr %in) {
  %v = load i32, ptr %in, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @annotated_kernel, !"kernel", i32 1}
