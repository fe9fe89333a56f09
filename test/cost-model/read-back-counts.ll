; The cost model counts a use of a copy's loaded value that the conversion
; reads back from the destination after the barrier (copy_read_back.h) as
; the load it becomes: with 7 other 4-byte reads of the tile per 4 bytes
; copied, the read-back makes 8 (FERRY_REUSE_LIMIT), and the copy stays
; (shared-memory-bound compute); with 6, 7 in all, it converts.
;
;   float v = in[t];
;   s[t] = v;
;   __syncthreads();
;   out[t] = v + s[t ^ 1] + ... + s[t ^ R];    (R = 7, then 6)
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.ptx
; RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@seven_reads.s = internal addrspace(3) global [256 x float] poison, align 4
@six_reads.s = internal addrspace(3) global [256 x float] poison, align 4

; REMARK: remark: <unknown>:0:0: not converted: cost model: each thread reads 8 times as many bytes of the destination buffer as it copies, after the barrier
; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; the loaded value's other uses read it back from shared memory after the barrier
; REMARK-NOT: remark:

; CHECK-LABEL: define ptx_kernel void @seven_reads(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.read.back
; CHECK:         store float %v, ptr %dst, align 4
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.read.back
; CHECK:         ret void
define ptx_kernel void @seven_reads(ptr noalias %out, ptr noalias %in) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %src = getelementptr inbounds nuw float, ptr %in, i64 %t.wide
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @seven_reads.s to ptr), i64 %t.wide
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i1 = xor i32 %t, 1
  %i1.wide = zext nneg i32 %i1 to i64
  %p1 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @seven_reads.s to ptr), i64 %i1.wide
  %x1 = load float, ptr %p1, align 4
  %a1 = fadd float %v, %x1
  %i2 = xor i32 %t, 2
  %i2.wide = zext nneg i32 %i2 to i64
  %p2 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @seven_reads.s to ptr), i64 %i2.wide
  %x2 = load float, ptr %p2, align 4
  %a2 = fadd float %a1, %x2
  %i3 = xor i32 %t, 3
  %i3.wide = zext nneg i32 %i3 to i64
  %p3 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @seven_reads.s to ptr), i64 %i3.wide
  %x3 = load float, ptr %p3, align 4
  %a3 = fadd float %a2, %x3
  %i4 = xor i32 %t, 4
  %i4.wide = zext nneg i32 %i4 to i64
  %p4 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @seven_reads.s to ptr), i64 %i4.wide
  %x4 = load float, ptr %p4, align 4
  %a4 = fadd float %a3, %x4
  %i5 = xor i32 %t, 5
  %i5.wide = zext nneg i32 %i5 to i64
  %p5 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @seven_reads.s to ptr), i64 %i5.wide
  %x5 = load float, ptr %p5, align 4
  %a5 = fadd float %a4, %x5
  %i6 = xor i32 %t, 6
  %i6.wide = zext nneg i32 %i6 to i64
  %p6 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @seven_reads.s to ptr), i64 %i6.wide
  %x6 = load float, ptr %p6, align 4
  %a6 = fadd float %a5, %x6
  %i7 = xor i32 %t, 7
  %i7.wide = zext nneg i32 %i7 to i64
  %p7 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @seven_reads.s to ptr), i64 %i7.wide
  %x7 = load float, ptr %p7, align 4
  %a7 = fadd float %a6, %x7
  %out.t = getelementptr inbounds nuw float, ptr %out, i64 %t.wide
  store float %a7, ptr %out.t, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @six_reads(
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         %ferry.read.back = load float, ptr %dst, align 4
define ptx_kernel void @six_reads(ptr noalias %out, ptr noalias %in) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %src = getelementptr inbounds nuw float, ptr %in, i64 %t.wide
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @six_reads.s to ptr), i64 %t.wide
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i1 = xor i32 %t, 1
  %i1.wide = zext nneg i32 %i1 to i64
  %p1 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @six_reads.s to ptr), i64 %i1.wide
  %x1 = load float, ptr %p1, align 4
  %a1 = fadd float %v, %x1
  %i2 = xor i32 %t, 2
  %i2.wide = zext nneg i32 %i2 to i64
  %p2 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @six_reads.s to ptr), i64 %i2.wide
  %x2 = load float, ptr %p2, align 4
  %a2 = fadd float %a1, %x2
  %i3 = xor i32 %t, 3
  %i3.wide = zext nneg i32 %i3 to i64
  %p3 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @six_reads.s to ptr), i64 %i3.wide
  %x3 = load float, ptr %p3, align 4
  %a3 = fadd float %a2, %x3
  %i4 = xor i32 %t, 4
  %i4.wide = zext nneg i32 %i4 to i64
  %p4 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @six_reads.s to ptr), i64 %i4.wide
  %x4 = load float, ptr %p4, align 4
  %a4 = fadd float %a3, %x4
  %i5 = xor i32 %t, 5
  %i5.wide = zext nneg i32 %i5 to i64
  %p5 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @six_reads.s to ptr), i64 %i5.wide
  %x5 = load float, ptr %p5, align 4
  %a5 = fadd float %a4, %x5
  %i6 = xor i32 %t, 6
  %i6.wide = zext nneg i32 %i6 to i64
  %p6 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @six_reads.s to ptr), i64 %i6.wide
  %x6 = load float, ptr %p6, align 4
  %a6 = fadd float %a5, %x6
  %out.t = getelementptr inbounds nuw float, ptr %out, i64 %t.wide
  store float %a6, ptr %out.t, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
