; Blocks the entry cannot reach are "unreachable": they get no dominator,
; and an edge out of one does not change the dominators of reachable
; blocks (%join is dominated by %left alone: the edge from %dead does not
; make its idom %entry).
;
; RUN: %opt -passes=ferry-print-dominators -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: dominators of @dead_edge_into_reachable
; CHECK-NEXT:    %entry: idom none
; CHECK-NEXT:    %left: idom %entry
; CHECK-NEXT:    %join: idom %left
; CHECK-NEXT:    %dead: unreachable
; CHECK-NEXT:    %dead.loop: unreachable
; CHECK-NOT:     %dead{{.*}}: idom
define void @dead_edge_into_reachable() {
entry:
  br label %left
left:
  br label %join
dead:
  br label %join
join:
  ret void
dead.loop:
  br label %dead.loop
}
