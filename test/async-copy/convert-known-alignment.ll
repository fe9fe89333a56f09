; Alignment from the addresses' known low bits, not only the instruction's
; `align`: clang marks `*(int4 *)&tile[r][c] = g[...]` (a __half tile) with
; the element's alignment, 2, but tile[r][8 * tx] lies at 128 * r + 16 * tx
; bytes from the array, a multiple of 16; the module defines the array
; (16 KiB, a multiple of 16), so ferry raises it to 16 and the copy becomes
; a cp.async.cg of 16 bytes. `*(unsigned *)&stage[4 * threadIdx.x]`, stored
; with align 1 into an __align__(16) byte array, is at a multiple of 4: a
; cp.async.ca of 4 bytes.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
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

%struct.__half = type { i16 }
%struct.int4 = type { i32, i32, i32, i32 }

@tile = internal unnamed_addr addrspace(3) global [128 x [64 x %struct.__half]] undef, align 2
@stage = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 16

; CHECK: @tile = internal unnamed_addr addrspace(3) global [128 x [64 x %struct.__half]] undef, align 16
; CHECK: @stage = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 16

define ptx_kernel void @half_tile(ptr noundef readonly captures(none) %g) #0 {
entry:
  %ty = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = shl nuw nsw i32 %tx, 3
  %row = shl nuw nsw i32 %ty, 3
  %i = add nuw nsw i32 %row, %tx
  %i.64 = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw %struct.int4, ptr %g, i64 %i.64
  %ty.64 = zext nneg i32 %ty to i64
  %r = getelementptr inbounds nuw [64 x %struct.__half], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %ty.64
  %c.64 = zext nneg i32 %c to i64
  %dst = getelementptr inbounds nuw %struct.__half, ptr %r, i64 %c.64
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 2 dereferenceable(16) %dst, ptr noundef nonnull align 16 dereferenceable(16) %src, i64 16, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @half_tile(
; CHECK-NOT:     llvm.memcpy
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @stage_words(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = shl nuw nsw i32 %t, 2
  %b.64 = zext nneg i32 %b to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %b.64
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @stage to ptr), i64 %b.64
  store i32 %v, ptr %dst, align 1
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @stage_words(
; CHECK-NOT:     store i32
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     ferry.copy
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:      remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry half_tile(
; PTX:         .shared .align 16 .b8 tile[16384];
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
