; A phi or select has an address space when all its incoming pointers agree
; (undef and poison incoming values do not count); when they disagree, or
; one of them is unknown, it is unknown. A phi that feeds itself directly
; adds nothing new.
;
; RUN: %opt -passes=ferry-print-address-spaces -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@a = internal addrspace(3) global [256 x i32] poison, align 4
@b = internal addrspace(3) global [256 x i32] poison, align 4

; CHECK-LABEL: address spaces of @phis
; CHECK-NEXT:    load from %table: global
; CHECK-NEXT:    load from %both.global: global
; CHECK-NEXT:    load from %both.shared: shared
; CHECK-NEXT:    load from %mixed: unknown
; CHECK-NEXT:    load from %with.unknown: unknown
; CHECK-NEXT:    load from %with.poison: global
; CHECK-NEXT:    load from %nested: global
define ptx_kernel void @phis(ptr %g, ptr %h, ptr %table, i1 %c) {
entry:
  %unknown = load ptr, ptr %table, align 8
  br i1 %c, label %left, label %right

left:
  %g1 = getelementptr inbounds i32, ptr %g, i64 1
  br label %merge

right:
  %h1 = getelementptr inbounds i32, ptr %h, i64 2
  br label %merge

merge:
  %both.global = phi ptr [ %g1, %left ], [ %h1, %right ]
  %both.shared = phi ptr [ addrspacecast (ptr addrspace(3) @a to ptr), %left ], [ addrspacecast (ptr addrspace(3) @b to ptr), %right ]
  %mixed = phi ptr [ %g1, %left ], [ addrspacecast (ptr addrspace(3) @b to ptr), %right ]
  %with.unknown = phi ptr [ %g1, %left ], [ %unknown, %right ]
  %with.poison = phi ptr [ %g1, %left ], [ poison, %right ]
  br i1 %c, label %again, label %use

again:
  br label %use

use:
  %nested = phi ptr [ %both.global, %again ], [ %g, %merge ]
  %v1 = load i32, ptr %both.global, align 4
  %v2 = load i32, ptr %both.shared, align 4
  %v3 = load i32, ptr %mixed, align 4
  %v4 = load i32, ptr %with.unknown, align 4
  %v5 = load i32, ptr %with.poison, align 4
  %v6 = load i32, ptr %nested, align 4
  ret void
}

; CHECK-LABEL: address spaces of @selects
; CHECK-NEXT:    load from %both.global: global
; CHECK-NEXT:    store to %both.shared: shared
; CHECK-NEXT:    load from %mixed: unknown
; CHECK-NEXT:    load from %with.undef: shared
; CHECK-NEXT:    load from %of.selects: shared
; CHECK-NEXT:    load from %of.mixed: unknown
define ptx_kernel void @selects(ptr %g, ptr %h, i1 %c, i1 %d) {
entry:
  %both.global = select i1 %c, ptr %g, ptr %h
  %v = load i32, ptr %both.global, align 4
  %both.shared = select i1 %c, ptr addrspacecast (ptr addrspace(3) @a to ptr), ptr addrspacecast (ptr addrspace(3) @b to ptr)
  store i32 %v, ptr %both.shared, align 4
  %mixed = select i1 %c, ptr %g, ptr addrspacecast (ptr addrspace(3) @b to ptr)
  %w = load i32, ptr %mixed, align 4
  %with.undef = select i1 %d, ptr undef, ptr addrspacecast (ptr addrspace(3) @a to ptr)
  %x = load i32, ptr %with.undef, align 4
  %of.selects = select i1 %d, ptr %both.shared, ptr %with.undef
  %y = load i32, ptr %of.selects, align 4
  %of.mixed = select i1 %d, ptr %both.global, ptr %mixed
  %z = load i32, ptr %of.mixed, align 4
  ret void
}

; A phi that is its own incoming value on the back edge: the pointer does
; not change in the loop.
; CHECK-LABEL: address spaces of @self_phi
; CHECK-NEXT:    load from %p: global
; CHECK-NEXT:    store to %q: shared
define ptx_kernel void @self_phi(ptr %g, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %g, %entry ], [ %p, %loop ]
  %q = phi ptr [ addrspacecast (ptr addrspace(3) @a to ptr), %entry ], [ %q.other, %loop ]
  %q.other = phi ptr [ addrspacecast (ptr addrspace(3) @b to ptr), %entry ], [ %q, %loop ]
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %q, align 4
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
