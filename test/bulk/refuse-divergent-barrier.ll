; sm_90a: the copy is reached by every thread, but its consumer barriers
; (one per side of a divergent branch) are not: the threads would count the
; mbarrier's phases at different barriers, so the copy stays 16-byte chunks
; and the analysis remark says why.
;
; RUN: %opt -ferry-lone-copy=false -ferry-bulk=auto -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 1

; __global__ void copy_char(const char *g, char *out) {
;   __shared__ char sh[1024];
;   int tx = threadIdx.x, bx = blockIdx.x, nx = blockDim.x;
;   sh[tx] = g[bx * nx + tx];
;   if (tx < 32) __syncthreads(); else __syncthreads();
;   out[tx] = sh[tx ^ 1];
; }
define dso_local ptx_kernel void @copy_char(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %block = mul nuw nsw i32 %ctaid, %ntid
  %i = add nuw nsw i32 %block, %tid
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %i.wide
  %v = load i8, ptr %src, align 1, !tbaa !0
  %tid.wide = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tid.wide
  store i8 %v, ptr %dst, align 1, !tbaa !0
  br label %split

split:
  %first.warp = icmp ult i32 %tid, 32
  br i1 %first.warp, label %low, label %high

low:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %read

high:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %read

read:
  %other = xor i32 %tid, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %other.wide
  %w = load i8, ptr %peer, align 1, !tbaa !0
  %o = getelementptr inbounds nuw i8, ptr %out, i64 %tid.wide
  store i8 %w, ptr %o, align 1, !tbaa !0
  ret void
}




declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_90a" "target-features"="+ptx80,+sm_90a" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"omnipotent char", !2, i64 0}
!2 = !{!"Simple C++ TBAA"}

; CHECK-NOT:   ferry.mbarrier
; CHECK-LABEL: define dso_local ptx_kernel void @copy_char(
; CHECK-NOT:     mbarrier
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK-NOT:     mbarrier
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: 16-byte cp.async.cg chunks, not cp.async.bulk: not every thread of the block reaches its consumer barrier (each thread counts the mbarrier's phases at those barriers)
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies to 16-byte cp.async.cg chunks
; REMARK-NOT:  remark:

; PTX-LABEL: .entry copy_char(
; PTX-NOT:     mbarrier
