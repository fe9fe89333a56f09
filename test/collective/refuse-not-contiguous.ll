; The chunks re-partition one contiguous range per row: each thread's
; element must sit size*threadIdx.x bytes into it, on both sides. With
; sh[tx] = g[2*tx] (source elements 8 bytes apart) or sh[2*tx] = g[tx]
; (destination elements 8 bytes apart) the threads' elements leave gaps, so
; the copy stays per-thread, with an analysis remark saying why.
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

@sh.a = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16
@sh.b = internal unnamed_addr addrspace(3) global [2048 x float] undef, align 16

; sh[tx] = g[2 * tx];
define dso_local ptx_kernel void @source_stride_2(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %twice = shl nuw nsw i32 %tx, 1
  %twice.wide = zext nneg i32 %twice to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %twice.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %tx.wide = zext nneg i32 %tx to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.a to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.a to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @source_stride_2(
; CHECK-NOT:     ferry.copy.chunked
; CHECK-NOT:     cp.async.cg
; CHECK:         %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.a to ptr), i64 %tx.wide
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; sh[2 * tx] = g[tx];
define dso_local ptx_kernel void @destination_stride_2(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %twice = shl nuw nsw i32 %tx, 1
  %twice.wide = zext nneg i32 %twice to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.b to ptr), i64 %twice.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %twice, 2
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.b to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @destination_stride_2(
; CHECK-NOT:     ferry.copy.chunked
; CHECK-NOT:     cp.async.cg
; CHECK:         %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.b to ptr), i64 %twice.wide
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: per-thread cp.async: the block-collective form does not apply: the threads' elements are not contiguous in threadIdx.x
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: per-thread cp.async: the block-collective form does not apply: the threads' elements are not contiguous in threadIdx.x
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry source_stride_2(
; PTX-NOT:     cp.async.cg
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry destination_stride_2(
; PTX-NOT:     cp.async.cg
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
