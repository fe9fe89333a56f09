; A launch whose handle is not a registered kernel's constant (a kernel
; pointer, say from another translation unit) keeps its cudaLaunchKernel:
; it runs the kernel as written. So does a launch of a function this module
; does not register.
; RUN: %opt -passes=ferry-dispatch-host -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define i32 @through_pointer(
; CHECK: %r = call i32 @cudaLaunchKernel(ptr %kernel, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
define i32 @through_pointer(ptr %kernel, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel(ptr %kernel, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}

; CHECK-LABEL: define i32 @unregistered(
; CHECK: %r = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__otherv, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
define i32 @unregistered(i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__otherv, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}

; The stub itself is dispatched.
; CHECK-LABEL: define i32 @_Z20__device_stub__scalePfPKf(
; CHECK: call i32 @ferry_dispatch_launch(
define i32 @_Z20__device_stub__scalePfPKf(i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfPKf, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}
declare void @_Z20__device_stub__otherv()
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

@0 = private unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", align 1

define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
