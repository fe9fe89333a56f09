; As refuse-divergent.ll, with the copy reached through a switch (what
; clang -O3 makes of `if (x == 0) ... else if (x == 15) ...`): a switch on
; threadIdx.x that can skip the copy keeps it per-thread; a switch on
; blockIdx.x decides for the whole block, and the chunks are used.
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

@sh.divergent.switch = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16
@sh.uniform.switch = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16

; __global__ void divergent(const float *g, float *out, int n) {
;   __shared__ float sh[1024];
;   int tx = threadIdx.x;
;   if (tx == 0 || tx == 15) sh[tx] = g[tx];
;   __syncthreads();
;   out[tx] = sh[tx ^ 1];
; }
define dso_local ptx_kernel void @divergent(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  switch i32 %tx, label %sync [
    i32 0, label %copy
    i32 15, label %copy
  ]

copy:
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.divergent.switch to ptr), i64 %tx.wide
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  store float %v, ptr %dst, align 4, !tbaa !0
  br label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.divergent.switch to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @divergent(
; CHECK-NOT:     ferry.copy.chunked
; CHECK-NOT:     cp.async.cg
; CHECK:       copy:
; CHECK:         %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    br label %sync
; CHECK:       sync:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; __global__ void uniform_condition(const float *g, float *out, int n) {
;   ... if (blockIdx.x == 0 || blockIdx.x == 15) sh[tx] = g[tx]; ...
; }
define dso_local ptx_kernel void @uniform_condition(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tx.wide = zext nneg i32 %tx to i64
  switch i32 %ctaid, label %sync [
    i32 0, label %copy
    i32 15, label %copy
  ]

copy:
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.uniform.switch to ptr), i64 %tx.wide
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  store float %v, ptr %dst, align 4, !tbaa !0
  br label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.uniform.switch to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @uniform_condition(
; CHECK-NOT:     cp.async.ca
; CHECK:       copy:
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK:       ferry.copy.chunked{{[0-9]*}}:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK:       ferry.copy.original{{[0-9]*}}:
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 [[V]], ptr %dst, align 4
; CHECK:       sync:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: per-thread cp.async: the block-collective form does not apply: not every thread of the block reaches the copy
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements
; REMARK-NOT:  remark:

; PTX-LABEL: .entry divergent(
; PTX-NOT:     cp.async.cg
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX:         ret;
; PTX-LABEL: .entry uniform_condition(
; PTX-NOT:     cp.async.ca
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX:         ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
