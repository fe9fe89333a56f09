; -ferry-dispatch=never leaves the host module exactly as written: no
; variant registered, the launch stub's cudaLaunchKernel kept.
; The module is read from stdin so that its name (ModuleID, source_filename)
; is <stdin>, not the test's path, which may itself contain "ferry".
; RUN: %opt -passes=ferry-dispatch-host -ferry-dispatch=never -S < %s -o %t.never.ll
; RUN: %opt -S < %s -o %t.plain.ll
; RUN: diff %t.plain.ll %t.never.ll
; RUN: FileCheck %s < %t.never.ll
; And without it the module changes (the test is not vacuous).
; RUN: %opt -passes=ferry-dispatch-host -S %s | FileCheck --check-prefix=DISPATCH %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-NOT: ferry
; CHECK: call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfPKf,
; CHECK-NOT: ferry
; DISPATCH: call i32 @ferry_dispatch_launch(

define i32 @_Z20__device_stub__scalePfPKf(i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfPKf, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

@0 = private unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", align 1

define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
