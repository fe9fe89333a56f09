; ferry-managed-variables on a device module: each variable nvcc_compat.h's
; __managed__ annotated ("ferry.managed_variable", in
; @llvm.global.annotations through an addrspacecast, as clang writes it)
; gets the nvvm.annotations entry "managed", which the NVPTX back end
; prints as nvcc does: `.global .attribute(.managed)`. A plain __device__
; variable, and a variable with another annotation, stay plain; a second
; run adds no second entry. The PTX assembles for sm_80 and sm_90a.
; RUN: %opt -passes=ferry-managed-variables -S %s -o %t.ll
; RUN: FileCheck --check-prefix=IR %s < %t.ll
; RUN: %opt -passes=ferry-managed-variables,ferry-managed-variables -S %s | FileCheck --check-prefix=IR %s
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
; Without the pass the variables are plain __device__ ones.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o - | FileCheck --check-prefix=PLAIN %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@nodes = dso_local addrspace(1) externally_initialized global i32 0, align 4
@arr = dso_local addrspace(1) externally_initialized global [8 x i32] [i32 1, i32 2, i32 3, i32 0, i32 0, i32 0, i32 0, i32 0], align 4
@plain = dso_local addrspace(1) externally_initialized global i32 0, align 4
@other = dso_local addrspace(1) externally_initialized global i32 0, align 4
@.str = private unnamed_addr constant [23 x i8] c"ferry.managed_variable\00", section "llvm.metadata"
@.str1 = private unnamed_addr constant [9 x i8] c"input.cu\00", section "llvm.metadata"
@.str2 = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr addrspacecast (ptr addrspace(1) @nodes to ptr), ptr @.str, ptr @.str1, i32 3, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr addrspacecast (ptr addrspace(1) @arr to ptr), ptr @.str, ptr @.str1, i32 4, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr addrspacecast (ptr addrspace(1) @other to ptr), ptr @.str2, ptr @.str1, i32 5, ptr null }], section "llvm.metadata"
@llvm.compiler.used = appending global [3 x ptr] [ptr addrspacecast (ptr addrspace(1) @arr to ptr), ptr addrspacecast (ptr addrspace(1) @nodes to ptr), ptr addrspacecast (ptr addrspace(1) @other to ptr)], section "llvm.metadata"

define ptx_kernel void @k(ptr noundef %p) {
  %a = load i32, ptr addrspacecast (ptr addrspace(1) getelementptr inbounds nuw (i8, ptr addrspace(1) @arr, i64 8) to ptr), align 4
  %n = load i32, ptr addrspacecast (ptr addrspace(1) @nodes to ptr), align 4
  %s = add i32 %n, %a
  store i32 %s, ptr addrspacecast (ptr addrspace(1) @nodes to ptr), align 4
  store i32 %s, ptr addrspacecast (ptr addrspace(1) @plain to ptr), align 4
  store i32 1, ptr %p, align 4
  ret void
}

; IR: !nvvm.annotations = !{![[N:[0-9]+]], ![[A:[0-9]+]]}
; IR-DAG: ![[N]] = !{ptr addrspace(1) @nodes, !"managed", i32 1}
; IR-DAG: ![[A]] = !{ptr addrspace(1) @arr, !"managed", i32 1}

; PTX-DAG: .visible .global .attribute(.managed) .align 4 .u32 nodes;
; PTX-DAG: .visible .global .attribute(.managed) .align 4 .b8 arr[32] = {1, 0, 0, 0, 2, 0, 0, 0, 3};
; PTX-DAG: .visible .global .align 4 .u32 plain;
; PTX-DAG: .visible .global .align 4 .u32 other;

; PLAIN-NOT: .attribute(.managed)
