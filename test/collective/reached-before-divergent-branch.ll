; Every thread reaches a copy in the kernel's entry block, whatever the
; entry's own branch does afterwards: the stencil's interior row copy
; `tile[ty + 1][tx] = ...` before `switch (threadIdx.y)` (the halo rows)
; takes the block-collective form. A copy in a loop whose own branch
; decides per thread (some threads leave, others come back to it) is not
; reached by every thread on the later trips: it stays per-thread.
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -passes=ferry-async-copy -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [18 x [16 x float]] undef, align 16
@ring = internal unnamed_addr addrspace(3) global [256 x float] undef, align 16

define ptx_kernel void @entry_then_switch(ptr noundef readonly captures(none) %g, ptr noundef captures(none) %out) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %row = shl nuw nsw i32 %ty, 4
  %i = add nuw nsw i32 %row, %tx
  %i.64 = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %i.64
  %v = load float, ptr %src, align 4
  %ty1 = add nuw nsw i32 %ty, 1
  %ty1.64 = zext nneg i32 %ty1 to i64
  %tx.64 = zext nneg i32 %tx to i64
  %dst = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %ty1.64, i64 %tx.64
  store float %v, ptr %dst, align 4
  switch i32 %ty, label %sync [
    i32 0, label %top
  ]

top:
  %dst.top = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %tx.64
  store float 0.000000e+00, ptr %dst.top, align 4
  br label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @entry_then_switch(
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()

; for (j = 0; j < tx; j++) { ring[tx] = g[tx]; __syncthreads(); }  (a
; per-thread trip count: the copy is reached again by some threads only)
define ptx_kernel void @divergent_loop(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.64 = zext nneg i32 %tx to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @ring to ptr), i64 %tx.64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.64
  br label %loop

loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %v = load float, ptr %src, align 4
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %tx
  br i1 %more, label %loop, label %done

done:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @divergent_loop(
; CHECK-NOT:     cp.async.cg
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(

; REMARK:      remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over each row of threadIdx.y
; REMARK-NEXT: remark: <unknown>:0:0: per-thread cp.async: the block-collective form does not apply: not every thread of the block reaches the copy
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
