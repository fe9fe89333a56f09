; Local memory (allocas, generic or addrspace(5)), constant memory
; (addrspace(4)), kernel parameter space (addrspace(101)), atomics, and
; pointers the inference cannot see through (inttoptr, calls, other
; address spaces).
;
; RUN: %opt -passes=ferry-print-address-spaces -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@c = addrspace(4) externally_initialized global [4 x i32] zeroinitializer, align 4
@counter = internal addrspace(3) global i32 poison, align 4
@device_var = global i32 0, align 4

; CHECK-LABEL: address spaces of @spaces
; CHECK-NEXT:    store to %local: local
; CHECK-NEXT:    load from %local.elem: local
; CHECK-NEXT:    load from %private: local
; CHECK-NEXT:    load from %private.generic: local
; CHECK-NEXT:    load from @c: constant
; CHECK-NEXT:    load from %const.elem: constant
; CHECK-NEXT:    load from %param: param
; CHECK-NEXT:    load from @device_var: global
; CHECK-NEXT:    atomic on ptr addrspacecast (ptr addrspace(3) @counter to ptr): shared
; CHECK-NEXT:    atomic on %g: global
; CHECK-NEXT:    load from %from.int: unknown
; CHECK-NEXT:    load from %returned: unknown
; CHECK-NEXT:    load from %other.space: unknown
define ptx_kernel void @spaces(ptr %g, ptr addrspace(5) %private, ptr addrspace(101) %param, i64 %address, ptr addrspace(7) %other.space, i64 %i) {
entry:
  %local = alloca [4 x i32], align 4
  store i32 0, ptr %local, align 4
  %local.elem = getelementptr inbounds [4 x i32], ptr %local, i64 0, i64 %i
  %a = load i32, ptr %local.elem, align 4
  %b = load i32, ptr addrspace(5) %private, align 4
  %private.generic = addrspacecast ptr addrspace(5) %private to ptr
  %b2 = load i32, ptr %private.generic, align 4
  %c0 = load i32, ptr addrspace(4) @c, align 4
  %const.elem = getelementptr inbounds [4 x i32], ptr addrspacecast (ptr addrspace(4) @c to ptr), i64 0, i64 %i
  %c1 = load i32, ptr %const.elem, align 4
  %d = load i32, ptr addrspace(101) %param, align 4
  %e = load i32, ptr @device_var, align 4
  %old = atomicrmw add ptr addrspacecast (ptr addrspace(3) @counter to ptr), i32 1 monotonic, align 4
  %pair = cmpxchg ptr %g, i32 0, i32 1 monotonic monotonic, align 4
  %from.int = inttoptr i64 %address to ptr
  %f = load i32, ptr %from.int, align 4
  %returned = call ptr @get()
  %h = load i32, ptr %returned, align 4
  %k = load i32, ptr addrspace(7) %other.space, align 4
  ret void
}

declare ptr @get()
