; Which threads run a device function, and whether all of a block's threads
; call it, is known only at its call sites: a copy in a function that is
; not a kernel keeps the per-thread form, with an analysis remark saying
; why. The same copy in a kernel uses the chunks.
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

; __device__ float table[4096];
; __shared__ float sh[1024], sh_kernel[1024];
@table = dso_local addrspace(1) externally_initialized global [4096 x float] zeroinitializer, align 4
@sh = dso_local addrspace(3) global [1024 x float] undef, align 16
@sh_kernel = dso_local addrspace(3) global [1024 x float] undef, align 16

; __device__ __noinline__ float stage() {
;   int tx = threadIdx.x;
;   sh[tx] = table[tx];
;   __syncthreads();
;   return sh[tx ^ 1];
; }
define dso_local noundef float @stage() local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(1) @table to ptr), i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  ret float %w
}

; CHECK-LABEL: define dso_local noundef float @stage(
; CHECK-NOT:     ferry.copy.chunked
; CHECK-NOT:     cp.async.cg
; CHECK:         %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tx.wide
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret float

; __global__ void caller(float *out) {
;   out[threadIdx.x] = stage();
;   sh_kernel[tx] = table[tx];          // the same copy in the kernel
;   __syncthreads();
;   out[threadIdx.x + 1024] = sh_kernel[tx ^ 1];
; }
define dso_local ptx_kernel void @caller(ptr noundef writeonly captures(none) %out) local_unnamed_addr #1 {
entry:
  %r = tail call contract noundef float @stage() #2
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %r, ptr %o, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %src = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(1) @table to ptr), i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh_kernel to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh_kernel to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %o2 = getelementptr inbounds nuw float, ptr %o, i64 1024
  store float %w, ptr %o2, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @caller(
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

; REMARK:      remark: <unknown>:0:0: per-thread cp.async: the block-collective form does not apply: not in a kernel: which threads run it is unknown
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; REMARK-NOT:  remark:

; PTX-LABEL: .func  (.param .b32 func_retval0) stage(
; PTX-NOT:     cp.async.cg
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry caller(
; PTX-NOT:     cp.async.ca
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
attributes #1 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #2 = { convergent nounwind }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
