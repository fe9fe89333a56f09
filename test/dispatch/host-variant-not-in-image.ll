; The host half registers only variants that the embedded device code
; names (a cubin's string table, a PTX .entry): a kernel nothing converted
; keeps its one registration and its launch, and a remark says why; a name
; inside a longer identifier does not count. (Registering an absent variant
; would only make the runtime look for it in vain, an API error that
; compute-sanitizer reports.)
; RUN: %opt -passes=ferry-dispatch-host -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@0 = private unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", align 1
@1 = private unnamed_addr constant [10 x i8] c"_Z4fillPi\00", align 1
@image = private constant [69 x i8] c".entry _Z5scalePfPKf( .entry _Z5scalePfPKf__ferry( x_Z4fillPi__ferry\00", section ".nv_fatbin", align 8

; CHECK-LABEL: define i32 @_Z20__device_stub__scalePfPKf(
; CHECK: call i32 @ferry_dispatch_launch(
define i32 @_Z20__device_stub__scalePfPKf(i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfPKf, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}

; CHECK-LABEL: define i32 @_Z19__device_stub__fillPi(
; CHECK: %r = call i32 @cudaLaunchKernel(ptr @_Z19__device_stub__fillPi,
define i32 @_Z19__device_stub__fillPi(i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel(ptr @_Z19__device_stub__fillPi, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

; CHECK-LABEL: define internal void @__cuda_register_globals(
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf,
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf.ferry_variant,
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z19__device_stub__fillPi,
; CHECK-NEXT: ret void
define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %3 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z19__device_stub__fillPi, ptr @1, ptr @1, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)

; REMARK: remark: <unknown>:0:0: no variant in the device code this module embeds: launches run the kernel as written
; REMARK-NOT: remark
