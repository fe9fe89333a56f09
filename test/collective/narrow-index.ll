; unsigned or int index arithmetic is widened to 64 bits without a no-wrap
; flag (g[blockIdx.x * blockDim.x + threadIdx.x] with unsigned operands is
; `zext i32 (add i32 ...)`), so the threads' elements are contiguous only
; if the row's indices do not wrap. The check then also proves, at run
; time, that the row's first index (index - tid.x) plus ntid.x - 1 stays at
; or below the index type's largest value: unsigned (zext) or signed
; (sext). A destination index that may wrap is refused.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
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

@sh.unsigned = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 16
@sh.signed = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 16
@sh.destination = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 16

; __global__ void unsigned_index(const char *g, char *out) {
;   __shared__ char sh[1024];
;   sh[threadIdx.x] = g[blockIdx.x * blockDim.x + threadIdx.x];
;   __syncthreads();
;   out[threadIdx.x] = sh[threadIdx.x ^ 1];
; }
define dso_local ptx_kernel void @unsigned_index(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %block = mul i32 %ctaid, %ntid
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %block, %tid
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %i.wide
  %v = load i8, ptr %src, align 1, !tbaa !0
  %tid.wide = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.unsigned to ptr), i64 %tid.wide
  store i8 %v, ptr %dst, align 1, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tid, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.unsigned to ptr), i64 %other.wide
  %w = load i8, ptr %peer, align 1, !tbaa !0
  %o = getelementptr inbounds nuw i8, ptr %out, i64 %tid.wide
  store i8 %w, ptr %o, align 1, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @unsigned_index(
; CHECK-NOT:     load i8, ptr %src
; CHECK:         [[TIDX:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    [[TIDX64:%.*]] = zext i32 [[TIDX]] to i64
; CHECK-NEXT:    [[NTIDX:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:    [[NTIDX64:%.*]] = zext i32 [[NTIDX]] to i64
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK-NEXT:    [[T32:%.*]] = trunc i64 [[TIDX64]] to i32
; CHECK-NEXT:    %ferry.row.index = sub i32 %i, [[T32]]
; CHECK-NEXT:    [[N32:%.*]] = trunc i64 [[NTIDX64]] to i32
; CHECK-NEXT:    [[LAST:%.*]] = sub i32 [[N32]], 1
; CHECK-NEXT:    [[LIMIT:%.*]] = sub i32 -1, [[LAST]]
; CHECK-NEXT:    [[FITS:%.*]] = icmp ule i32 %ferry.row.index, [[LIMIT]]
; CHECK-NEXT:    %ferry.row.no.wrap = and i1 %ferry.aligned, [[FITS]]
; CHECK-NEXT:    br i1 %ferry.row.no.wrap, label %ferry.copy.chunked{{[0-9]*}}, label %ferry.copy.original{{[0-9]*}}
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK:       ferry.copy.original{{[0-9]*}}:
; CHECK-NEXT:    [[V:%.*]] = load i8, ptr %src, align 1
; CHECK-NEXT:    store i8 [[V]], ptr %dst, align 1
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; int arithmetic whose nsw did not survive: g[base * 256 + (int)threadIdx.x]
; as `sext i32 (add i32 ...)`.
define dso_local ptx_kernel void @signed_index(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %base) local_unnamed_addr #0 {
entry:
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = shl i32 %base, 8
  %i = add i32 %first, %tid
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds i8, ptr %g, i64 %i.wide
  %v = load i8, ptr %src, align 1, !tbaa !0
  %tid.wide = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.signed to ptr), i64 %tid.wide
  store i8 %v, ptr %dst, align 1, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tid, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.signed to ptr), i64 %other.wide
  %w = load i8, ptr %peer, align 1, !tbaa !0
  %o = getelementptr inbounds nuw i8, ptr %out, i64 %tid.wide
  store i8 %w, ptr %o, align 1, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @signed_index(
; CHECK-NOT:     load i8, ptr %src
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK-NEXT:    [[T32:%.*]] = trunc i64 {{%.*}} to i32
; CHECK-NEXT:    %ferry.row.index{{[0-9]*}} = sub i32 %i, [[T32]]
; CHECK-NEXT:    [[N32:%.*]] = trunc i64 {{%.*}} to i32
; CHECK-NEXT:    [[LAST:%.*]] = sub i32 [[N32]], 1
; CHECK-NEXT:    [[LIMIT:%.*]] = sub i32 2147483647, [[LAST]]
; CHECK-NEXT:    [[FITS:%.*]] = icmp sle i32 %ferry.row.index{{[0-9]*}}, [[LIMIT]]
; CHECK-NEXT:    %ferry.row.no.wrap{{[0-9]*}} = and i1 %ferry.aligned{{[0-9]*}}, [[FITS]]
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK:         ret void

; sh[base + threadIdx.x] = g[threadIdx.x] with unsigned arithmetic: the
; destination index may wrap, and the destination has no run-time check.
define dso_local ptx_kernel void @narrow_destination(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %base) local_unnamed_addr #0 {
entry:
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid.wide = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %tid.wide
  %v = load i8, ptr %src, align 1, !tbaa !0
  %j = add i32 %base, %tid
  %j.wide = zext i32 %j to i64
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.destination to ptr), i64 %j.wide
  store i8 %v, ptr %dst, align 1, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tid, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh.destination to ptr), i64 %other.wide
  %w = load i8, ptr %peer, align 1, !tbaa !0
  %o = getelementptr inbounds nuw i8, ptr %out, i64 %tid.wide
  store i8 %w, ptr %o, align 1, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @narrow_destination(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.
; CHECK:         %v = load i8, ptr %src, align 1
; CHECK:         store i8 %v, ptr %dst, align 1
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 1-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; the block-collective form does not apply: the destination index is a narrow integer that may wrap
; REMARK-NOT:  remark:

; PTX-LABEL: .entry unsigned_index(
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX-LABEL: .entry signed_index(
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX-LABEL: .entry narrow_destination(
; PTX-NOT:     cp.async

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"omnipotent char", !2, i64 0}
!2 = !{!"Simple C++ TBAA"}
