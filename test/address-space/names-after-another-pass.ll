; The printer names unnamed values by their slot numbers as opt prints
; them, also when it runs again after another pass has changed the
; function: here instcombine folds %3 away, so the numbers shift.
;
; RUN: %opt -passes='ferry-print-address-spaces,instcombine,ferry-print-address-spaces' \
; RUN:   -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: address spaces of @k
; CHECK-NEXT:    load from %4: global
; CHECK-NEXT:    store to %6: global
; CHECK-LABEL: address spaces of @k
; CHECK-NEXT:    load from %3: global
; CHECK-NEXT:    store to %5: global
define ptx_kernel void @k(ptr %0, i64 %1) {
  %3 = add i64 %1, 0
  %4 = getelementptr i32, ptr %0, i64 %3
  %5 = load i32, ptr %4, align 4
  %6 = getelementptr i32, ptr %0, i64 7
  store i32 %5, ptr %6, align 4
  ret void
}
