; Only a back edge makes a loop: an edge t -> h where h dominates t. The
; cycle between %a and %b can be entered at either block, so neither
; dominates the other and there is no natural loop. Several back edges to
; one header make one loop with several latches.
;
; RUN: %opt -passes=ferry-print-loops -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: loops of @irreducible
; CHECK-NOT:     {{^ +loop }}
; CHECK-NOT:     {{^ +iv }}
; CHECK-LABEL: loops of @two_latches
define void @irreducible(i1 %c, i1 %d, i1 %e) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = phi i32 [ 0, %entry ], [ %y.next, %b ]
  %x.next = add i32 %x, 1
  br i1 %d, label %b, label %exit
b:
  %y = phi i32 [ 0, %entry ], [ %x.next, %a ]
  %y.next = add i32 %y, 1
  br i1 %e, label %a, label %exit
exit:
  ret void
}

; CHECK-NEXT:    loop %header depth 1 latches %right %left blocks %header %split %right %left exiting %header preheader %entry
; CHECK-NEXT:      iv %i start i64 0 step 1{{$}}
; CHECK-NOT:     {{^ +loop }}
define void @two_latches(i1 %c, i1 %d) {
entry:
  br label %header
header:
  %i = phi i64 [ 0, %entry ], [ %i.next, %left ], [ %i.next, %right ]
  %i.next = add i64 %i, 1
  br i1 %c, label %split, label %exit
split:
  br i1 %d, label %left, label %right
left:
  br label %header
right:
  br label %header
exit:
  ret void
}
