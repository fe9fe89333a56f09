; A pointer loaded from memory is unknown: anything could have been stored
; there. The exception is a local variable that never escapes (every use of
; the alloca is a plain load from it or a plain store into it), which holds
; one of the values stored into it: at -O0 every kernel parameter lives in
; such a variable. All stored values must agree.
;
; RUN: %opt -passes=ferry-print-address-spaces -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@pointers = addrspace(1) global ptr null, align 8

; CHECK-LABEL: address spaces of @from_memory
; CHECK-NEXT:    load from %table: global
; CHECK-NEXT:    load from %p: unknown
; CHECK-NEXT:    load from ptr addrspacecast (ptr addrspace(1) @pointers to ptr): global
; CHECK-NEXT:    load from %q: unknown
define ptx_kernel void @from_memory(ptr %table) {
  %p = load ptr, ptr %table, align 8
  %v = load i32, ptr %p, align 4
  %q = load ptr, ptr addrspacecast (ptr addrspace(1) @pointers to ptr), align 8
  %w = load i32, ptr %q, align 4
  ret void
}

; What clang emits at -O0: each parameter is stored in an alloca and read
; back from it.
; CHECK-LABEL: address spaces of @at_O0
; CHECK-NEXT:    store to %g.addr: local
; CHECK-NEXT:    store to %s.addr: local
; CHECK-NEXT:    load from %g.addr: local
; CHECK-NEXT:    load from %arrayidx: global
; CHECK-NEXT:    load from %s.addr: local
; CHECK-NEXT:    store to %arrayidx2: shared
define ptx_kernel void @at_O0(ptr noundef %g) {
entry:
  %g.addr = alloca ptr, align 8
  %s.addr = alloca ptr, align 8
  store ptr %g, ptr %g.addr, align 8
  store ptr addrspacecast (ptr addrspace(3) @sh to ptr), ptr %s.addr, align 8
  %0 = load ptr, ptr %g.addr, align 8
  %arrayidx = getelementptr inbounds i32, ptr %0, i64 1
  %1 = load i32, ptr %arrayidx, align 4
  %2 = load ptr, ptr %s.addr, align 8
  %arrayidx2 = getelementptr inbounds i32, ptr %2, i64 1
  store i32 %1, ptr %arrayidx2, align 4
  ret void
}

; The variable's address escapes (passed to a call): unknown.
; CHECK-LABEL: address spaces of @escapes
; CHECK-NEXT:    store to %g.addr: local
; CHECK-NEXT:    load from %g.addr: local
; CHECK-NEXT:    load from %0: unknown
define ptx_kernel void @escapes(ptr noundef %g) {
entry:
  %g.addr = alloca ptr, align 8
  store ptr %g, ptr %g.addr, align 8
  call void @take(ptr %g.addr)
  %0 = load ptr, ptr %g.addr, align 8
  %1 = load i32, ptr %0, align 4
  ret void
}

; Stored values disagree (global, then shared): unknown. Stored values
; agree (two kernel parameters): global.
; CHECK-LABEL: address spaces of @reassigned
; CHECK-NEXT:    store to %p.addr: local
; CHECK-NEXT:    store to %p.addr: local
; CHECK-NEXT:    load from %p.addr: local
; CHECK-NEXT:    load from %0: unknown
; CHECK-NEXT:    store to %q.addr: local
; CHECK-NEXT:    store to %q.addr: local
; CHECK-NEXT:    load from %q.addr: local
; CHECK-NEXT:    load from %2: global
define ptx_kernel void @reassigned(ptr noundef %g, ptr noundef %h) {
entry:
  %p.addr = alloca ptr, align 8
  %q.addr = alloca ptr, align 8
  store ptr %g, ptr %p.addr, align 8
  store ptr addrspacecast (ptr addrspace(3) @sh to ptr), ptr %p.addr, align 8
  %0 = load ptr, ptr %p.addr, align 8
  %1 = load i32, ptr %0, align 4
  store ptr %g, ptr %q.addr, align 8
  store ptr %h, ptr %q.addr, align 8
  %2 = load ptr, ptr %q.addr, align 8
  %3 = load i32, ptr %2, align 4
  ret void
}

; The variable is read back through a volatile load, or written through a
; GEP of it: unknown.
; CHECK-LABEL: address spaces of @not_plain
; CHECK-NEXT:    store to %p.addr: local
; CHECK-NEXT:    load from %p.addr: local
; CHECK-NEXT:    load from %0: unknown
; CHECK-NEXT:    store to %q.addr: local
; CHECK-NEXT:    store to %q.slot: local
; CHECK-NEXT:    load from %q.addr: local
; CHECK-NEXT:    load from %2: unknown
define ptx_kernel void @not_plain(ptr noundef %g) {
entry:
  %p.addr = alloca ptr, align 8
  %q.addr = alloca ptr, align 8
  store ptr %g, ptr %p.addr, align 8
  %0 = load volatile ptr, ptr %p.addr, align 8
  %1 = load i32, ptr %0, align 4
  store ptr %g, ptr %q.addr, align 8
  %q.slot = getelementptr inbounds i8, ptr %q.addr, i64 0
  store ptr %g, ptr %q.slot, align 8
  %2 = load ptr, ptr %q.addr, align 8
  %3 = load i32, ptr %2, align 4
  ret void
}

declare void @take(ptr)
