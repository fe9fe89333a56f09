; Struct copies over 16 bytes that stay as written, each with a remark: one
; aligned only to 2 bytes (the source: a parameter with no `align`; no
; cp.async piece fits), one of 18 bytes (not a
; multiple of 4), one of 512 bytes (more than the 256 ferry splits).
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

%struct.Halves = type { [16 x i16] }
%struct.Nine = type { [9 x i16] }
%struct.Huge = type { [128 x float] }

@halves = internal addrspace(3) global [256 x %struct.Halves] poison, align 2
@nines = internal addrspace(3) global [256 x %struct.Nine] poison, align 2
@huge = internal addrspace(3) global [16 x %struct.Huge] poison, align 16

define ptx_kernel void @aligned_two(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.Halves, ptr %g, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Halves, ptr addrspacecast (ptr addrspace(3) @halves to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 2 dereferenceable(32) %dst, ptr noundef nonnull align 2 dereferenceable(32) %src, i64 32, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @aligned_two(
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 2 dereferenceable(32) %dst, ptr noundef nonnull align 2 dereferenceable(32) %src, i64 32, i1 false)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @eighteen(ptr noundef readonly align 16 captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.Nine, ptr %g, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Nine, ptr addrspacecast (ptr addrspace(3) @nines to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 2 dereferenceable(18) %dst, ptr noundef nonnull align 2 dereferenceable(18) %src, i64 18, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @eighteen(
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 2 dereferenceable(18) %dst, ptr noundef nonnull align 2 dereferenceable(18) %src, i64 18, i1 false)

define ptx_kernel void @too_large(ptr noundef readonly align 16 captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw %struct.Huge, ptr %g, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Huge, ptr addrspacecast (ptr addrspace(3) @huge to ptr), i64 %idx
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(512) %dst, ptr noundef nonnull align 16 dereferenceable(512) %src, i64 512, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @too_large(
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(512) %dst, ptr noundef nonnull align 16 dereferenceable(512) %src, i64 512, i1 false)

; REMARK:      remark: <unknown>:0:0: not converted: 32-byte struct copy aligned only to 2 bytes (the instructions' alignment and the addresses' known low bits); split into cp.async, each piece needs both addresses aligned to its size, 4 bytes or more; the block-collective form does not apply: a struct copy is split by its own thread
; REMARK-NEXT: remark: <unknown>:0:0: not converted: a struct copy of 18 bytes; ferry splits copies of up to 256 bytes, a multiple of 4, into cp.async of 16, 8 or 4 bytes
; REMARK-NEXT: remark: <unknown>:0:0: not converted: a struct copy of 512 bytes; ferry splits copies of up to 256 bytes, a multiple of 4, into cp.async of 16, 8 or 4 bytes
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
