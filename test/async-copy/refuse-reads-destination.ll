; The thread reads the destination (or what may be the destination: another
; element of the same shared array) between the copy and the barrier: with
; cp.async the read would see the old value. The copy stays as it is.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@dyn = external addrspace(3) global [0 x i32], align 4
@dyn2 = external addrspace(3) global [0 x i32], align 4

; sh[i] = g[i]; out[i] = sh[i]; __syncthreads();
define ptx_kernel void @same_element(ptr noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %r = load i32, ptr %dst, align 4
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %r, ptr %o, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @same_element(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    %r = load i32, ptr %dst, align 4
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; Another element of the same array, read on one path only.
define ptx_kernel void @other_element_on_a_path(ptr noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out, i1 %c) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  br i1 %c, label %peek, label %sync

peek:
  %r = load i32, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @sh, i64 1020), align 4
  store i32 %r, ptr %out, align 4
  br label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @other_element_on_a_path(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; Two extern __shared__ arrays are the same dynamic buffer.
define ptx_kernel void @dynamic_shared(ptr noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @dyn to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %other = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @dyn2 to ptr), i64 %idx
  %r = load i32, ptr %other, align 4
  store i32 %r, ptr %out, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @dynamic_shared(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    %other = getelementptr
; CHECK-NEXT:    %r = load i32, ptr %other, align 4
; CHECK-NOT:     cp.async

; REMARK-COUNT-3: remark: <unknown>:0:0: not converted: the thread may read the destination before the barrier
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
