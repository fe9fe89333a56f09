; 8-byte elements (double): with -ferry-collective=always the block's
; contiguous copies become 16-byte cp.async.cg chunks: row starts at
; dst/src - 8*tid.x, 8*ntid.x bytes a row, ntid.x/2 chunks, and the
; original copy as an i64 load and store in the fallback. (The default,
; auto, keeps the per-thread cp.async.ca.8 for an aligned 8-byte element.)
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
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

; CHECK: @sh = internal unnamed_addr addrspace(3) global [1024 x double] undef, align 16
@sh = internal unnamed_addr addrspace(3) global [1024 x double] undef, align 8

; __global__ void copy_double(const double *g, double *out) {
;   __shared__ double sh[1024];
;   int tx = threadIdx.x, bx = blockIdx.x, nx = blockDim.x;
;   sh[tx] = g[bx * nx + tx];
;   __syncthreads();
;   out[tx] = sh[tx ^ 1];
; }
define dso_local ptx_kernel void @copy_double(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %block = mul nuw nsw i32 %ctaid, %ntid
  %i = add nuw nsw i32 %block, %tid
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw double, ptr %g, i64 %i.wide
  %v = load double, ptr %src, align 8, !tbaa !0
  %tid.wide = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw double, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tid.wide
  store double %v, ptr %dst, align 8, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tid, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw double, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %other.wide
  %w = load double, ptr %peer, align 8, !tbaa !0
  %o = getelementptr inbounds nuw double, ptr %out, i64 %tid.wide
  store double %w, ptr %o, align 8, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @copy_double(
; CHECK-NOT:     load double, ptr %src
; CHECK:         [[TIDX64:%.*]] = zext i32 {{%.*}} to i64
; CHECK-NEXT:    [[NTIDX:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:    [[NTIDX64:%.*]] = zext i32 [[NTIDX]] to i64
; CHECK-NEXT:    [[SCALED:%.*]] = mul i64 [[TIDX64]], 8
; CHECK-NEXT:    [[BACK:%.*]] = sub i64 0, [[SCALED]]
; CHECK:         %ferry.row.dst = getelementptr i8, ptr addrspace(3) {{%.*}}, i64 [[BACK]]
; CHECK:         %ferry.row.src = getelementptr i8, ptr addrspace(1) {{%.*}}, i64 [[BACK]]
; CHECK-NEXT:    %ferry.row.bytes = mul i64 [[NTIDX64]], 8
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK-NEXT:    br i1 %ferry.aligned, label %[[CHUNKED:ferry.copy.chunked[0-9]*]], label %[[ORIGINAL:ferry.copy.original[0-9]*]]
; CHECK:       [[CHUNKED]]:
; CHECK-NEXT:    [[CHUNKS:%.*]] = lshr i64 %ferry.row.bytes, 4
; CHECK-NEXT:    icmp ult i64 [[TIDX64]], [[CHUNKS]]
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK:       [[ORIGINAL]]:
; CHECK-NEXT:    [[V:%.*]] = load i64, ptr %src, align 8
; CHECK-NEXT:    store i64 [[V]], ptr %dst, align 8
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted the block's 8-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements (the original copy stays as the fallback when a uniform alignment check fails); they complete before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry copy_double(
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-NOT:     cp.async
; PTX:         ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"double", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
