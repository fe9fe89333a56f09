; Induction variables: a header phi with one start value from outside the
; loop and, from every latch, the phi plus or minus a constant. The step is
; sign-extended (add -1 and sub 1 both step by -1), nsw and nuw of the
; increment are recorded, and the add may have the constant on either side.
;
; RUN: %opt -passes=ferry-print-loops -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: loops of @steps
; CHECK-NEXT:    loop %loop depth 1
; CHECK-NEXT:      iv %up start i32 0 step 4 nsw{{$}}
; CHECK-NEXT:      iv %down start %n step -1{{$}}
; CHECK-NEXT:      iv %sub start i32 100 step -3 nuw{{$}}
; CHECK-NEXT:      iv %commuted start i8 7 step 1 nsw nuw{{$}}
; CHECK-NEXT:      iv %wide.negative start i16 0 step -32768{{$}}
; CHECK-NOT:       {{^ +iv }}
define void @steps(i64 %n) {
entry:
  br label %loop
loop:
  %up = phi i32 [ 0, %entry ], [ %up.next, %loop ]
  %down = phi i64 [ %n, %entry ], [ %down.next, %loop ]
  %sub = phi i32 [ 100, %entry ], [ %sub.next, %loop ]
  %commuted = phi i8 [ 7, %entry ], [ %commuted.next, %loop ]
  %wide.negative = phi i16 [ 0, %entry ], [ %wide.negative.next, %loop ]
  %up.next = add nsw i32 %up, 4
  %down.next = add i64 %down, -1
  %sub.next = sub nuw i32 %sub, 3
  %commuted.next = add nuw nsw i8 1, %commuted
  %wide.negative.next = add i16 %wide.negative, -32768
  %done = icmp eq i64 %down.next, 0
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Not induction variables: a step that is not a constant, a multiply, a
; constant minus the phi, a phi whose latch value differs between latches,
; and a phi that is not in a header.
; CHECK-LABEL: loops of @not_induction
; CHECK-NEXT:    loop %loop depth 1
; CHECK-NOT:       {{^ +iv }}
; CHECK-LABEL: loops of @different_latch_values
define void @not_induction(i32 %step, i1 %c) {
entry:
  br label %loop
loop:
  %variable = phi i32 [ 0, %entry ], [ %variable.next, %latch ]
  %scaled = phi i32 [ 1, %entry ], [ %scaled.next, %latch ]
  %reflected = phi i32 [ 0, %entry ], [ %reflected.next, %latch ]
  %variable.next = add i32 %variable, %step
  %scaled.next = mul i32 %scaled, 2
  %reflected.next = sub i32 10, %reflected
  br i1 %c, label %left, label %right
left:
  br label %latch
right:
  br label %latch
latch:
  %merged = phi i32 [ 0, %left ], [ 1, %right ]
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; CHECK-NEXT:    loop %loop depth 1 latches %right %left
; CHECK-NOT:       {{^ +iv }}
define void @different_latch_values(i1 %c, i1 %d) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %by.one, %left ], [ %by.two, %right ]
  %by.one = add i32 %i, 1
  %by.two = add i32 %i, 2
  br i1 %c, label %left, label %right
left:
  br i1 %d, label %loop, label %exit
right:
  br label %loop
exit:
  ret void
}
