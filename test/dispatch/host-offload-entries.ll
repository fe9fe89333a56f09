; Under the new offload driver (-fgpu-rdc, --offload-new-driver) kernels
; have offloading entries, which clang-linker-wrapper registers at link
; time: each variant (K__ferry, K__ferry_ring, K__ferry_trial, K__ferry_alt,
; K__ferry_ver) gets an entry of its own
; (its handle, its name), a variable's entry none, and the launch is
; dispatched.
; RUN: %opt -passes=ferry-dispatch-host -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }

@.offloading.entry_name = internal unnamed_addr constant [14 x i8] c"_Z5scalePfPKf\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry._Z5scalePfPKf = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_Z20__device_stub__scalePfPKf, ptr @.offloading.entry_name, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@counter = global i32 0
@.offloading.entry_name.1 = internal unnamed_addr constant [8 x i8] c"counter\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry.counter = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @counter, ptr @.offloading.entry_name.1, i64 4, i64 0, ptr null }, section "llvm_offload_entries", align 8

; CHECK-DAG: @[[RING_NAME:.offloading.entry_name.ferry[.0-9]*]] = internal unnamed_addr constant [26 x i8] c"_Z5scalePfPKf__ferry_ring\00", section ".llvm.rodata.offloading"
; CHECK-DAG: @.offloading.entry._Z5scalePfPKf__ferry_ring = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_Z20__device_stub__scalePfPKf.ferry_ring_variant, ptr @[[RING_NAME]], i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
; CHECK-DAG: @[[TRIAL_NAME:.offloading.entry_name.ferry[.0-9]*]] = internal unnamed_addr constant [27 x i8] c"_Z5scalePfPKf__ferry_trial\00", section ".llvm.rodata.offloading"
; CHECK-DAG: @.offloading.entry._Z5scalePfPKf__ferry_trial = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_Z20__device_stub__scalePfPKf.ferry_trial_variant, ptr @[[TRIAL_NAME]], i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
; CHECK-DAG: @[[ALT_NAME:.offloading.entry_name.ferry[.0-9]*]] = internal unnamed_addr constant [25 x i8] c"_Z5scalePfPKf__ferry_alt\00", section ".llvm.rodata.offloading"
; CHECK-DAG: @.offloading.entry._Z5scalePfPKf__ferry_alt = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_Z20__device_stub__scalePfPKf.ferry_alt_variant, ptr @[[ALT_NAME]], i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
; CHECK-DAG: @[[VER_NAME:.offloading.entry_name.ferry[.0-9]*]] = internal unnamed_addr constant [25 x i8] c"_Z5scalePfPKf__ferry_ver\00", section ".llvm.rodata.offloading"
; CHECK-DAG: @.offloading.entry._Z5scalePfPKf__ferry_ver = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_Z20__device_stub__scalePfPKf.ferry_ver_variant, ptr @[[VER_NAME]], i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
; CHECK-DAG: @[[NAME:.offloading.entry_name.ferry[.0-9]*]] = internal unnamed_addr constant [21 x i8] c"_Z5scalePfPKf__ferry\00", section ".llvm.rodata.offloading"
; CHECK-DAG: @.offloading.entry._Z5scalePfPKf__ferry = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_Z20__device_stub__scalePfPKf.ferry_variant, ptr @[[NAME]], i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
; CHECK-NOT: counter__ferry
; CHECK-LABEL: define i32 @_Z20__device_stub__scalePfPKf(
; CHECK: call i32 @ferry_dispatch_launch(ptr @_Z20__device_stub__scalePfPKf.ferry_dispatch,
; CHECK: !llvm.offloading.symbols = !{!0, !1, !2, !3, !4, !5, !6}
; CHECK-DAG: = !{ptr @[[NAME]]}
; CHECK-DAG: = !{ptr @[[RING_NAME]]}
; CHECK-DAG: = !{ptr @[[TRIAL_NAME]]}
; CHECK-DAG: = !{ptr @[[ALT_NAME]]}
; CHECK-DAG: = !{ptr @[[VER_NAME]]}
define i32 @_Z20__device_stub__scalePfPKf(i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t) {
  %r = call i32 @cudaLaunchKernel(ptr @_Z20__device_stub__scalePfPKf, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %t)
  ret i32 %r
}
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

!llvm.offloading.symbols = !{!0, !1}
!0 = !{ptr @.offloading.entry_name}
!1 = !{ptr @.offloading.entry_name.1}
