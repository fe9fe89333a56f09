; A copy in a loop with no barrier converts only per thread: the
; block-collective form deals one copy's elements over the block's
; threads, which another iteration's copy would then have to match. 2-byte
; elements, which one thread's cp.async cannot move, stay as written, with
; a remark (in a copy that runs once, the collective form would take them).
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x i16] undef, align 16

; for (p = threadIdx.x; p < 1024; p += blockDim.x) s[p] = in[p];  (short)
define ptx_kernel void @two_bytes(ptr noalias noundef readonly align 16 captures(none) %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds nuw i16, ptr %in, i64 %p.wide
  %v = load i16, ptr %src, align 2
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store i16 %v, ptr %dst, align 2
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_bytes(
; CHECK-NOT:     cp.async
; CHECK:         store i16 %v, ptr %dst, align 2
; CHECK-NOT:     cp.async

; REMARK:     remark: <unknown>:0:0: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; a copy in a loop with no barrier converts only per thread
; REMARK-NOT: remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
