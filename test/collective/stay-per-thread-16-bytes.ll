; A 16-byte element is already a whole chunk: even with
; -ferry-collective=always it becomes one per-thread cp.async.cg of 16
; bytes at its own addresses, with no run-time check, no fallback and no
; analysis remark. Both forms clang emits: a float4 assignment (a 16-byte
; llvm.memcpy) and a vector load and store.
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

%struct.float4 = type { float, float, float, float }

@sh4 = internal unnamed_addr addrspace(3) global [256 x %struct.float4] undef, align 16
@shv = internal unnamed_addr addrspace(3) global [256 x <2 x double>] undef, align 16

; __global__ void copy_float4(const float4 *g, float4 *out) {
;   __shared__ float4 sh[256];
;   int tx = threadIdx.x;
;   sh[tx] = g[tx];
;   __syncthreads();
;   out[tx] = sh[tx ^ 1];
; }
define dso_local ptx_kernel void @copy_float4(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw %struct.float4, ptr %g, i64 %tx.wide
  %dst = getelementptr inbounds nuw %struct.float4, ptr addrspacecast (ptr addrspace(3) @sh4 to ptr), i64 %tx.wide
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %dst, ptr noundef nonnull align 16 dereferenceable(16) %src, i64 16, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw %struct.float4, ptr addrspacecast (ptr addrspace(3) @sh4 to ptr), i64 %other.wide
  %o = getelementptr inbounds nuw %struct.float4, ptr %out, i64 %tx.wide
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %o, ptr noundef nonnull align 16 dereferenceable(16) %peer, i64 16, i1 false)
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @copy_float4(
; CHECK-NOT:     ferry.
; CHECK:         %dst = getelementptr inbounds nuw %struct.float4, ptr addrspacecast (ptr addrspace(3) @sh4 to ptr), i64 %tx.wide
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; ... shv[tx] = g[tx] with g a const double2 * read as <2 x double> ...
define dso_local ptx_kernel void @copy_vector(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw <2 x double>, ptr %g, i64 %tx.wide
  %v = load <2 x double>, ptr %src, align 16
  %dst = getelementptr inbounds nuw <2 x double>, ptr addrspacecast (ptr addrspace(3) @shv to ptr), i64 %tx.wide
  store <2 x double> %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tx, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw <2 x double>, ptr addrspacecast (ptr addrspace(3) @shv to ptr), i64 %other.wide
  %w = load <2 x double>, ptr %peer, align 16
  %o = getelementptr inbounds nuw <2 x double>, ptr %out, i64 %tx.wide
  store <2 x double> %w, ptr %o, align 16
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @copy_vector(
; CHECK-NOT:     ferry.
; CHECK-NOT:     load <2 x double>, ptr %src
; CHECK:         %dst = getelementptr inbounds nuw <2 x double>, ptr addrspacecast (ptr addrspace(3) @shv to ptr), i64 %tx.wide
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry copy_float4(
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry copy_vector(
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
