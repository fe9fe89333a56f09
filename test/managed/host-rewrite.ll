; ferry-managed-variables on a host module as clang writes it for
; ferry_compat.h's __managed__ (a __device__ variable annotated
; "ferry.managed_variable"): clang's __cudaRegisterVar of each annotated
; shadow becomes the CUDA runtime's __cudaRegisterManagedVar of a pointer
; (eight arguments, crt/host_runtime.h; clang's six-argument HIP
; declaration goes), the handle is saved for __cudaInitModule, and every
; use of the shadow (a constant GEP, a phi's incoming value, a call's
; argument) reads that pointer after ferry.managed_init. The shadow and its
; annotation go; a __device__ variable without the annotation and a
; kernel's ferry: annotation stay as written.
; RUN: %opt -passes=ferry-managed-variables -S %s | FileCheck %s
; RUN: %opt -passes=ferry-managed-variables -S %s | FileCheck --check-prefix=GONE \
; RUN:   --implicit-check-not='@nodes =' --implicit-check-not='@arr =' --implicit-check-not=ferry.managed_variable %s
; Run twice, the second finds nothing more to do.
; RUN: %opt -passes=ferry-managed-variables,ferry-managed-variables -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@nodes = internal global i32 undef, align 4
@arr = internal global [8 x i32] undef, align 16
@plain = internal global i32 undef, align 4
@.str = private unnamed_addr constant [23 x i8] c"ferry.managed_variable\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [9 x i8] c"input.cu\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [15 x i8] c"ferry:stages=4\00", section "llvm.metadata"
@0 = private unnamed_addr constant [6 x i8] c"nodes\00", align 1
@1 = private unnamed_addr constant [4 x i8] c"arr\00", align 1
@2 = private unnamed_addr constant [6 x i8] c"plain\00", align 1
@3 = private unnamed_addr constant [5 x i8] c"kern\00", align 1
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @nodes, ptr @.str, ptr @.str.1, i32 3, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @kern_stub, ptr @.str.2, ptr @.str.1, i32 9, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @arr, ptr @.str, ptr @.str.1, i32 4, ptr null }], section "llvm.metadata"

; GONE: @plain = internal global i32 undef
; CHECK-DAG: @plain = internal global i32 undef
; CHECK-DAG: @llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @kern_stub, ptr @.str.2, ptr @.str.1, i32 9, ptr null }], section "llvm.metadata"
; CHECK-DAG: @ferry.managed_handle = internal global ptr null
; CHECK-DAG: @ferry.managed_ready = internal global i8 0
; CHECK-DAG: @nodes.managed = internal global ptr null, align 8
; CHECK-DAG: @arr.managed = internal global ptr null, align 8

define void @kern_stub(ptr %p) {
  ret void
}

; CHECK-LABEL: define i32 @host(i1 %c)
define i32 @host(i1 %c) {
entry:
; CHECK: call void @ferry.managed_init()
; CHECK-NEXT: %[[N0:.+]] = load ptr, ptr @nodes.managed, align 8
; CHECK-NEXT: store i32 3, ptr %[[N0]]
  store i32 3, ptr @nodes, align 4
; CHECK-NEXT: call void @ferry.managed_init()
; CHECK-NEXT: %[[A0:.+]] = load ptr, ptr @arr.managed, align 8
; CHECK-NEXT: %[[GEP:.+]] = getelementptr inbounds nuw i8, ptr %[[A0]], i64 4
; CHECK-NEXT: store i32 5, ptr %[[GEP]]
  store i32 5, ptr getelementptr inbounds nuw (i8, ptr @arr, i64 4), align 4
; CHECK-NEXT: call void @ferry.managed_init()
; CHECK-NEXT: %[[A1:.+]] = load ptr, ptr @arr.managed, align 8
; CHECK-NEXT: call void @kern_stub(ptr %[[A1]])
  call void @kern_stub(ptr @arr)
; CHECK-NEXT: store i32 1, ptr @plain
; CHECK-NEXT: call void @ferry.managed_init()
; CHECK-NEXT: %[[N1:.+]] = load ptr, ptr @nodes.managed, align 8
; CHECK-NEXT: br i1 %c
  store i32 1, ptr @plain, align 4
  br i1 %c, label %left, label %join
; CHECK: left:
; CHECK-NEXT: call void @ferry.managed_init()
; CHECK-NEXT: %[[A2:.+]] = load ptr, ptr @arr.managed, align 8
; CHECK-NEXT: br label %join
left:
  br label %join
; CHECK: join:
; CHECK-NEXT: phi ptr [ %[[N1]], %entry ], [ %[[A2]], %left ]
join:
  %p = phi ptr [ @nodes, %entry ], [ @arr, %left ]
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; CHECK-LABEL: define internal void @__cuda_register_globals(ptr %0)
; CHECK-NEXT: call i32 @__cudaRegisterFunction(
; CHECK-NEXT: store ptr %0, ptr @ferry.managed_handle, align 8
; CHECK-NEXT: call void @__cudaRegisterManagedVar(ptr %0, ptr @nodes.managed, ptr @0, ptr @0, i32 0, i64 4, i32 0, i32 0)
; CHECK-NEXT: store ptr %0, ptr @ferry.managed_handle, align 8
; CHECK-NEXT: call void @__cudaRegisterManagedVar(ptr %0, ptr @arr.managed, ptr @1, ptr @1, i32 0, i64 32, i32 0, i32 0)
; CHECK-NEXT: call void @__cudaRegisterVar(ptr %0, ptr @plain, ptr @2, ptr @2, i32 0, i64 4, i32 0, i32 0)
; CHECK-NEXT: ret void
define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @kern_stub, ptr @3, ptr @3, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  call void @__cudaRegisterVar(ptr %0, ptr @nodes, ptr @0, ptr @0, i32 0, i64 4, i32 0, i32 0)
  call void @__cudaRegisterVar(ptr %0, ptr @arr, ptr @1, ptr @1, i32 0, i64 32, i32 0, i32 0)
  call void @__cudaRegisterVar(ptr %0, ptr @plain, ptr @2, ptr @2, i32 0, i64 4, i32 0, i32 0)
  ret void
}

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
declare void @__cudaRegisterVar(ptr, ptr, ptr, ptr, i32, i64, i32, i32)
declare void @__cudaRegisterManagedVar(ptr, ptr, ptr, ptr, i64, i32)

; CHECK: declare void @__cudaRegisterManagedVar(ptr, ptr, ptr, ptr, i32, i64, i32, i32)
; CHECK-LABEL: define internal void @ferry.managed_init()
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[READY:.+]] = load i8, ptr @ferry.managed_ready
; CHECK-NEXT: %[[LOADED:.+]] = icmp ne i8 %[[READY]], 0
; CHECK-NEXT: br i1 %[[LOADED]], label %done, label %load_module
; CHECK: load_module:
; CHECK-NEXT: %[[HANDLE:.+]] = load ptr, ptr @ferry.managed_handle
; CHECK-NEXT: %[[RESULT:.+]] = call i8 @__cudaInitModule(ptr %[[HANDLE]])
; CHECK-NEXT: store i8 %[[RESULT]], ptr @ferry.managed_ready
