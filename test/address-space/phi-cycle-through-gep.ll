; A loop-carried pointer: the phi's back-edge value is a GEP of the phi
; itself (for (p = g; ...; p += stride)). The cycle adds no new address
; space, so the phi is global. The same holds where one value is reached
; twice without a cycle (a select of a pointer and a GEP of it).
;
; RUN: %opt -passes=ferry-print-address-spaces -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

; CHECK-LABEL: address spaces of @pointer_induction
; CHECK-NEXT:    load from %p: global
; CHECK-NEXT:    store to %q: shared
define ptx_kernel void @pointer_induction(ptr %g, i64 %n) {
entry:
  br label %loop

loop:
  %p = phi ptr [ %g, %entry ], [ %p.next, %loop ]
  %q = phi ptr [ addrspacecast (ptr addrspace(3) @sh to ptr), %entry ], [ %q.next, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %q, align 4
  %p.next = getelementptr inbounds i32, ptr %p, i64 256
  %q.next = getelementptr inbounds i32, ptr %q, i64 1
  %i.next = add i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

; CHECK-LABEL: address spaces of @reconverging
; CHECK-NEXT:    load from %either: global
define ptx_kernel void @reconverging(ptr %g, i1 %c, i1 %d) {
entry:
  %s = select i1 %c, ptr %g, ptr %g
  %next = getelementptr inbounds i32, ptr %s, i64 1
  %either = select i1 %d, ptr %s, ptr %next
  %v = load i32, ptr %either, align 4
  ret void
}
