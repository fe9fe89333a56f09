; ferry-optimize-variants inlines a variant's calls and simplifies it as
; -O2 would (its locals promoted, optnone and noinline gone); every other
; function, the kernel as written and the helper included, is left exactly
; as -O0 left it.
;
; RUN: %opt -passes=ferry-optimize-variants -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define internal i32 @helper(i32 %x) #0 {
  %slot = alloca i32, align 4
  store i32 %x, ptr %slot, align 4
  %v = load i32, ptr %slot, align 4
  %r = mul i32 %v, 3
  ret i32 %r
}

define ptx_kernel void @k(ptr %out, i32 %x) #0 {
  %r = call i32 @helper(i32 %x)
  store i32 %r, ptr %out, align 4
  ret void
}

define ptx_kernel void @k__ferry(ptr %out, i32 %x) #1 {
  %r = call i32 @helper(i32 %x)
  store i32 %r, ptr %out, align 4
  ret void
}

attributes #0 = { noinline optnone }
attributes #1 = { noinline optnone "ferry-variant" }

; CHECK-LABEL: define internal i32 @helper(
; CHECK-NEXT: alloca
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NEXT: call i32 @helper(
; CHECK-LABEL: define ptx_kernel void @k__ferry(
; CHECK-SAME: #[[VARIANT:[0-9]+]]
; CHECK-NOT: call
; CHECK-NOT: alloca
; CHECK: mul i32 %x, 3
; CHECK: ret void
; CHECK: attributes #[[VARIANT]] =
; CHECK-NOT: optnone
; CHECK-SAME: "ferry-variant"
