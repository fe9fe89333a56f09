; Alignment through a select of tiles (analysis/alignment.c, the pointer's
; structure): `int4 *tile = second ? back : front; tile[threadIdx.x] = g[...]`
; copied with a memcpy whose destination clang marks `align 4` is 16-byte
; aligned, since both arms are 16-byte aligned __shared__ arrays (each 4 KiB,
; so a ring's slots keep it) and the index steps by 16 bytes: a cp.async.cg
; of 16 bytes. With one arm an array of 1020 bytes (alignable only to 4) the
; select proves 4 and the copy stays as written.
;
; (-ferry-alignment-test=false here: the prover's refusals as such; by default
; such copies are versioned on a run-time alignment test: alignment-test.ll.)
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -ferry-alignment-test=false -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -ferry-collective=never -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.int4 = type { i32, i32, i32, i32 }

@front = internal unnamed_addr addrspace(3) global [256 x %struct.int4] undef, align 16
@back = internal unnamed_addr addrspace(3) global [256 x %struct.int4] undef, align 16
@narrow = internal unnamed_addr addrspace(3) global [1020 x i8] undef, align 4

; CHECK: @narrow = internal unnamed_addr addrspace(3) global [1020 x i8] undef, align 4

define ptx_kernel void @either_tile(ptr noundef readonly captures(none) %g, i1 %second) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.64 = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw %struct.int4, ptr %g, i64 %tx.64
  %tile = select i1 %second, ptr addrspacecast (ptr addrspace(3) @back to ptr), ptr addrspacecast (ptr addrspace(3) @front to ptr)
  %dst = getelementptr inbounds nuw %struct.int4, ptr %tile, i64 %tx.64
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(16) %dst, ptr noundef nonnull align 16 dereferenceable(16) %src, i64 16, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @either_tile(
; CHECK-NOT:     llvm.memcpy
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @one_arm_narrow(ptr noundef readonly captures(none) %g, i1 %second) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.64 = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw %struct.int4, ptr %g, i64 %tx.64
  %tile = select i1 %second, ptr addrspacecast (ptr addrspace(3) @narrow to ptr), ptr addrspacecast (ptr addrspace(3) @front to ptr)
  %dst = getelementptr inbounds nuw %struct.int4, ptr %tile, i64 %tx.64
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(16) %dst, ptr noundef nonnull align 16 dereferenceable(16) %src, i64 16, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @one_arm_narrow(
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:      remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 16-byte copy aligned only to 4 bytes; cp.async needs both addresses aligned to the copy size
; REMARK-NOT:  remark:

; PTX-LABEL: .entry either_tile(
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
