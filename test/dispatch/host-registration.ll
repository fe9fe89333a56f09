; The host half registers each kernel's variants beside it: a second
; __cudaRegisterFunction with a host handle of its own and the device name
; followed by __ferry, right after the kernel's, a third for the variant
; whose ring takes its stages from the launch (__ferry_ring) and a fourth
; for the variant the rules alone leave aside (__ferry_trial), and a fifth
; for the kernel's second variant (__ferry_alt, which only a trial runs),
; and a sixth for its third entry (__ferry_ver, the versioning alone, which
; only a trial runs too): with no device code embedded to look in, all
; five (the runtime finds out which ones a device's image has).
; RUN: %opt -passes=ferry-dispatch-host -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@0 = private unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", align 1

; CHECK-DAG: @[[HANDLE:"?_Z20__device_stub__scalePfPKf.ferry_variant"?]] = internal global i8 0
; CHECK-DAG: @[[NAME:"?ferry.variant_name"?]] = private unnamed_addr constant [21 x i8] c"_Z5scalePfPKf__ferry\00"
; CHECK-DAG: @[[RING_HANDLE:"?_Z20__device_stub__scalePfPKf.ferry_ring_variant"?]] = internal global i8 0
; CHECK-DAG: @[[RING_NAME:"?ferry.ring_variant_name"?]] = private unnamed_addr constant [26 x i8] c"_Z5scalePfPKf__ferry_ring\00"
; CHECK-DAG: @[[TRIAL_HANDLE:"?_Z20__device_stub__scalePfPKf.ferry_trial_variant"?]] = internal global i8 0
; CHECK-DAG: @[[TRIAL_NAME:"?ferry.trial_variant_name"?]] = private unnamed_addr constant [27 x i8] c"_Z5scalePfPKf__ferry_trial\00"
; CHECK-DAG: @[[ALT_HANDLE:"?_Z20__device_stub__scalePfPKf.ferry_alt_variant"?]] = internal global i8 0
; CHECK-DAG: @[[ALT_NAME:"?ferry.alt_variant_name"?]] = private unnamed_addr constant [25 x i8] c"_Z5scalePfPKf__ferry_alt\00"
; CHECK-DAG: @[[VER_HANDLE:"?_Z20__device_stub__scalePfPKf.ferry_ver_variant"?]] = internal global i8 0
; CHECK-DAG: @[[VER_NAME:"?ferry.ver_variant_name"?]] = private unnamed_addr constant [25 x i8] c"_Z5scalePfPKf__ferry_ver\00"

define void @_Z20__device_stub__scalePfPKf(ptr %out, ptr %in) {
  ret void
}

; CHECK-LABEL: define internal void @__cuda_register_globals(
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @[[HANDLE]], ptr @[[NAME]], ptr @[[NAME]], i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @[[RING_HANDLE]], ptr @[[RING_NAME]], ptr @[[RING_NAME]], i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @[[TRIAL_HANDLE]], ptr @[[TRIAL_NAME]], ptr @[[TRIAL_NAME]], i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @[[ALT_HANDLE]], ptr @[[ALT_NAME]], ptr @[[ALT_NAME]], i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @[[VER_HANDLE]], ptr @[[VER_NAME]], ptr @[[VER_NAME]], i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
; CHECK-NEXT: ret void
define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
