; A memory fence between the copy and the barrier (__threadfence(),
; __threadfence_block(), an LLVM fence instruction from
; cuda::atomic_thread_fence): the fence orders this thread's accesses, and
; a pending cp.async would escape it. The copy stays as it is.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

define ptx_kernel void @threadfence(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.membar.gl()
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @threadfence(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.membar.gl()
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @threadfence_block(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.membar.cta()
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @threadfence_block(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.membar.cta()
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @fence_instruction(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  fence syncscope("device") acq_rel
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @fence_instruction(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    fence syncscope("device") acq_rel
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @fence_system(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  fence seq_cst
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @fence_system(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    fence seq_cst
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; CHECK-NOT:     cp.async

; REMARK-COUNT-4: remark: <unknown>:0:0: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.cta()
attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
