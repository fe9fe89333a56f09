; A kernel converted two ways has a second variant, the alternative,
; K__ferry_alt (dispatch.h): where the embedded device code names it beside
; K__ferry, the host registers both, right after the kernel's, and the
; kernel's record holds the alternative's handle in its last field (after
; the per-device facts, before the versioning alone's), the ring's, the
; trial's and the versioning alone's null; the runtime runs it only where
; a trial of the kernel's entries timed it fastest
; (dispatch_runtime.c). K__ferry, a prefix of its name, is found on its
; own; a registration of such a name is a variant's, never a kernel's.
; RUN: %opt -passes=ferry-dispatch-host -pass-remarks=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll \
; RUN:   2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@0 = private unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", align 1
@1 = private unnamed_addr constant [25 x i8] c"_Z5scalePfPKf__ferry_alt\00", align 1
@image = private constant [84 x i8] c".entry _Z5scalePfPKf( .entry _Z5scalePfPKf__ferry( .entry _Z5scalePfPKf__ferry_alt(\00", section ".nv_fatbin", align 8

; CHECK-DAG: @[[HANDLE:"?_Z20__device_stub__scalePfPKf.ferry_variant"?]] = internal global i8 0
; CHECK-DAG: @[[ALT_HANDLE:"?_Z20__device_stub__scalePfPKf.ferry_alt_variant"?]] = internal global i8 0
; CHECK-DAG: @[[ALT_NAME:"?ferry.alt_variant_name"?]] = private unnamed_addr constant [25 x i8] c"_Z5scalePfPKf__ferry_alt\00"
; CHECK-DAG: @_Z20__device_stub__scalePfPKf.ferry_dispatch = internal global %struct.ferry_dispatch_kernel { ptr @_Z20__device_stub__scalePfPKf, ptr @[[HANDLE]], ptr null, ptr null, ptr @0, [32 x %struct.device_facts] zeroinitializer, ptr @[[ALT_HANDLE]], ptr null }
; CHECK-NOT: .ferry_ring_variant =
; CHECK-NOT: .ferry_trial_variant =
; CHECK-NOT: .ferry_ver_variant =

; CHECK-LABEL: define i32 @_Z20__device_stub__scalePfPKf(
; CHECK: call i32 @ferry_dispatch_launch(ptr @_Z20__device_stub__scalePfPKf.ferry_dispatch,
define i32 @_Z20__device_stub__scalePfPKf(i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfPKf, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

define void @stray() {
  ret void
}

; CHECK-LABEL: define internal void @__cuda_register_globals(
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0,
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @[[HANDLE]],
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @[[ALT_HANDLE]], ptr @[[ALT_NAME]], ptr @[[ALT_NAME]],
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @stray, ptr @1, ptr @1,
; CHECK-NEXT: ret void
define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %3 = call i32 @__cudaRegisterFunction(ptr %0, ptr @stray, ptr @1, ptr @1, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)

; REMARK: remark: <unknown>:0:0: the variants _Z5scalePfPKf__ferry and _Z5scalePfPKf__ferry_alt are registered beside the kernel _Z5scalePfPKf; {{.*}}; the second variant (__ferry_alt), the kernel converted another way, runs only where its launch shape's trial, of the kernel's entries, timed it fastest; where
; REMARK-NOT: remark
