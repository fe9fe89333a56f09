; A source in constant memory (__constant__, addrspace(4)), typed or made
; generic: cp.async reads only global memory, so the copy stays as it is.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x float] poison, align 4
@coefficients = addrspace(4) externally_initialized global [256 x float] zeroinitializer, align 4

; __constant__ float coefficients[256]; sh[i] = coefficients[i];
define ptx_kernel void @generic_constant() #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(4) @coefficients to ptr), i64 %idx
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @generic_constant(
; CHECK-NOT:     cp.async
; CHECK:         %v = load float, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store float %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @typed_constant() #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw float, ptr addrspace(4) @coefficients, i64 %idx
  %v = load float, ptr addrspace(4) %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspace(3) @sh, i64 %idx
  store float %v, ptr addrspace(3) %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @typed_constant(
; CHECK-NOT:     cp.async
; CHECK:         %v = load float, ptr addrspace(4) %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store float %v, ptr addrspace(3) %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async

; REMARK-COUNT-2: remark: <unknown>:0:0: not converted: the source is in constant memory; cp.async reads only global memory
; REMARK-NOT:     remark:

; PTX-LABEL: .entry generic_constant(
; PTX-NOT:     cp.async
; PTX:         ld.const.b32
; PTX:         st.shared.b32
; PTX-NOT:     cp.async

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
