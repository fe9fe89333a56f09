; A variant whose conversions the rules alone leave as written is named
; K__ferry_trial (dispatch.h): where the embedded device code names only
; that one, the host registers it alone (K__ferry, a prefix of its name,
; is not taken for present), and the kernel's record holds its handle in
; the trial variant's place, the others null; the runtime then runs it
; only where a trial timed it faster (dispatch_runtime.c). A registration
; of such a name is a variant's, never a kernel of its own.
; RUN: %opt -passes=ferry-dispatch-host -pass-remarks=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll \
; RUN:   2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@0 = private unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", align 1
@1 = private unnamed_addr constant [27 x i8] c"_Z5scalePfPKf__ferry_trial\00", align 1
@image = private constant [57 x i8] c".entry _Z5scalePfPKf( .entry _Z5scalePfPKf__ferry_trial(\00", section ".nv_fatbin", align 8

; CHECK-DAG: @[[TRIAL_HANDLE:"?_Z20__device_stub__scalePfPKf.ferry_trial_variant"?]] = internal global i8 0
; CHECK-DAG: @[[TRIAL_NAME:"?ferry.trial_variant_name"?]] = private unnamed_addr constant [27 x i8] c"_Z5scalePfPKf__ferry_trial\00"
; CHECK-DAG: @_Z20__device_stub__scalePfPKf.ferry_dispatch = internal global %struct.ferry_dispatch_kernel { ptr @_Z20__device_stub__scalePfPKf, ptr null, ptr null, ptr @[[TRIAL_HANDLE]], ptr @0, [32 x %struct.device_facts] zeroinitializer, ptr null, ptr null }
; CHECK-NOT: .ferry_variant =
; CHECK-NOT: @stray.ferry

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
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @[[TRIAL_HANDLE]], ptr @[[TRIAL_NAME]], ptr @[[TRIAL_NAME]],
; CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @stray, ptr @1, ptr @1,
; CHECK-NEXT: ret void
define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__scalePfPKf, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %3 = call i32 @__cudaRegisterFunction(ptr %0, ptr @stray, ptr @1, ptr @1, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)

; REMARK: remark: <unknown>:0:0: the variant _Z5scalePfPKf__ferry_trial is registered beside the kernel _Z5scalePfPKf; 1 launch here chooses per launch between them{{.*}}else the kernel as written; the variant whose copies the rules alone leave as written (__ferry_trial) runs only where its launch shape's trial timed it faster, the kernel as written wherever no trial decides (FERRY_DISPATCH=model, a graph capture, a shape past the trial's 16); where
; REMARK-NOT: remark
