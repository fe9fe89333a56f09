; An element not aligned to its size on either side: cp.async needs both
; addresses aligned to the copy size, so the copy stays as it is (a packed
; struct's field, a float4 read from a float array).
;
; The copies write sh[255 - i]: the threads' elements are not contiguous in
; threadIdx.x, so the block-collective form does not apply and the per-thread
; form is the one under test.
;
; (-ferry-alignment-test=false here: the prover's refusals as such; by default
; such copies are versioned on a run-time alignment test: alignment-test.ll.)
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -ferry-alignment-test=false -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [1024 x float] poison, align 16

; 4-byte element, source aligned to 2.
define ptx_kernel void @int_source_align2(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 2
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @int_source_align2(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 2
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; 8-byte element, destination aligned to 4.
define ptx_kernel void @double_destination_align4(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw double, ptr %g, i64 %idx
  %v = load double, ptr %src, align 8
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store double %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @double_destination_align4(
; CHECK-NOT:     cp.async
; CHECK:         %v = load double, ptr %src, align 8
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store double %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; 16-byte element, both sides aligned to 4 (float4 over float arrays).
define ptx_kernel void @float4_align4(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw float, ptr %g, i64 %idx
  %v = load <4 x float>, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store <4 x float> %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @float4_align4(
; CHECK-NOT:     cp.async
; CHECK:         %v = load <4 x float>, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store <4 x float> %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; 16-byte element, source aligned to 8.
define ptx_kernel void @float4_source_align8(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw <4 x float>, ptr %g, i64 %idx
  %v = load <4 x float>, ptr %src, align 8
  %dst = getelementptr inbounds nuw <4 x float>, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store <4 x float> %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @float4_source_align8(
; CHECK-NOT:     cp.async
; CHECK:         %v = load <4 x float>, ptr %src, align 8
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store <4 x float> %v, ptr %dst, align 16
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async

; REMARK:      remark: <unknown>:0:0: not converted: 4-byte copy aligned only to 2 bytes; cp.async needs both addresses aligned to the copy size
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 8-byte copy aligned only to 4 bytes; cp.async needs both addresses aligned to the copy size
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 16-byte copy aligned only to 4 bytes; cp.async needs both addresses aligned to the copy size
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 16-byte copy aligned only to 8 bytes; cp.async needs both addresses aligned to the copy size
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
