; -ferry-collective=auto|always|never decides when the block-collective
; form is used. auto (the default) uses it only where one thread's cp.async
; cannot move the element (1- and 2-byte or under-aligned elements) and
; keeps the per-thread cp.async elsewhere, saying nothing more; always uses
; it wherever it applies; never does not use it: 4-byte copies stay
; per-thread (with an analysis remark) and 1-byte copies are not converted
; at all.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.auto.ll 2>%t.auto.remarks
; RUN: FileCheck --check-prefix=AUTO %s < %t.auto.ll
; RUN: FileCheck --check-prefix=AUTO-REMARK %s < %t.auto.remarks
; RUN: %opt -ferry-lone-copy=false -ferry-collective=auto -passes=ferry-async-copy -S %s -o %t.auto2.ll
; RUN: diff %t.auto.ll %t.auto2.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.auto.ll -o %t.auto.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.auto.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.auto.ll -o %t.auto.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.auto.sm90a.ptx -o /dev/null
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -passes=ferry-async-copy -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.always.ll 2>%t.always.remarks
; RUN: FileCheck --check-prefix=ALWAYS %s < %t.always.ll
; RUN: FileCheck --check-prefix=ALWAYS-REMARK %s < %t.always.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.always.ll -o %t.always.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.always.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.always.ll -o %t.always.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.always.sm90a.ptx -o /dev/null
;
; (never with -ferry-alignment-test=false: the under-aligned copy as written;
; by default it is versioned on a run-time alignment test: alignment-test.ll.)
; RUN: %opt -ferry-lone-copy=false -ferry-collective=never -ferry-alignment-test=false -passes=ferry-async-copy -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.never.ll 2>%t.never.remarks
; RUN: FileCheck --check-prefix=NEVER %s < %t.never.ll
; RUN: FileCheck --check-prefix=NEVER-REMARK %s < %t.never.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.never.ll -o %t.never.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.never.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.never.ll -o %t.never.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.never.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh.aligned = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16
@sh.underaligned = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16
@sh.bytes = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 16

; sh[tx] = g[tx] (float)
define dso_local ptx_kernel void @aligned_float(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.aligned to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.aligned to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; AUTO-LABEL: define dso_local ptx_kernel void @aligned_float(
; AUTO-NOT:     ferry.copy
; AUTO:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; AUTO-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; AUTO-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; AUTO-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; AUTO-NOT:     cp.async
; AUTO:         ret void

; ALWAYS-LABEL: define dso_local ptx_kernel void @aligned_float(
; ALWAYS-NOT:     cp.async.ca
; ALWAYS:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; ALWAYS:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; ALWAYS:       ferry.copy.original{{[0-9]*}}:
; ALWAYS-NEXT:    load i32, ptr %src, align 4
; ALWAYS:         call void @llvm.nvvm.cp.async.commit.group()
; ALWAYS-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; ALWAYS-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; ALWAYS-NOT:     cp.async
; ALWAYS:         ret void

; NEVER-LABEL: define dso_local ptx_kernel void @aligned_float(
; NEVER-NOT:     ferry.copy
; NEVER:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; NEVER-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; NEVER-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; NEVER-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NEVER-NOT:     cp.async
; NEVER:         ret void

; The same copy with the source known aligned only to 2 bytes.
define dso_local ptx_kernel void @underaligned_float(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 2, !tbaa !0
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.underaligned to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.underaligned to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; AUTO-LABEL: define dso_local ptx_kernel void @underaligned_float(
; AUTO-NOT:     cp.async.ca
; AUTO:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; AUTO:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; AUTO:       ferry.copy.original{{[0-9]*}}:
; AUTO-NEXT:    [[V:%.*]] = load i32, ptr %src, align 2
; AUTO-NEXT:    store i32 [[V]], ptr %dst, align 2
; AUTO:         call void @llvm.nvvm.cp.async.commit.group()
; AUTO-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; AUTO-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; ALWAYS-LABEL: define dso_local ptx_kernel void @underaligned_float(
; ALWAYS:         call void @llvm.nvvm.cp.async.cg.shared.global.16(

; NEVER-LABEL: define dso_local ptx_kernel void @underaligned_float(
; NEVER-NOT:     cp.async
; NEVER-NOT:     ferry.
; NEVER:         %v = load float, ptr %src, align 2
; NEVER-NEXT:    %dst = getelementptr
; NEVER-NEXT:    store float %v, ptr %dst, align 4
; NEVER-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NEVER-NOT:     cp.async
; NEVER:         ret void

; sh[tx] = g[tx] (char)
define dso_local ptx_kernel void @bytes(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %tx.wide
  %v = load i8, ptr %src, align 1, !tbaa !4
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.bytes to ptr), i64 %tx.wide
  store i8 %v, ptr %dst, align 1, !tbaa !4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.bytes to ptr), i64 %other.wide
  %w = load i8, ptr %peer, align 1, !tbaa !4
  %o = getelementptr inbounds nuw i8, ptr %out, i64 %tx.wide
  store i8 %w, ptr %o, align 1, !tbaa !4
  ret void
}

; AUTO-LABEL: define dso_local ptx_kernel void @bytes(
; AUTO:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; AUTO:       ferry.copy.original{{[0-9]*}}:
; AUTO-NEXT:    [[V:%.*]] = load i8, ptr %src, align 1

; ALWAYS-LABEL: define dso_local ptx_kernel void @bytes(
; ALWAYS:         call void @llvm.nvvm.cp.async.cg.shared.global.16(

; NEVER-LABEL: define dso_local ptx_kernel void @bytes(
; NEVER-NOT:     cp.async
; NEVER-NOT:     ferry.
; NEVER:         %v = load i8, ptr %src, align 1
; NEVER-NEXT:    %dst = getelementptr
; NEVER-NEXT:    store i8 %v, ptr %dst, align 1
; NEVER-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; NEVER-NOT:     cp.async
; NEVER:         ret void

; AUTO-REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; AUTO-REMARK-NEXT: remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; AUTO-REMARK-NEXT: remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; AUTO-REMARK-NOT:  remark:

; ALWAYS-REMARK:      remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; ALWAYS-REMARK-NEXT: remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; ALWAYS-REMARK-NEXT: remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; ALWAYS-REMARK-NOT:  remark:

; NEVER-REMARK:      remark: <unknown>:0:0: per-thread cp.async: the block-collective form does not apply: off (-ferry-collective=never)
; NEVER-REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; NEVER-REMARK-NEXT: remark: <unknown>:0:0: not converted: 4-byte copy aligned only to 2 bytes; cp.async needs both addresses aligned to the copy size; the block-collective form does not apply: off (-ferry-collective=never)
; NEVER-REMARK-NEXT: remark: <unknown>:0:0: not converted: 1-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; the block-collective form does not apply: off (-ferry-collective=never)
; NEVER-REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{!2, !2, i64 0}
