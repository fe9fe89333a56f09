; A load is uniform when its address is and the memory it reads cannot
; change while the kernel runs, as every thread of the block sees it:
; __constant__ memory (addrspace 4, here through a generic cast as clang
; emits it), a kernel's by-value struct parameter that the kernel only
; reads (clang 22 passes `struct Args a` as `ptr byval(%struct.Args)`), and
; a load marked !invariant.load (__ldg). A pointer loaded so is then a
; uniform base. Everything else stays varying: a by-value parameter the
; kernel writes (the backend gives each thread its own copy) or lets escape,
; a constant table read at a thread's index, global memory, a volatile
; load, and a device function's by-value parameter (its caller's copy).
;
; RUN: %opt -passes=ferry-print-affine -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Args = type { ptr, i32 }

@table = addrspace(4) externally_initialized constant [4 x ptr] zeroinitializer, align 8
@one = addrspace(4) externally_initialized constant ptr null, align 8

; CHECK-LABEL: affine of @byval_read_only
; CHECK-NEXT:    load %p: base %a offset 0 uniform
; CHECK-NEXT:    load %n: base %a offset 8 uniform
; CHECK-NEXT:    load %v: base %p offset {{.*}} uniform
define ptx_kernel void @byval_read_only(ptr byval(%struct.Args) align 8 %a) {
entry:
  %p = load ptr, ptr %a, align 8
  %n.at = getelementptr inbounds i8, ptr %a, i64 8
  %n = load i32, ptr %n.at, align 8
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i = add i32 %b, %n
  %w = zext i32 %i to i64
  %at = getelementptr float, ptr %p, i64 %w
  %v = load float, ptr %at, align 4
  ret void
}

; CHECK-LABEL: affine of @byval_memcpy_source
; CHECK-NEXT:    load %p: base %a offset 0 uniform
; CHECK-NEXT:    load %v: base %p offset 0 uniform
define ptx_kernel void @byval_memcpy_source(ptr byval(%struct.Args) align 8 %a, ptr %out) {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr %out, ptr %a, i64 16, i1 false)
  %p = load ptr, ptr %a, align 8
  %v = load float, ptr %p, align 4
  ret void
}

; CHECK-LABEL: affine of @byval_written
; CHECK-NEXT:    store to %n.at: base %a offset 8 uniform
; CHECK-NEXT:    load %p: base %a offset 0 uniform
; CHECK-NEXT:    load %v: base %p offset 0 varying
define ptx_kernel void @byval_written(ptr byval(%struct.Args) align 8 %a) {
entry:
  %n.at = getelementptr inbounds i8, ptr %a, i64 8
  store i32 0, ptr %n.at, align 8
  %p = load ptr, ptr %a, align 8
  %v = load float, ptr %p, align 4
  ret void
}

; CHECK-LABEL: affine of @byval_memcpy_destination
; CHECK-NEXT:    load %p: base %a offset 0 uniform
; CHECK-NEXT:    load %v: base %p offset 0 varying
define ptx_kernel void @byval_memcpy_destination(ptr byval(%struct.Args) align 8 %a, ptr %in) {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %in, i64 16, i1 false)
  %p = load ptr, ptr %a, align 8
  %v = load float, ptr %p, align 4
  ret void
}

; CHECK-LABEL: affine of @byval_escapes
; CHECK-NEXT:    load %p: base %a offset 0 uniform
; CHECK-NEXT:    load %v: base %p offset 0 varying
define ptx_kernel void @byval_escapes(ptr byval(%struct.Args) align 8 %a) {
entry:
  call void @opaque(ptr %a)
  %p = load ptr, ptr %a, align 8
  %v = load float, ptr %p, align 4
  ret void
}

; CHECK-LABEL: affine of @device_byval
; CHECK-NEXT:    load %p: base %a offset 0 varying
; CHECK-NEXT:    load %v: base %p offset 0 varying
define void @device_byval(ptr byval(%struct.Args) align 8 %a) {
entry:
  %p = load ptr, ptr %a, align 8
  %v = load float, ptr %p, align 4
  ret void
}

; CHECK-LABEL: affine of @constant_uniform
; CHECK-NEXT:    load %p: base @one offset 0 uniform
; CHECK-NEXT:    load %q: base @table offset {{.*}} uniform
; CHECK-NEXT:    load %v: base %p offset 0 uniform
; CHECK-NEXT:    load %w: base %q offset 0 uniform
define ptx_kernel void @constant_uniform(i32 %which) {
entry:
  %p = load ptr, ptr addrspacecast (ptr addrspace(4) @one to ptr), align 8
  %k = sext i32 %which to i64
  %q.at = getelementptr inbounds ptr, ptr addrspacecast (ptr addrspace(4) @table to ptr), i64 %k
  %q = load ptr, ptr %q.at, align 8
  %v = load float, ptr %p, align 4
  %w = load float, ptr %q, align 4
  ret void
}

; CHECK-LABEL: affine of @constant_varying_address
; CHECK-NEXT:    load %q: base @table offset {{.*}} varying
; CHECK-NEXT:    load %w: base %q offset 0 varying
define ptx_kernel void @constant_varying_address() {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %k = and i32 %t, 3
  %k.wide = zext i32 %k to i64
  %q.at = getelementptr inbounds ptr, ptr addrspace(4) @table, i64 %k.wide
  %q = load ptr, ptr addrspace(4) %q.at, align 8
  %w = load float, ptr %q, align 4
  ret void
}

; CHECK-LABEL: affine of @constant_volatile
; CHECK-NEXT:    load %p: base @one offset 0 uniform
; CHECK-NEXT:    load %v: base %p offset 0 varying
define ptx_kernel void @constant_volatile() {
entry:
  %p = load volatile ptr, ptr addrspace(4) @one, align 8
  %v = load float, ptr %p, align 4
  ret void
}

; CHECK-LABEL: affine of @global_and_invariant
; CHECK-NEXT:    load %p: base %g offset 0 uniform
; CHECK-NEXT:    load %q: base %g offset 8 uniform
; CHECK-NEXT:    load %v: base %p offset 0 varying
; CHECK-NEXT:    load %w: base %q offset 0 uniform
define ptx_kernel void @global_and_invariant(ptr %g) {
entry:
  %p = load ptr, ptr %g, align 8
  %q.at = getelementptr inbounds i8, ptr %g, i64 8
  %q = load ptr, ptr %q.at, align 8, !invariant.load !0
  %v = load float, ptr %p, align 4
  %w = load float, ptr %q, align 4
  ret void
}

!0 = !{}

declare void @opaque(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
