; The consumer barrier of a copy is the first CTA barrier after it; the
; search looks past instructions that are no hazard (address arithmetic,
; special registers, other shared variables) and stops at the first
; barrier: a later one is not a consumer.
;
; RUN: %opt -passes=ferry-print-consumer-barriers -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@other = internal addrspace(3) global [256 x i32] poison, align 4

; CHECK-LABEL: consumer barriers of @k
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.all in %entry{{$}}
; CHECK-NOT:     copy to
define ptx_kernel void @k(ptr %g) {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store i32 %ntid, ptr addrspace(3) @other, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = load i32, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; Unnamed values are named by their slot numbers, as opt prints them.
; CHECK-LABEL: consumer barriers of @unnamed
; CHECK-NEXT:    copy to %3: llvm.nvvm.barrier.cta.sync.aligned.all in %1{{$}}
define ptx_kernel void @unnamed(ptr %0) {
  %2 = load i32, ptr %0, align 4
  %3 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 7
  store i32 %2, ptr %3, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
