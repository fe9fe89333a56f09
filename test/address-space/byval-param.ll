; A kernel parameter passed by value (byval: a struct argument, or a
; __grid_constant__ one) is in the kernel's parameter space, not in global
; memory: a pointer to it is not global.
;
; RUN: %opt -passes=ferry-print-address-spaces -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S = type { [256 x i32] }

; CHECK-LABEL: address spaces of @by_value
; CHECK-NEXT:    load from %field: param
; CHECK-NEXT:    store to %out: global
define ptx_kernel void @by_value(ptr byval(%struct.S) align 4 %s, ptr %out, i64 %i) {
  %field = getelementptr inbounds nuw i32, ptr %s, i64 %i
  %v = load i32, ptr %field, align 4
  store i32 %v, ptr %out, align 4
  ret void
}
