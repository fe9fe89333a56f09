; A 2-D tile, sh[ty][tx] = g[base + ty*ld + tx]: each row of threadIdx.y
; copies one contiguous range, so each row re-issues its own range as
; 16-byte chunks. The run-time check gains `row_bytes <= row_stride` (the
; destination's 128-byte rows of [32 x float]: a wider block would make the
; rows' chunks overlap), every row issues (no tid.y == 0 guard, only
; tid.z == 0), and the remark says "each row of threadIdx.y".
;
; RUN: %opt -ferry-collective=always -passes=ferry-async-copy -pass-remarks=ferry \
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

@tile = internal unnamed_addr addrspace(3) global [16 x [32 x float]] undef, align 4

; __global__ void tile(const float *g, float *out, int ld) {
;   __shared__ float sh[16][32];
;   int tx = threadIdx.x, ty = threadIdx.y;
;   const float *base = g + blockIdx.x * 16 * ld;
;   sh[ty][tx] = base[ty * ld + tx];
;   __syncthreads();
;   out[ty * 32 + tx] = sh[tx & 15][ty];
; }
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

; CHECK-LABEL: define dso_local ptx_kernel void @tile_rows(
; CHECK-NOT:     load float, ptr %src
; CHECK:         [[TIDX:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    [[TIDX64:%.*]] = zext i32 [[TIDX]] to i64
; CHECK:         [[SCALED:%.*]] = mul i64 [[TIDX64]], 4
; CHECK-NEXT:    [[BACK:%.*]] = sub i64 0, [[SCALED]]
; CHECK-NEXT:    [[DST3:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    %ferry.row.dst = getelementptr i8, ptr addrspace(3) [[DST3]], i64 [[BACK]]
; CHECK-NEXT:    [[SRC1:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    %ferry.row.src = getelementptr i8, ptr addrspace(1) [[SRC1]], i64 [[BACK]]
; CHECK-NEXT:    %ferry.row.bytes = mul i64 {{%.*}}, 4
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK-NEXT:    [[FITS:%.*]] = icmp ule i64 %ferry.row.bytes, 128
; CHECK-NEXT:    %ferry.rows.apart = and i1 %ferry.aligned, [[FITS]]
; CHECK-NEXT:    br i1 %ferry.rows.apart, label %[[CHUNKED:ferry.copy.chunked[0-9]*]], label %[[ORIGINAL:ferry.copy.original[0-9]*]]
; CHECK:       [[CHUNKED]]:
; CHECK-NEXT:    [[CHUNKS:%.*]] = lshr i64 %ferry.row.bytes, 4
; CHECK-NEXT:    [[INROW:%.*]] = icmp ult i64 [[TIDX64]], [[CHUNKS]]
; CHECK-NOT:     tid.y
; CHECK-NEXT:    [[TIDZ:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; CHECK-NEXT:    [[TIDZ64:%.*]] = zext i32 [[TIDZ]] to i64
; CHECK-NEXT:    [[PLANE0:%.*]] = icmp eq i64 [[TIDZ64]], 0
; CHECK-NEXT:    [[ISSUES:%.*]] = and i1 [[INROW]], [[PLANE0]]
; CHECK-NEXT:    br i1 [[ISSUES]], label %[[ISSUE:ferry.copy.issue[0-9]*]], label %[[JOIN:ferry.join[0-9]*]]
; CHECK:       [[ISSUE]]:
; CHECK-NEXT:    [[CHUNK:%.*]] = shl i64 [[TIDX64]], 4
; CHECK-NEXT:    [[TO:%.*]] = getelementptr i8, ptr addrspace(3) %ferry.row.dst, i64 [[CHUNK]]
; CHECK-NEXT:    [[FROM:%.*]] = getelementptr i8, ptr addrspace(1) %ferry.row.src, i64 [[CHUNK]]
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[TO]], ptr addrspace(1) [[FROM]])
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[ORIGINAL]]:
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 [[V]], ptr %dst, align 4
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over each row of threadIdx.y (the original copy stays as the fallback when a uniform alignment check fails); they complete before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry tile_rows(
; PTX-NOT:     cp.async.ca
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-NOT:     cp.async
; PTX:         ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
