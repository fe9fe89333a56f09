; Natural loops of back edges, nested: the inner loop's parent is the outer
; one (depth 2), blocks are listed header first in reverse postorder, an
; exit taken from the inner loop straight out of both loops makes that block
; exiting for both, and each loop has a preheader.
;
; RUN: %opt -passes=ferry-print-loops -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: loops of @nested
; CHECK-NEXT:    loop %outer depth 1 latches %outer.latch blocks %outer %inner.pre %inner %outer.latch %inner.body exiting %outer.latch %inner.body preheader %entry
; CHECK-NEXT:      iv %i start i32 0 step 1 nsw
; CHECK-NEXT:    loop %inner depth 2 latches %inner.body blocks %inner %inner.body exiting %inner %inner.body preheader %inner.pre
; CHECK-NEXT:      iv %j start i32 0 step 1 nsw nuw
; CHECK-NOT:     {{^ +loop }}
define void @nested(i32 %n, i1 %bail) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner.pre
inner.pre:
  br label %inner
inner:
  %j = phi i32 [ 0, %inner.pre ], [ %j.next, %inner.body ]
  %more = icmp slt i32 %j, %n
  br i1 %more, label %inner.body, label %outer.latch
inner.body:
  %j.next = add nuw nsw i32 %j, 1
  br i1 %bail, label %done, label %inner
outer.latch:
  %i.next = add nsw i32 %i, 1
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}

; Two loops side by side are both outermost. %first may branch back to
; itself, so it is no preheader of %second.
; CHECK-LABEL: loops of @siblings
; CHECK-NEXT:    loop %first depth 1 latches %first blocks %first exiting %first preheader %entry
; CHECK-NEXT:    loop %second depth 1 latches %second blocks %second exiting %second preheader none
define void @siblings(i1 %c, i1 %d) {
entry:
  br label %first
first:
  br i1 %c, label %first, label %second
second:
  br i1 %d, label %second, label %done
done:
  ret void
}

; A loop with no way out has no exiting block.
; CHECK-LABEL: loops of @forever
; CHECK-NEXT:    loop %spin depth 1 latches %spin blocks %spin exiting none preheader %entry
define void @forever() {
entry:
  br label %spin
spin:
  br label %spin
}
