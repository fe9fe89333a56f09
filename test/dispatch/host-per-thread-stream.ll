; Under --default-stream per-thread clang launches with
; cudaLaunchKernel_ptsz: the dispatch launches with it too, and a launch
; shape's trial records its events and asks whether the stream is being
; captured with the per-thread-stream calls (trial_launch's first argument,
; 1; its choice of calls is tested in runtime-measure-ptsz.c).
; RUN: %opt -passes=ferry-dispatch-host -S %s | FileCheck %s
; RUN: %opt -passes=ferry-dispatch-host -S %s | FileCheck --check-prefix=RUNTIME %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; RUNTIME-DAG: call i32 @cudaEventRecord_ptsz(
; RUNTIME-DAG: call i32 @cudaStreamIsCapturing_ptsz(
; CHECK-LABEL: define i32 @_Z20__device_stub__scalePfPKf(
; CHECK: %r = call i32 @ferry_dispatch_launch_ptsz(ptr @_Z20__device_stub__scalePfPKf.ferry_dispatch,
; CHECK: define internal {{.*}}i32 @ferry_dispatch_launch_ptsz(
; CHECK: call {{.*}}i32 @trial_launch(i32 {{.*}}1,
; CHECK: call i32 @cudaLaunchKernel_ptsz(
; CHECK-NOT: define {{.*}}@ferry_dispatch_launch(
define i32 @_Z20__device_stub__scalePfPKf(i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel_ptsz(ptr @_Z20__device_stub__scalePfPKf, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}
declare i32 @cudaLaunchKernel_ptsz(ptr, i64, i32, i64, i32, ptr, i64, ptr)

@0 = private unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", align 1

define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
