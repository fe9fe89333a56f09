; Two copies a thread whose offsets differ by blockDim: s[t] and
; s[t + blockDim.x]. blockDim.x is at least 1, so the offsets differ by at
; least 4 bytes and the copies never meet: both convert. Likewise the rows
; of a tile, tile[ty][tx] and tile[ty + blockDim.y][tx] (a row stride of
; 128 bytes times blockDim.y >= 1), a halo beside its interior (s[t + 1],
; s[t + blockDim.x + 1] and s[0]), and, where the kernel's launch bounds
; keep threadIdx.x below 256, s[t] and s[511 - t] (511 - 2t >= 1).
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [2048 x float] poison, align 4
@tile = internal addrspace(3) global [64 x [32 x float]] poison, align 4
@halo = internal addrspace(3) global [2050 x float] poison, align 4
@mirror = internal addrspace(3) global [512 x float] poison, align 4

; s[t] = g[b + t]; s[t + blockDim.x] = g[b + t + blockDim.x];
define ptx_kernel void @blockdim_apart(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %twice = shl nuw i32 %ctaid, 1
  %b = mul i32 %twice, %ntid
  %i = add nsw i32 %b, %t
  %i.64 = sext i32 %i to i64
  %src0 = getelementptr inbounds float, ptr %g, i64 %i.64
  %v0 = load float, ptr %src0, align 4
  %t.64 = zext nneg i32 %t to i64
  %dst0 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %t.64
  store float %v0, ptr %dst0, align 4
  %j = add i32 %i, %ntid
  %j.64 = zext i32 %j to i64
  %src1 = getelementptr inbounds nuw float, ptr %g, i64 %j.64
  %v1 = load float, ptr %src1, align 4
  %u = add nuw nsw i32 %t, %ntid
  %u.64 = zext nneg i32 %u to i64
  %dst1 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %u.64
  store float %v1, ptr %dst1, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @blockdim_apart(
; CHECK-NOT:     store float %v0
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store float %v1
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store float
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; tile[ty][tx] = ...; tile[ty + blockDim.y][tx] = ...;
define ptx_kernel void @tile_rows(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %ny = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %tx.64 = zext nneg i32 %tx to i64
  %ty.64 = zext nneg i32 %ty to i64
  %row0 = shl nuw nsw i32 %ty, 5
  %i0 = add nuw nsw i32 %row0, %tx
  %i0.64 = zext nneg i32 %i0 to i64
  %src0 = getelementptr inbounds nuw float, ptr %g, i64 %i0.64
  %v0 = load float, ptr %src0, align 4
  %dst0 = getelementptr inbounds nuw [32 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %ty.64, i64 %tx.64
  store float %v0, ptr %dst0, align 4
  %ty1 = add nuw nsw i32 %ty, %ny
  %ty1.64 = zext nneg i32 %ty1 to i64
  %row1 = shl nuw nsw i32 %ty1, 5
  %i1 = add nuw nsw i32 %row1, %tx
  %i1.64 = zext nneg i32 %i1 to i64
  %src1 = getelementptr inbounds nuw float, ptr %g, i64 %i1.64
  %v1 = load float, ptr %src1, align 4
  %dst1 = getelementptr inbounds nuw [32 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %ty1.64, i64 %tx.64
  store float %v1, ptr %dst1, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @tile_rows(
; CHECK-NOT:     store float %v0
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store float %v1
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store float
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; halo[t + 1] = g[t + 1]; halo[t + blockDim.x + 1] = g[t + blockDim.x + 1]; halo[0] = g[0];
define ptx_kernel void @halo_and_interior(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %inner = add nuw nsw i32 %t, 1
  %inner.64 = zext nneg i32 %inner to i64
  %src0 = getelementptr inbounds nuw float, ptr %g, i64 %inner.64
  %v0 = load float, ptr %src0, align 4
  %dst0 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @halo to ptr), i64 %inner.64
  store float %v0, ptr %dst0, align 4
  %outer = add nuw nsw i32 %inner, %ntid
  %outer.64 = zext nneg i32 %outer to i64
  %src1 = getelementptr inbounds nuw float, ptr %g, i64 %outer.64
  %v1 = load float, ptr %src1, align 4
  %dst1 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @halo to ptr), i64 %outer.64
  store float %v1, ptr %dst1, align 4
  %v2 = load float, ptr %g, align 4
  store float %v2, ptr addrspace(3) @halo, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @halo_and_interior(
; CHECK-COUNT-3: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store float
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; __launch_bounds__(256): mirror[t] and mirror[511 - t] are 4 * (511 - 2t)
; >= 4 bytes apart.
define ptx_kernel void @mirrored_bounded(ptr noundef readonly captures(none) %g) #1 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %src0 = getelementptr inbounds nuw float, ptr %g, i64 %t.64
  %v0 = load float, ptr %src0, align 4
  %dst0 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @mirror to ptr), i64 %t.64
  store float %v0, ptr %dst0, align 4
  %back = sub nuw nsw i64 511, %t.64
  %src1 = getelementptr inbounds nuw float, ptr %g, i64 %back
  %v1 = load float, ptr %src1, align 4
  %dst1 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @mirror to ptr), i64 %back
  store float %v1, ptr %dst1, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @mirrored_bounded(
; CHECK-COUNT-2: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store float
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK-COUNT-9: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:     remark:

; PTX-LABEL: .entry blockdim_apart(
; PTX-COUNT-2: cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
attributes #1 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "nvvm.maxntid"="256" }
