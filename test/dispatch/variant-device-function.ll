; Under the dispatch a device function that is not a kernel stays as
; written, though it copies: the kernel as written calls it too (it is
; converted where it is inlined into a kernel's variant). The kernel,
; whose only copy is in the callee, gets no variant.
; RUN: %opt -ferry-lone-copy=false -passes=ferry-dispatch-variants,ferry-pipeline,ferry-async-copy,ferry-dispatch-finish \
; RUN:   -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.ptx
; RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null
; Without the dispatch's clones (ferry-async-copy alone) it is converted.
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -S %s | FileCheck --check-prefix=IN-PLACE %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

; CHECK-LABEL: define void @load_tile(
; CHECK-NOT: cp.async
; CHECK: ret void
; IN-PLACE-LABEL: define void @load_tile(
; IN-PLACE: call void @llvm.nvvm.cp.async.ca.shared.global.4(
define void @load_tile(ptr addrspace(1) noundef readonly %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr addrspace(1) %g, i64 %idx
  %v = load i32, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspace(3) @sh, i64 %rev
  store i32 %v, ptr addrspace(3) %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @kernel(
; CHECK-NOT: define ptx_kernel void @kernel__ferry(
define ptx_kernel void @kernel(ptr addrspace(1) noundef readonly %g) #0 {
entry:
  call void @load_tile(ptr addrspace(1) %g)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
