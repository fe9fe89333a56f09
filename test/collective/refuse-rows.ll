; Rows of threadIdx.y: the destination must place each row at a constant,
; positive distance (its row stride, checked at run time against the
; row's bytes), and source and destination must both depend on tid.y or
; both not. A destination row stride that is not a constant (a dynamic
; shared array indexed ty*ld + tx) and a destination that depends on tid.y
; while the source does not keep the per-thread form, with an analysis
; remark each.
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -passes=ferry-async-copy -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@dynamic = external dso_local addrspace(3) global [0 x float], align 4
@tile = internal unnamed_addr addrspace(3) global [16 x [32 x float]] undef, align 16

; extern __shared__ float dynamic[];
; dynamic[ty * ld + tx] = g[ty * ld + tx];
define dso_local ptx_kernel void @variable_row_stride(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %ld) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %row = mul nsw i32 %ty, %ld
  %i = add nsw i32 %row, %tx
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds float, ptr %g, i64 %i.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %dst = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @dynamic to ptr), i64 %i.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %i, 1
  %other.wide = sext i32 %other to i64
  %peer = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @dynamic to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %o = getelementptr inbounds float, ptr %out, i64 %i.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @variable_row_stride(
; CHECK-NOT:     ferry.copy.chunked
; CHECK-NOT:     cp.async.cg
; CHECK:         %dst = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @dynamic to ptr), i64 %i.wide
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; tile[ty][tx] = g[tx]: every row copies the same source into its own row.
define dso_local ptx_kernel void @source_without_rows(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %ty.wide = zext nneg i32 %ty to i64
  %dst.row = getelementptr inbounds nuw [32 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %ty.wide
  %dst = getelementptr inbounds nuw float, ptr %dst.row, i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %tr = and i32 %tx, 15
  %tr.wide = zext nneg i32 %tr to i64
  %peer.row = getelementptr inbounds nuw [32 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %tr.wide
  %peer = getelementptr inbounds nuw float, ptr %peer.row, i64 %ty.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %oi = shl nuw nsw i32 %ty, 5
  %oj = add nuw nsw i32 %oi, %tx
  %oj.wide = zext nneg i32 %oj to i64
  %o = getelementptr inbounds nuw float, ptr %out, i64 %oj.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @source_without_rows(
; CHECK-NOT:     ferry.copy.chunked
; CHECK-NOT:     cp.async.cg
; CHECK:         %dst = getelementptr inbounds nuw float, ptr %dst.row, i64 %tx.wide
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: per-thread cp.async: the block-collective form does not apply: the destination's row stride is not a positive constant
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: per-thread cp.async: the block-collective form does not apply: the rows of threadIdx.y would overlap in the destination
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry variable_row_stride(
; PTX-NOT:     cp.async.cg
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-LABEL: .entry source_without_rows(
; PTX-NOT:     cp.async.cg
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
