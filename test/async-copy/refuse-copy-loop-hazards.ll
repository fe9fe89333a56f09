; A copy in a loop with no barrier: nothing in the loop may write what may
; be the source (a later iteration's copy reads it), or synchronise by
; other means. Each stays as written, with a remark.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x float] undef, align 4

; out[p] = 0 in the loop: out may alias in, the source of a later iteration
define ptx_kernel void @writes_source(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %p.wide2 = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide2
  store float %v, ptr %dst, align 4
  %o = getelementptr inbounds float, ptr %out, i64 %p.wide
  store float 0.0, ptr %o, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @writes_source(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; a fence in the loop
define ptx_kernel void @fence_in_loop(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %p.wide2 = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide2
  store float %v, ptr %dst, align 4
  fence seq_cst
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @fence_in_loop(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; REMARK:      remark: <unknown>:0:0: not converted: a store that may alias the source stands between the copy and the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
