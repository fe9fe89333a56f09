; A struct copy (a constant-size llvm.memcpy) is a copy site too; the
; printer names its destination, operand 0 of the memcpy.
;
; RUN: %opt -passes=ferry-print-consumer-barriers -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x <4 x float>] poison, align 16

; CHECK-LABEL: consumer barriers of @float4_struct
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.all in %entry{{$}}
define ptx_kernel void @float4_struct(ptr %in) {
entry:
  %src = getelementptr inbounds <4 x float>, ptr %in, i64 3
  %dst = getelementptr inbounds <4 x float>, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 5
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %dst, ptr align 16 %src, i64 16, i1 false)
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
