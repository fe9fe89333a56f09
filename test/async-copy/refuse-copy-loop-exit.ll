; A copy in a loop with no barrier converts only when every path out of the
; loop reaches a barrier without entering the loop again: each stays as
; written, with a remark, where an outer loop runs the copy loop again
; before any barrier (its copies would then overlap the first run's), or
; where a path from the exit returns with no barrier.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x float] undef, align 4

; for (k = 0; k < n; k++) for (p = tid; p < 1024; p += blockDim.x) s[p] = in[k * 1024 + p];
; __syncthreads();
define ptx_kernel void @outer_loop_without_barrier(ptr noundef readonly %in, i32 %n) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %outer

outer:
  %k = phi i32 [ 0, %entry ], [ %k.next, %inner.exit ]
  %base = shl i32 %k, 10
  br label %loop

loop:
  %p = phi i32 [ %tid, %outer ], [ %p.next, %loop ]
  %i = add i32 %p, %base
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds float, ptr %in, i64 %i.wide
  %v = load float, ptr %src, align 4
  %p.wide = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %inner.exit

inner.exit:
  %k.next = add nuw nsw i32 %k, 1
  %again = icmp slt i32 %k.next, %n
  br i1 %again, label %outer, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @outer_loop_without_barrier(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4
; CHECK-NOT:     cp.async

; The loop's exit returns on one path with no barrier.
define ptx_kernel void @exit_returns(ptr noundef readonly %in, i1 %early) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  br i1 %early, label %done, label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %done

done:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @exit_returns(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4
; CHECK-NOT:     cp.async

; REMARK:      remark: <unknown>:0:0: not converted: the copy can execute again before any barrier{{$}}
; REMARK-NEXT: remark: <unknown>:0:0: not converted: a path from the copy returns without reaching a barrier
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
