; A preheader is the header's one predecessor outside the loop, and the
; header must be its only successor. Two ways in, or a way in that could go
; elsewhere, leave the loop without one. An unreachable predecessor still
; feeds the header's phis, so it counts as a way in.
;
; RUN: %opt -passes=ferry-print-loops -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: loops of @two_entries
; CHECK-NEXT:    loop %header depth 1 latches %header blocks %header exiting %header preheader none
define void @two_entries(i1 %c, i1 %d) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %header
b:
  br label %header
header:
  br i1 %d, label %header, label %exit
exit:
  ret void
}

; %entry enters the loop or skips it: not a preheader.
; CHECK-LABEL: loops of @guarded_entry
; CHECK-NEXT:    loop %header depth 1 latches %header blocks %header exiting %header preheader none
define void @guarded_entry(i1 %c, i1 %d) {
entry:
  br i1 %c, label %header, label %exit
header:
  br i1 %d, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: loops of @dead_entry
; CHECK-NEXT:    loop %header depth 1 latches %header blocks %header exiting %header preheader none
define void @dead_entry(i1 %d) {
entry:
  br label %header
dead:
  br label %header
header:
  br i1 %d, label %header, label %exit
exit:
  ret void
}

; CHECK-LABEL: loops of @has_preheader
; CHECK-NEXT:    loop %header depth 1 latches %header blocks %header exiting %header preheader %pre
define void @has_preheader(i1 %c, i1 %d) {
entry:
  br i1 %c, label %pre, label %exit
pre:
  br label %header
header:
  br i1 %d, label %header, label %exit
exit:
  ret void
}
