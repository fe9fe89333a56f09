; The cost model leaves a copy alone when the compute after its barrier
; re-reads the destination buffer heavily: in a loop, or many times over
; (8 times the bytes copied, here). The copy stays a plain load and store,
; with a remark that says why and how to convert anyway; with
; -ferry-cost-model=false both copies are converted.
;
; The copies write sh[255 - i]: the threads' elements are not contiguous in
; threadIdx.x, so the block-collective form does not apply.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -passes=ferry-async-copy -ferry-cost-model=false -S %s -o %t.forced.ll
; RUN: FileCheck --check-prefix=FORCED %s < %t.forced.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.forced.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.forced.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x float] poison, align 4

define ptx_kernel void @loop_reads(ptr noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw float, ptr %g, i64 %idx
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %loop

loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %k
  %x = load float, ptr %p, align 4
  %acc.next = fadd float %acc, %x
  %k.next = add nuw nsw i64 %k, 1
  %done = icmp eq i64 %k.next, 256
  br i1 %done, label %exit, label %loop

exit:
  %o = getelementptr inbounds nuw float, ptr %out, i64 %idx
  store float %acc.next, ptr %o, align 4
  ret void
}

define ptx_kernel void @many_reads(ptr noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw float, ptr %g, i64 %idx
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x0 = load float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @sh, i64 0), align 4
  %x1 = load float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @sh, i64 4), align 4
  %x2 = load float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @sh, i64 8), align 4
  %x3 = load float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @sh, i64 12), align 4
  %x4 = load float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @sh, i64 16), align 4
  %x5 = load float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @sh, i64 20), align 4
  %x6 = load float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @sh, i64 24), align 4
  %x7 = load float, ptr addrspace(3) getelementptr inbounds nuw (i8, ptr addrspace(3) @sh, i64 28), align 4
  %s1 = fadd float %x0, %x1
  %s2 = fadd float %s1, %x2
  %s3 = fadd float %s2, %x3
  %s4 = fadd float %s3, %x4
  %s5 = fadd float %s4, %x5
  %s6 = fadd float %s5, %x6
  %s7 = fadd float %s6, %x7
  %o = getelementptr inbounds nuw float, ptr %out, i64 %idx
  store float %s7, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @loop_reads(
; CHECK-NOT:     cp.async
; CHECK:         %v = load float, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store float %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-LABEL: define ptx_kernel void @many_reads(
; CHECK-NOT:     cp.async
; CHECK:         %v = load float, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store float %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async

; REMARK:      remark: <unknown>:0:0: not converted: cost model: a loop reads the destination buffer after the barrier (shared-memory-bound compute, as in a tiled matrix product, where a single-stage asynchronous copy measured slower and only a pipelined ring of 16-byte chunks pays; -ferry-cost-model=false converts anyway){{$}}
; REMARK-NEXT: remark: <unknown>:0:0: not converted: cost model: each thread reads 8 times as many bytes of the destination buffer as it copies, after the barrier
; REMARK-NOT:  remark:

; FORCED-LABEL: define ptx_kernel void @loop_reads(
; FORCED:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; FORCED-LABEL: define ptx_kernel void @many_reads(
; FORCED:         call void @llvm.nvvm.cp.async.ca.shared.global.4(

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
