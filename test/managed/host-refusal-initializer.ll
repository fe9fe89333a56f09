; ferry-managed-variables refuses a __managed__ variable whose address is
; in another global's initializer (`int *where = &pointed;` at file scope,
; which nvcc makes a dynamic initializer): the address exists only once
; the runtime has loaded the module. One error at the declaration's line;
; the registration is left as clang wrote it.
; RUN: not %opt -passes=ferry-managed-variables -disable-output %s 2>&1 | FileCheck %s
; CHECK: error: input.cu:4:0: {{.*}}__managed__ variable 'pointed': its address is used in the initializer of 'where', which ferry-cc cannot give
; An element's address, through a constant GEP, is named the same way.
; RUN: sed 's/^@where = global ptr @pointed/@where = global ptr getelementptr (i8, ptr @pointed, i64 4)/' %s \
; RUN:   | not %opt -passes=ferry-managed-variables -disable-output 2>&1 | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@pointed = internal global [2 x i32] undef, align 4
@where = global ptr @pointed, align 8
@.str = private unnamed_addr constant [23 x i8] c"ferry.managed_variable\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [9 x i8] c"input.cu\00", section "llvm.metadata"
@0 = private unnamed_addr constant [8 x i8] c"pointed\00", align 1
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @pointed, ptr @.str, ptr @.str.1, i32 4, ptr null }], section "llvm.metadata"

define void @host() {
  store i32 1, ptr @pointed, align 4
  ret void
}

define internal void @__cuda_register_globals(ptr %0) {
  call void @__cudaRegisterVar(ptr %0, ptr @pointed, ptr @0, ptr @0, i32 0, i64 8, i32 0, i32 0)
  ret void
}

declare void @__cudaRegisterVar(ptr, ptr, ptr, ptr, i32, i64, i32, i32)
