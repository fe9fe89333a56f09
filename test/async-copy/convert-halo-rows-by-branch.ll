; A 2-D stencil tile with halo rows: every thread copies row ty + 1; the
; thread with ty == 0 also writes row 0, the one with ty == 15 row 17. Their
; offsets differ by terms in ty of one sign only with ty fixed, which the
; branch that leads to each store does (ty == 0: 0 vs 64 bytes; ty == 15:
; 1088 vs 1024), so the copy converts. With `ty == 16` instead, row 17 is the
; thread's own copied row (16 + 1): refused.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [18 x [16 x float]] poison, align 4
@tile2 = internal addrspace(3) global [18 x [16 x float]] poison, align 4

define ptx_kernel void @halo_rows(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext nneg i32 %tx to i64
  %y = zext nneg i32 %ty to i64
  %row = add nuw nsw i64 %y, 1
  %flat = mul nuw nsw i64 %y, 16
  %index = add nuw nsw i64 %flat, %x
  %src = getelementptr inbounds nuw float, ptr %g, i64 %index
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %row, i64 %x
  store float %v, ptr %dst, align 4
  %first = icmp eq i32 %ty, 0
  br i1 %first, label %top, label %check_last

top:
  %top_dst = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %x
  store float 0.0, ptr %top_dst, align 4
  br label %check_last

check_last:
  %last = icmp ne i32 %ty, 15
  br i1 %last, label %sync, label %bottom

bottom:
  %bottom_dst = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 17, i64 %x
  store float 0.0, ptr %bottom_dst, align 4
  br label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @halo_rows(
; CHECK-NOT:     store float %v
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier

define ptx_kernel void @halo_row_is_own_row(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext nneg i32 %tx to i64
  %y = zext nneg i32 %ty to i64
  %row = add nuw nsw i64 %y, 1
  %flat = mul nuw nsw i64 %y, 16
  %index = add nuw nsw i64 %flat, %x
  %src = getelementptr inbounds nuw float, ptr %g, i64 %index
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @tile2 to ptr), i64 %row, i64 %x
  store float %v, ptr %dst, align 4
  %last = icmp eq i32 %ty, 16
  br i1 %last, label %bottom, label %sync

bottom:
  %bottom_dst = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @tile2 to ptr), i64 17, i64 %x
  store float 0.0, ptr %bottom_dst, align 4
  br label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @halo_row_is_own_row(
; CHECK:         store float %v, ptr %dst
; CHECK-NOT:     cp.async
; CHECK:         ret void
; REMARK: remark: <unknown>:0:0: not converted: the thread may write the destination again before the barrier

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" }
