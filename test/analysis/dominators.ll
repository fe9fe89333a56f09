; Immediate dominators over reverse postorder: the merge of a diamond is
; dominated by the block that splits, not by either arm; a loop header by
; the block before it, not by its latch. Blocks print in reverse postorder
; (successors are visited in order, so later arms come first, as in LLVM's
; ReversePostOrderTraversal).
;
; RUN: %opt -passes=ferry-print-dominators -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: dominators of @diamond
; CHECK-NEXT:    %entry: idom none
; CHECK-NEXT:    %else: idom %entry
; CHECK-NEXT:    %then: idom %entry
; CHECK-NEXT:    %merge: idom %entry
; CHECK-NOT:     unreachable
define void @diamond(i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  br label %merge
else:
  br label %merge
merge:
  ret void
}

; The header is entered from %pre and from %latch: its idom is %pre. The
; exit is reached from %header and from %body: its idom is %header.
; CHECK-LABEL: dominators of @loop
; CHECK-NEXT:    %entry: idom none
; CHECK-NEXT:    %pre: idom %entry
; CHECK-NEXT:    %header: idom %pre
; CHECK-NEXT:    %body: idom %header
; CHECK-NEXT:    %exit: idom %header
; CHECK-NEXT:    %latch: idom %body
define void @loop(i1 %c, i1 %d) {
entry:
  br label %pre
pre:
  br label %header
header:
  br i1 %c, label %body, label %exit
body:
  br i1 %d, label %latch, label %exit
latch:
  br label %header
exit:
  ret void
}

; Unnamed blocks print as the IR printer numbers them.
; CHECK-LABEL: dominators of @numbered
; CHECK-NEXT:    %1: idom none
; CHECK-NEXT:    %2: idom %1
; CHECK-NEXT:    %3: idom %2
define void @numbered(i32 %0) {
  br label %2
2:
  br label %3
3:
  ret void
}

; Declarations have no body and print nothing.
; CHECK-NOT: dominators of @declared
declare void @declared()
