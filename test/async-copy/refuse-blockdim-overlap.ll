; Offsets in blockDim or threadIdx that may meet stay refused: s[t] and
; s[t + blockDim.x - 1] are the same element in a block of one thread. The
; offsets of one thread's mirror[t] and mirror[511 - t] differ by
; 4 * (511 - 2t), never 0 (511 is odd), but thread 511 - t writes
; mirror[t] too, a thread that launch bounds of 512 allow (and no launch
; bounds allow up to 1023): apart for each thread, not across the block,
; which a cp.async needs (its write is ordered with no other thread's).
; Each pair's first copy is refused for the second, the second for the
; first.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [2048 x float] poison, align 4
@mirror = internal addrspace(3) global [512 x float] poison, align 4

; s[t] = g[t]; s[t + blockDim.x - 1] = g[t + 1];
define ptx_kernel void @blockdim_minus_one(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %t.64 = zext nneg i32 %t to i64
  %src0 = getelementptr inbounds nuw float, ptr %g, i64 %t.64
  %v0 = load float, ptr %src0, align 4
  %dst0 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %t.64
  store float %v0, ptr %dst0, align 4
  %u = add nuw nsw i32 %t, %ntid
  %u1 = add nsw i32 %u, -1
  %u.64 = sext i32 %u1 to i64
  %src1 = getelementptr inbounds nuw float, ptr %g, i64 1
  %v1 = load float, ptr %src1, align 4
  %dst1 = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %u.64
  store float %v1, ptr %dst1, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @blockdim_minus_one(
; CHECK-NOT:     cp.async
; CHECK:         store float %v0, ptr %dst0, align 4
; CHECK:         store float %v1, ptr %dst1, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; __launch_bounds__(512): mirror[t] and mirror[511 - t] meet.
define ptx_kernel void @mirrored_512(ptr noundef readonly captures(none) %g) #1 {
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

; CHECK-LABEL: define ptx_kernel void @mirrored_512(
; CHECK-NOT:     cp.async
; CHECK:         store float %v0, ptr %dst0, align 4
; CHECK:         store float %v1, ptr %dst1, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; No launch bounds: threadIdx.x may reach 1023.
define ptx_kernel void @mirrored_unbounded(ptr noundef readonly captures(none) %g) #0 {
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

; CHECK-LABEL: define ptx_kernel void @mirrored_unbounded(
; CHECK-NOT:     cp.async
; CHECK:         store float %v0, ptr %dst0, align 4
; CHECK:         store float %v1, ptr %dst1, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:         remark: <unknown>:0:0: not converted: the thread may write the destination again before the barrier
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: the thread may access the destination earlier with no barrier in between
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: another thread of the block may write the destination before the barrier: this thread's own access misses its copy, but not for every pair of threads of the block
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: another thread of the block may access the destination with no barrier between it and the copy: this thread's own access misses its copy, but not for every pair of threads of the block
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: another thread of the block may write the destination before the barrier: this thread's own access misses its copy, but not for every pair of threads of the block
; REMARK-NEXT:    remark: <unknown>:0:0: not converted: another thread of the block may access the destination with no barrier between it and the copy: this thread's own access misses its copy, but not for every pair of threads of the block
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
attributes #1 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "nvvm.maxntid"="512" }
