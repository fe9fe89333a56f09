; A source address with threadIdx.x in two places: g + tid.x (a 64-bit
; offset the affine form sees) indexed again by the 32-bit unsigned
; blockIdx.x * blockDim.x + threadIdx.x (a narrow index, opaque until the
; run-time wrap check). Thread t reads g[2t + ctaid*ntid]: the elements are
; 2 bytes apart, not contiguous, so no block-collective form may be used
; and a 1-byte copy stays as it is. The pass adds the two tid.x strides up
; wrongly (it keeps the last one it sees) and re-partitions a contiguous
; range that the threads never read: the output differs on a GPU.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 16

; __global__ void split(const char *g, char *out) {
;   __shared__ char sh[1024];
;   const char *p = g + threadIdx.x;
;   sh[threadIdx.x] = p[blockIdx.x * blockDim.x + threadIdx.x];
;   __syncthreads();
;   out[blockIdx.x * blockDim.x + threadIdx.x] = sh[threadIdx.x ^ 1];
; }
define dso_local ptx_kernel void @split(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid.wide = zext nneg i32 %tid to i64
  %p = getelementptr inbounds nuw i8, ptr %g, i64 %tid.wide
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %block = mul i32 %ctaid, %ntid
  %i = add i32 %block, %tid
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds nuw i8, ptr %p, i64 %i.wide
  %v = load i8, ptr %src, align 1, !tbaa !0
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tid.wide
  store i8 %v, ptr %dst, align 1, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tid, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %other.wide
  %w = load i8, ptr %peer, align 1, !tbaa !0
  %o = getelementptr inbounds nuw i8, ptr %out, i64 %i.wide
  store i8 %w, ptr %o, align 1, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @split(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.
; CHECK:         %v = load i8, ptr %src, align 1
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i8 %v, ptr %dst, align 1
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: not converted: 1-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; the block-collective form does not apply: the threads' elements are not contiguous in threadIdx.x
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"omnipotent char", !2, i64 0}
!2 = !{!"Simple C++ TBAA"}
