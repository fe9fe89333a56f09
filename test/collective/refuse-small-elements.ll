; 1- and 2-byte elements (and under-aligned ones) have no per-thread
; cp.async: the block-collective form is their only way. When it does not
; apply either, the copy stays exactly as it was, with one missed remark
; that gives both reasons.
;
; (-ferry-alignment-test=false here: the prover's refusals as such; by default
; such copies are versioned on a run-time alignment test: alignment-test.ll.)
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -ferry-alignment-test=false -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh.char = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 16
@sh.short = internal unnamed_addr addrspace(3) global [2048 x i16] undef, align 16
@sh.float = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16

; if (tx < n) sh[tx] = g[tx];   (char)
define dso_local ptx_kernel void @char_divergent(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %in.range = icmp slt i32 %tx, %n
  %tx.wide = zext nneg i32 %tx to i64
  br i1 %in.range, label %copy, label %sync

copy:
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.char to ptr), i64 %tx.wide
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %tx.wide
  %v = load i8, ptr %src, align 1, !tbaa !0
  store i8 %v, ptr %dst, align 1, !tbaa !0
  br label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.char to ptr), i64 %other.wide
  %w = load i8, ptr %peer, align 1, !tbaa !0
  %o = getelementptr inbounds nuw i8, ptr %out, i64 %tx.wide
  store i8 %w, ptr %o, align 1, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @char_divergent(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.
; CHECK:       copy:
; CHECK-NEXT:    %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.char to ptr), i64 %tx.wide
; CHECK-NEXT:    %src = getelementptr inbounds nuw i8, ptr %g, i64 %tx.wide
; CHECK-NEXT:    %v = load i8, ptr %src, align 1
; CHECK-NEXT:    store i8 %v, ptr %dst, align 1
; CHECK-NEXT:    br label %sync
; CHECK:       sync:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; sh[2 * tx] = g[tx];   (short)
define dso_local ptx_kernel void @short_strided(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw i16, ptr %g, i64 %tx.wide
  %v = load i16, ptr %src, align 2, !tbaa !4
  %twice = shl nuw nsw i32 %tx, 1
  %twice.wide = zext nneg i32 %twice to i64
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @sh.short to ptr), i64 %twice.wide
  store i16 %v, ptr %dst, align 2, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %twice, 2
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @sh.short to ptr), i64 %other.wide
  %w = load i16, ptr %peer, align 2, !tbaa !4
  %o = getelementptr inbounds nuw i16, ptr %out, i64 %tx.wide
  store i16 %w, ptr %o, align 2, !tbaa !4
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @short_strided(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.
; CHECK:         %v = load i16, ptr %src, align 2
; CHECK-NEXT:    %twice = shl nuw nsw i32 %tx, 1
; CHECK-NEXT:    %twice.wide = zext nneg i32 %twice to i64
; CHECK-NEXT:    %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @sh.short to ptr), i64 %twice.wide
; CHECK-NEXT:    store i16 %v, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; A float known aligned only to 2 bytes (as from a packed struct), read
; through an index loaded from memory: sh[tx] = g[perm[tx]].
define dso_local ptx_kernel void @float_underaligned_gather(ptr noundef readonly captures(none) %g, ptr noundef readonly captures(none) %perm, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %perm.tx = getelementptr inbounds nuw i32, ptr %perm, i64 %tx.wide
  %j = load i32, ptr %perm.tx, align 4, !tbaa !6
  %j.wide = sext i32 %j to i64
  %src = getelementptr inbounds float, ptr %g, i64 %j.wide
  %v = load float, ptr %src, align 2, !tbaa !8
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.float to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.float to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !8
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %w, ptr %o, align 4, !tbaa !8
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @float_underaligned_gather(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.
; CHECK:         %v = load float, ptr %src, align 2
; CHECK-NEXT:    %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.float to ptr), i64 %tx.wide
; CHECK-NEXT:    store float %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: not converted: 1-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; the block-collective form does not apply: not every thread of the block reaches the copy
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; the block-collective form does not apply: the threads' elements are not contiguous in threadIdx.x
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 4-byte copy aligned only to 2 bytes; cp.async needs both addresses aligned to the copy size; the block-collective form does not apply: the source address varies across threads other than through threadIdx.x and threadIdx.y
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"omnipotent char", !2, i64 0}
!2 = !{!"Simple C++ TBAA"}
!4 = !{!5, !5, i64 0}
!5 = !{!"short", !1, i64 0}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !1, i64 0}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !1, i64 0}
