; A chunk copies other threads' elements at the issuing thread's pace: if
; the block may have written the source since the previous barrier
; (out[tx] = 1 with out possibly aliasing g), another thread's write may
; not have happened yet when its element is read. Nor is a thread's own
; asynchronous read promised to see its earlier write: the copy is not
; converted at all, with a missed remark. With a barrier between the write
; and the copy, every write is done before any chunk is issued: the chunks
; are used.
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

@sh.written = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16
@sh.fenced = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16

; __global__ void written(float *g, float *out) {
;   __shared__ float sh[1024];
;   int tx = threadIdx.x;
;   out[tx] = 1.0f;
;   sh[tx] = g[tx];
;   __syncthreads();
;   out[tx] = sh[tx ^ 1];
; }
define dso_local ptx_kernel void @written(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float 1.000000e+00, ptr %o, align 4, !tbaa !0
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.written to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.written to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @written(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.
; CHECK:         store float 1.000000e+00, ptr %o, align 4
; CHECK-NEXT:    %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
; CHECK-NEXT:    %v = load float, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.written to ptr), i64 %tx.wide
; CHECK-NEXT:    store float %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; The same with __syncthreads() between the write and the copy.
define dso_local ptx_kernel void @fenced(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float 1.000000e+00, ptr %o, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.fenced to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.fenced to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @fenced(
; CHECK-NOT:     cp.async
; CHECK:         store float 1.000000e+00, ptr %o, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async.ca
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK:       ferry.copy.original{{[0-9]*}}:
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 [[V]], ptr %dst, align 4
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: not converted: the thread may write the source earlier with no barrier in between
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; REMARK-NOT:  remark:

; PTX-LABEL: .entry written(
; PTX-NOT:     cp.async
; PTX-LABEL: .entry fenced(
; PTX-NOT:     cp.async.ca
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
