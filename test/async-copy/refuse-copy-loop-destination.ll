; A copy in a loop with no barrier converts only when no two iterations
; can write one element (copy_loop.c): its offset must be c*p plus terms
; fixed in the loop, p a 32-bit header phi, |c| < 2^31. Here it is not:
; a masked index, a 64-bit counter (4*p may wrap), a header phi that does
; not move. Each stays as written, with a remark.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x float] undef, align 4

; s[p & 63] = in[p]: iterations p and p + 64 write one element with different bytes
define ptx_kernel void @masked_index(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %m = and i32 %p, 63
  %m.wide = zext nneg i32 %m to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %m.wide
  store float %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @masked_index(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; a 64-bit counter: 4*p wraps in 64 bits, so two counters might give one address
define ptx_kernel void @wide_counter(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid.wide = zext i32 %tid to i64
  %ntid.wide = zext i32 %ntid to i64
  br label %loop

loop:
  %p = phi i64 [ %tid.wide, %entry ], [ %p.next, %loop ]
  %src = getelementptr inbounds float, ptr %in, i64 %p
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p
  store float %v, ptr %dst, align 4
  %p.next = add i64 %p, %ntid.wide
  %more = icmp ult i64 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @wide_counter(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; s[p + k] = in[p], k a second counter: two terms move with the loop
define ptx_kernel void @two_counters(ptr noundef %out, ptr noundef readonly %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds float, ptr %in, i64 %p.wide
  %v = load float, ptr %src, align 4
  %pk = add nuw nsw i32 %p, %k
  %pk.wide = zext nneg i32 %pk to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %pk.wide
  store float %v, ptr %dst, align 4
  %k.next = add nuw nsw i32 %k, 1
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_counters(
; CHECK-NOT:     cp.async
; CHECK:         store float %v, ptr %dst, align 4

; REMARK-COUNT-3: remark: <unknown>:0:0: not converted: the copy can execute again before any barrier: it repeats in a loop with no barrier, to a destination that does not move with a 32-bit counter of the loop (two iterations might write one element while both are in flight)
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
