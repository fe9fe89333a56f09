; Two elements per thread into one array, sh[i] and sh[i + 256]: the
; offsets of one thread differ by a constant 1024 bytes, so neither copy's
; element is the other's, and both convert, waited for by one commit + wait.
; The second half of the file: offsets that differ by terms of one sign over
; non-negative values (tile[t + 1] and tile[0] of a halo: t + 1 >= 1 > 0)
; are apart too; the last kernel's mirror[t] and mirror[255 - t] are apart
; for each thread (255 - 2t is odd) but not across the block (thread
; 255 - t writes mirror[t]): refused.
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

@sh2 = internal addrspace(3) global [512 x i32] poison, align 4
@halo = internal addrspace(3) global [258 x i32] poison, align 4
@mirror = internal addrspace(3) global [256 x i32] poison, align 4

define ptx_kernel void @two_elements(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src0 = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v0 = load i32, ptr %src0, align 4
  %dst0 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh2 to ptr), i64 %idx
  store i32 %v0, ptr %dst0, align 4
  %idx1 = add nuw nsw i64 %idx, 256
  %src1 = getelementptr inbounds nuw i32, ptr %g, i64 %idx1
  %v1 = load i32, ptr %src1, align 4
  %dst1 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh2 to ptr), i64 %idx1
  store i32 %v1, ptr %dst1, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_elements(
; CHECK-NOT:     store i32 %v0
; CHECK-COUNT-2: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store i32 %v1
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     call void @llvm.nvvm.cp.async.commit.group()

; halo[t + 1] = g[t + 1]; halo[0] = g[0] (by every thread here, unguarded):
; halo[0] lies below halo[t + 1] for every t.
define ptx_kernel void @halo_below(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %inner = add nuw nsw i64 %idx, 1
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %inner
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @halo to ptr), i64 %inner
  store i32 %v, ptr %dst, align 4
  %w = load i32, ptr %g, align 4
  store i32 %w, ptr addrspace(3) @halo, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @halo_below(
; CHECK-NOT:     store i32 %v
; CHECK-COUNT-2: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store i32 %w
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; mirror[t] and mirror[255 - t]: the difference, 1020 - 8t bytes, takes
; either sign as t varies, so nothing is proved and both copies stay.
define ptx_kernel void @mirrored(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @mirror to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %back = sub nuw nsw i64 255, %idx
  %src.back = getelementptr inbounds nuw i32, ptr %g, i64 %back
  %w = load i32, ptr %src.back, align 4
  %dst.back = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @mirror to ptr), i64 %back
  store i32 %w, ptr %dst.back, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @mirrored(
; CHECK-NOT:     cp.async
; CHECK:         store i32 %v, ptr %dst, align 4
; CHECK:         store i32 %w, ptr %dst.back, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK-COUNT-4: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: another thread of the block may write the destination before the barrier: this thread's own access misses its copy, but not for every pair of threads of the block
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: another thread of the block may access the destination with no barrier between it and the copy: this thread's own access misses its copy, but not for every pair of threads of the block
; REMARK-NOT:     remark:

; PTX-LABEL: .entry two_elements(
; PTX-COUNT-2: cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
