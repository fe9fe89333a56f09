; In a 2-D block, a copy that does not depend on threadIdx.y (sh[tx] =
; g[blockIdx.x*1024 + tx], with the compute reading by tid.y) makes every
; row of threads copy the same range. Row 0 alone issues the chunks: the
; issuing condition is tid.x < row_bytes/16 && tid.y == 0 && tid.z == 0,
; and there is no row-stride check. The fallback keeps the original copy in
; every thread, as before.
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

@sh = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16

; __global__ void row_zero(const float *g, float *out) {
;   __shared__ float sh[1024];
;   int tx = threadIdx.x, ty = threadIdx.y;
;   sh[tx] = g[blockIdx.x * 1024 + tx];
;   __syncthreads();
;   out[ty * 32 + tx] = sh[tx ^ ty];
; }
define dso_local ptx_kernel void @row_zero(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = shl nuw nsw i32 %ctaid, 10
  %i = add nuw nsw i32 %first, %tx
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %i.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %tx.wide = zext nneg i32 %tx to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = xor i32 %ty, %tx
  %x.wide = zext nneg i32 %x to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %x.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %oi = shl nuw nsw i32 %ty, 5
  %oj = add nuw nsw i32 %oi, %tx
  %oj.wide = zext nneg i32 %oj to i64
  %o = getelementptr inbounds nuw float, ptr %out, i64 %oj.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @row_zero(
; CHECK-NOT:     load float, ptr %src
; CHECK:         [[TIDX:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    [[TIDX64:%.*]] = zext i32 [[TIDX]] to i64
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK-NOT:     ferry.rows.apart
; CHECK-NEXT:    br i1 %ferry.aligned, label %[[CHUNKED:ferry.copy.chunked[0-9]*]], label %[[ORIGINAL:ferry.copy.original[0-9]*]]
; CHECK:       [[CHUNKED]]:
; CHECK-NEXT:    [[CHUNKS:%.*]] = lshr i64 %ferry.row.bytes, 4
; CHECK-NEXT:    [[INROW:%.*]] = icmp ult i64 [[TIDX64]], [[CHUNKS]]
; CHECK-NEXT:    [[TIDY:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; CHECK-NEXT:    [[TIDY64:%.*]] = zext i32 [[TIDY]] to i64
; CHECK-NEXT:    [[ROW0:%.*]] = icmp eq i64 [[TIDY64]], 0
; CHECK-NEXT:    [[AND1:%.*]] = and i1 [[INROW]], [[ROW0]]
; CHECK-NEXT:    [[TIDZ:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; CHECK-NEXT:    [[TIDZ64:%.*]] = zext i32 [[TIDZ]] to i64
; CHECK-NEXT:    [[PLANE0:%.*]] = icmp eq i64 [[TIDZ64]], 0
; CHECK-NEXT:    [[ISSUES:%.*]] = and i1 [[AND1]], [[PLANE0]]
; CHECK-NEXT:    br i1 [[ISSUES]], label %[[ISSUE:ferry.copy.issue[0-9]*]], label %[[JOIN:ferry.join[0-9]*]]
; CHECK:       [[ISSUE]]:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
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

; REMARK:      remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements (the original copy stays as the fallback when a uniform alignment check fails); they complete before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry row_zero(
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
