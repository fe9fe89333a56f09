; The annotations are checked by whichever ferry pass runs first, alone or
; in a pipeline, and reported once a module: the pass marks the module
; (!ferry.kernel_options.checked), and a module so marked is not reported
; again. The location is the file and line clang recorded for the
; annotation (no debug information here).
;
; RUN: not %opt -passes=ferry-lower,ferry-check-runtime-calls,ferry-pipeline,ferry-async-copy \
; RUN:   -disable-output %s 2>&1 | FileCheck --check-prefix=ERROR %s --implicit-check-not=error:
; RUN: not %opt -passes=ferry-async-copy -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=ERROR %s --implicit-check-not=error:
; RUN: not %opt -passes=ferry-pipeline -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=ERROR %s --implicit-check-not=error:
; RUN: not %opt -passes=ferry-check-runtime-calls -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=ERROR %s --implicit-check-not=error:
; A module already marked is not checked again: no error.
; RUN: sed -e 's/^;IN-MARKED: //' %s | %opt -passes=ferry-async-copy -S -o %t.marked.ll
; RUN: FileCheck --check-prefix=MARKED %s < %t.marked.ll
; A module whose annotations are fine is marked, and otherwise unchanged;
; the mark is accepted by llc and ptxas.
; RUN: sed -e 's/ferry:stages=3/ferry:stages=2/' %s | %opt -passes=ferry-lower -S -o %t.fine.ll
; RUN: FileCheck --check-prefix=FINE %s < %t.fine.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.fine.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.fine.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

; ERROR: error: kernel.cu:12:0: in function kernel void (ptr): annotate("ferry:stages=3"): the stages must be 1 (no pipelining), 2, 4, 8 or 16

; MARKED-LABEL: define ptx_kernel void @kernel(
; MARKED: !ferry.kernel_options.checked = !{}

; FINE-LABEL: define ptx_kernel void @kernel(
; FINE-NEXT:    store i32 0, ptr %out, align 4
; FINE-NEXT:    ret void
; FINE:       !ferry.kernel_options.checked = !{}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@.str = private unnamed_addr constant [15 x i8] c"ferry:stages=3\00", section "llvm.metadata"
@.file = private unnamed_addr constant [10 x i8] c"kernel.cu\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @kernel, ptr @.str, ptr @.file, i32 12, ptr null }], section "llvm.metadata"

define ptx_kernel void @kernel(ptr %out) #0 {
  store i32 0, ptr %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx80,+sm_80" }

;IN-MARKED: !ferry.kernel_options.checked = !{}
