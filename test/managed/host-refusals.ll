; What ferry-managed-variables refuses on a host module, each one error at
; the declaration's line (the annotation's file and line, no debug
; information needed; opt stops at the first, clang reports each:
; test/ferry-cc/nvcc-managed.test):
; - a variable with an offloading entry (-fgpu-rdc: nvcc's -rdc=true, -dc),
;   which clang-linker-wrapper would register with HIP's arguments;
; - a variable whose address is in another global's initializer (which
;   nvcc makes a dynamic initializer): host-refusal-initializer.ll.
; RUN: not %opt -passes=ferry-managed-variables -disable-output %s 2>&1 | FileCheck --check-prefix=RDC %s
; RDC: error: input.cu:3:0: {{.*}}__managed__ variable 'linked' under separate compilation (-rdc=true, -dc) is not supported by ferry-cc
;
; A host module that registers no device code (clang's host-only compile
; without a device binary) has nothing to register: left as written.
; RUN: sed -e '/^define internal void @__cuda_register_globals/,/^}/d' -e '/offloading.entry.linked/d' -e 's/^@where = .*//' %s \
; RUN:   | %opt -passes=ferry-managed-variables -S | FileCheck --check-prefix=NONE %s
; NONE: @pointed = internal global i32 undef
; NONE: store i32 1, ptr @pointed

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }

@linked = dso_local global i32 undef, align 4
@pointed = internal global i32 undef, align 4
@where = global ptr @pointed, align 8
@.str = private unnamed_addr constant [23 x i8] c"ferry.managed_variable\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [9 x i8] c"input.cu\00", section "llvm.metadata"
@0 = private unnamed_addr constant [8 x i8] c"pointed\00", align 1
@.offloading.entry_name = internal unnamed_addr constant [7 x i8] c"linked\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry.linked = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @linked, ptr @.offloading.entry_name, i64 4, i64 0, ptr null }, section "llvm_offload_entries", align 8
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @linked, ptr @.str, ptr @.str.1, i32 3, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @pointed, ptr @.str, ptr @.str.1, i32 4, ptr null }], section "llvm.metadata"

define void @host() {
  store i32 1, ptr @pointed, align 4
  store i32 2, ptr @linked, align 4
  ret void
}

define internal void @__cuda_register_globals(ptr %0) {
  call void @__cudaRegisterVar(ptr %0, ptr @pointed, ptr @0, ptr @0, i32 0, i64 4, i32 0, i32 0)
  ret void
}

declare void @__cudaRegisterVar(ptr, ptr, ptr, ptr, i32, i64, i32, i32)
