; sm_90a, a 2-D tile sh[ty][tx] = g[base + ty*ld + tx] (-ferry-collective=always):
; each row of threadIdx.y is its own bulk copy, issued by the row's first
; thread (tid.x == 0 && tid.z == 0: no tid.y == 0 term) after the row's
; uniform check, which keeps `row_bytes <= row_stride`. The mbarrier
; expects ntid.y arrivals, the first thread of each row.
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -ferry-bulk=auto -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [16 x [32 x float]] undef, align 4

define dso_local ptx_kernel void @tile_rows(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %ld) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %rows = shl i32 %ctaid, 4
  %first = mul i32 %rows, %ld
  %first.wide = zext i32 %first to i64
  %base = getelementptr inbounds nuw float, ptr %g, i64 %first.wide
  %row = mul nsw i32 %ld, %ty
  %i = add nsw i32 %row, %tx
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds float, ptr %base, i64 %i.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %ty.wide = zext nneg i32 %ty to i64
  %dst.row = getelementptr inbounds nuw [32 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %ty.wide
  %tx.wide = zext nneg i32 %tx to i64
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




declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_90a" "target-features"="+ptx80,+sm_90a" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}

; CHECK-LABEL: define dso_local ptx_kernel void @tile_rows(
; CHECK:       ferry.bulk.init:
; CHECK-NEXT:    [[NTIDY:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; CHECK-NEXT:    call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @ferry.mbarrier, i32 [[NTIDY]])
; CHECK:         %ferry.rows.apart = and i1 %ferry.aligned,
; CHECK-NEXT:    br i1 %ferry.rows.apart, label %ferry.copy.size, label %ferry.copy.original
; CHECK:       ferry.copy.bulk:
; CHECK-NEXT:    [[X0:%.*]] = icmp eq i64 {{%.*}}, 0
; CHECK-NEXT:    [[TIDZ:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; CHECK-NEXT:    [[TIDZ64:%.*]] = zext i32 [[TIDZ]] to i64
; CHECK-NEXT:    [[Z0:%.*]] = icmp eq i64 [[TIDZ64]], 0
; CHECK-NEXT:    [[LEAD:%.*]] = and i1 [[X0]], [[Z0]]
; CHECK-NEXT:    br i1 [[LEAD]], label %ferry.bulk.issue, label %ferry.join
; CHECK:       ferry.bulk.issue:
; CHECK:         call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(ptr addrspace(7) {{%.*}}, ptr addrspace(3) @ferry.mbarrier, ptr addrspace(1) %ferry.row.src, i32 %ferry.bulk.bytes,
; CHECK:         %ferry.row.leader = and i1
; CHECK:         call i64 @llvm.nvvm.mbarrier.arrive.scope.cta.space.cta(
; CHECK:         call i1 @llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta(

; REMARK:      remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies over each row of threadIdx.y to a cp.async.bulk of blockDim.x*4 bytes completed on an mbarrier when that is at least 128 bytes
; REMARK-NOT:  remark:

; PTX-LABEL: .entry tile_rows(
; PTX:         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
