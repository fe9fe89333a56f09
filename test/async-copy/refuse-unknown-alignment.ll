; Known low bits that do not prove the copy's size stay refused: a word
; at 4 * threadIdx.x + 2 of an __align__(16) array is only 2-byte aligned;
; an 8-byte copy at 8 * threadIdx.x into a 1020-byte array (which ferry may
; align only to 4: a ring's slots would lie 1020 bytes apart) is only
; 4-byte aligned; an extern __shared__ array (its storage is the launch's)
; proves nothing beyond the instruction's `align`.
;
; (-ferry-alignment-test=false here: the prover's refusals as such; by default
; such copies are versioned on a run-time alignment test: alignment-test.ll.)
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -ferry-alignment-test=false -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -ferry-collective=never -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@stage = internal unnamed_addr addrspace(3) global [1040 x i8] undef, align 16
@odd = internal unnamed_addr addrspace(3) global [255 x i32] undef, align 4
@dynamic = external addrspace(3) global [0 x i8], align 16

; CHECK: @odd = internal unnamed_addr addrspace(3) global [255 x i32] undef, align 4

define ptx_kernel void @half_word_offset(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = shl nuw nsw i32 %t, 2
  %b.64 = zext nneg i32 %b to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %b.64
  %v = load i32, ptr %src, align 4
  %b2 = add nuw nsw i64 %b.64, 2
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @stage to ptr), i64 %b2
  store i32 %v, ptr %dst, align 1
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @half_word_offset(
; CHECK-NOT:     cp.async
; CHECK:         store i32 %v, ptr %dst, align 1

define ptx_kernel void @odd_sized_array(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = shl nuw nsw i32 %t, 3
  %b.64 = zext nneg i32 %b to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %b.64
  %v = load i64, ptr %src, align 8
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @odd to ptr), i64 %b.64
  store i64 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @odd_sized_array(
; CHECK-NOT:     cp.async
; CHECK:         store i64 %v, ptr %dst, align 4

define ptx_kernel void @extern_array(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = shl nuw nsw i32 %t, 2
  %b.64 = zext nneg i32 %b to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %b.64
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @dynamic to ptr), i64 %b.64
  store i32 %v, ptr %dst, align 1
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @extern_array(
; CHECK-NOT:     cp.async
; CHECK:         store i32 %v, ptr %dst, align 1

; REMARK:      remark: <unknown>:0:0: not converted: 4-byte copy aligned only to 2 bytes; cp.async needs both addresses aligned to the copy size; the block-collective form does not apply: off (-ferry-collective=never)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 8-byte copy aligned only to 4 bytes; cp.async needs both addresses aligned to the copy size; the block-collective form does not apply: off (-ferry-collective=never)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 4-byte copy aligned only to 1 bytes; cp.async needs both addresses aligned to the copy size; the block-collective form does not apply: off (-ferry-collective=never)
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
