; A 2-D tile, sh[ty][tx] = g[base + ty*ld + tx]: each row of threadIdx.y
; copies one contiguous range, re-issued as 16-byte chunks dealt out over
; the block's linear thread index (tid.x + ntid.x*tid.y of plane 0), so
; that the first ntid.y*row_bytes/16 threads issue, whole warps. The chunk's
; row and column come from the special registers once, at entry. A row's
; check (row_bytes <= row_stride, the destination's 128-byte rows of
; [32 x float]: a wider block would make the rows' chunks overlap, and the
; alignment of the row's first addresses) is evaluated by the row's owners,
; who copy their own elements when it fails, and by the chunk's issuer on
; the same addresses rebuilt for that row; the remark says "each row of
; threadIdx.y".
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
; The chunk each thread issues, from the special registers, once at entry.
; CHECK:         [[TX:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    [[TY:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; CHECK-NEXT:    [[TZ:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; CHECK-NEXT:    [[NX:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:    [[NY:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; CHECK-NEXT:    [[RB:%.*]] = mul i32 [[NX]], 4
; CHECK-NEXT:    %ferry.chunks.per.row = lshr i32 [[RB]], 4
; CHECK-NEXT:    [[NONE:%.*]] = icmp eq i32 %ferry.chunks.per.row, 0
; CHECK-NEXT:    [[DIV:%.*]] = select i1 [[NONE]], i32 1, i32 %ferry.chunks.per.row
; CHECK-NEXT:    [[YROWS:%.*]] = mul i32 [[NX]], [[TY]]
; CHECK-NEXT:    %ferry.thread.linear = add i32 [[TX]], [[YROWS]]
; The division by a multiply-high with the divisor's reciprocal (uniform,
; so made once), exact for a block's thread indices; a divisor of 1 apart.
; CHECK-NEXT:    [[QUOTIENT:%.*]] = udiv i32 -1, [[DIV]]
; CHECK-NEXT:    %ferry.chunks.per.row.reciprocal = add i32 [[QUOTIENT]], 1
; CHECK-NEXT:    [[HIGH:%.*]] = call i32 @llvm.nvvm.mulhi.ui(i32 %ferry.thread.linear, i32 %ferry.chunks.per.row.reciprocal)
; CHECK-NEXT:    [[ONE:%.*]] = icmp eq i32 [[DIV]], 1
; CHECK-NEXT:    %ferry.chunk.row = select i1 [[ONE]], i32 %ferry.thread.linear, i32 [[HIGH]]
; CHECK-NEXT:    [[BACK:%.*]] = mul i32 %ferry.chunk.row, [[DIV]]
; CHECK-NEXT:    %ferry.chunk.column = sub i32 %ferry.thread.linear, [[BACK]]
; CHECK-NEXT:    [[ALL:%.*]] = mul i32 [[NY]], %ferry.chunks.per.row
; CHECK-NEXT:    [[INBLOCK:%.*]] = icmp ult i32 %ferry.thread.linear, [[ALL]]
; CHECK-NEXT:    [[PLANE0:%.*]] = icmp eq i32 [[TZ]], 0
; CHECK-NEXT:    %ferry.chunk.issues = and i1 [[INBLOCK]], [[PLANE0]]
; CHECK-NEXT:    [[NX64:%.*]] = zext i32 [[NX]] to i64
; CHECK-NEXT:    %ferry.row.bytes = mul i64 [[NX64]], 4
; CHECK-NEXT:    %ferry.rows.apart = icmp ule i64 %ferry.row.bytes, 128
; This thread's own row: its first element's addresses (tid.x = 0).
; CHECK:       ferry.copy:
; CHECK-NEXT:    [[OWNI:%.*]] = add nsw i32 %row, 0
; CHECK-NEXT:    [[OWNIW:%.*]] = sext i32 [[OWNI]] to i64
; CHECK-NEXT:    [[OWNSRC:%.*]] = getelementptr inbounds float, ptr %base, i64 [[OWNIW]]
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK-NEXT:    %ferry.row.takes = and i1 %ferry.aligned, %ferry.rows.apart
; CHECK-NEXT:    br i1 %ferry.row.takes, label %[[CHUNKS:ferry.copy.chunks[0-9]*]], label %[[ORIGINAL:ferry.copy.original[0-9]*]]
; CHECK:       [[ORIGINAL]]:
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 [[V]], ptr %dst, align 4
; CHECK-NEXT:    br label %[[CHUNKS]]
; CHECK:       [[CHUNKS]]:
; CHECK-NEXT:    br i1 %ferry.chunk.issues, label %[[ROW:ferry.copy.chunk.row[0-9]*]], label %[[JOIN:ferry.join[0-9]*]]
; The chunk's row, as its own threads compute it (tid.x = 0, tid.y = row).
; CHECK:       [[ROW]]:
; CHECK-NEXT:    [[R64:%.*]] = zext nneg i32 %ferry.chunk.row to i64
; CHECK-NEXT:    [[DROW:%.*]] = getelementptr inbounds nuw [32 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 [[R64]]
; CHECK:         [[D3:%.*]] = addrspacecast ptr {{%.*}} to ptr addrspace(3)
; CHECK-NEXT:    [[SROW:%.*]] = mul nsw i32 %ld, %ferry.chunk.row
; CHECK:         [[S1:%.*]] = addrspacecast ptr {{%.*}} to ptr addrspace(1)
; CHECK:         %ferry.aligned{{[0-9]+}} = icmp eq i64 {{%.*}}, 0
; CHECK:         %ferry.row.takes{{[0-9]+}} = and i1 %ferry.aligned{{[0-9]+}}, %ferry.rows.apart
; CHECK-NEXT:    br i1 %ferry.row.takes{{[0-9]+}}, label %[[ISSUE:ferry.copy.issue[0-9]*]], label %[[JOIN]]
; CHECK:       [[ISSUE]]:
; CHECK-NEXT:    [[COL:%.*]] = zext i32 %ferry.chunk.column to i64
; CHECK-NEXT:    [[OFF:%.*]] = shl i64 [[COL]], 4
; CHECK-NEXT:    [[TO:%.*]] = getelementptr i8, ptr addrspace(3) [[D3]], i64 [[OFF]]
; CHECK-NEXT:    [[FROM:%.*]] = getelementptr i8, ptr addrspace(1) [[S1]], i64 [[OFF]]
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[TO]], ptr addrspace(1) [[FROM]])
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
