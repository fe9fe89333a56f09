; clang emits a struct assignment (a float4, a struct of two ints) as a
; constant-size llvm.memcpy. A memcpy from global to shared of 4, 8 or 16
; bytes, aligned to its size on both sides, is a copy like a load + store:
; it becomes cp.async of that size. Other sizes and alignments are refused;
; a volatile memcpy is no candidate and draws no remark (copies over 16
; bytes: convert-struct-copy.ll).
;
; The copies write sh[255 - i]: the threads' elements are not contiguous in
; threadIdx.x, so the block-collective form does not apply and the per-thread
; form is the one under test.
;
; (-ferry-alignment-test=false here: the prover's refusals as such; by default
; such copies are versioned on a run-time alignment test: alignment-test.ll.)
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -ferry-alignment-test=false -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
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
%struct.Pair = type { i32, i32 }
%struct.Trip = type { i32, i32, i32 }

@tile = internal addrspace(3) global [256 x %struct.float4] poison, align 16
@pairs = internal addrspace(3) global [256 x %struct.Pair] poison, align 8
@trips = internal addrspace(3) global [256 x %struct.Trip] poison, align 4

; tile[255 - i] = in[i];   (float4)
define ptx_kernel void @float4_struct(ptr noundef readonly captures(none) %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.float4, ptr %in, i64 %idx
  %dst = getelementptr inbounds nuw %struct.float4, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %dst, ptr noundef nonnull align 16 dereferenceable(16) %src, i64 16, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @float4_struct(
; CHECK-NOT:     llvm.memcpy
; CHECK:         [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; pairs[255 - i] = p[i];   (struct { int a, b; } __align__(8))
define ptx_kernel void @pair_struct(ptr noundef readonly captures(none) %p) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.Pair, ptr %p, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Pair, ptr addrspacecast (ptr addrspace(3) @pairs to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(8) %dst, ptr noundef nonnull align 8 dereferenceable(8) %src, i64 8, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @pair_struct(
; CHECK-NOT:     llvm.memcpy
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; The same 16 bytes aligned only to 4 (a struct of four ints).
define ptx_kernel void @underaligned(ptr noundef readonly captures(none) %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.float4, ptr %in, i64 %idx
  %dst = getelementptr inbounds nuw %struct.float4, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(16) %dst, ptr noundef nonnull align 4 dereferenceable(16) %src, i64 16, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @underaligned(
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(16) %dst, ptr noundef nonnull align 4 dereferenceable(16) %src, i64 16, i1 false)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; trips[255 - i] = t[i];   (12 bytes)
define ptx_kernel void @twelve_bytes(ptr noundef readonly captures(none) %t) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.Trip, ptr %t, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Trip, ptr addrspacecast (ptr addrspace(3) @trips to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(12) %dst, ptr noundef nonnull align 4 dereferenceable(12) %src, i64 12, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @twelve_bytes(
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(12) %dst, ptr noundef nonnull align 4 dereferenceable(12) %src, i64 12, i1 false)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; A volatile memcpy: no candidate, no remark.
define ptx_kernel void @not_candidates(ptr noundef readonly captures(none) %b, ptr noundef readonly captures(none) %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src2 = getelementptr inbounds nuw %struct.float4, ptr %in, i64 %idx
  %dst2 = getelementptr inbounds nuw %struct.float4, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %dst2, ptr noundef nonnull align 16 dereferenceable(16) %src2, i64 16, i1 true)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @not_candidates(
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %dst2, ptr noundef nonnull align 16 dereferenceable(16) %src2, i64 16, i1 true)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    ret void

; REMARK:      remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted an 8-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 16-byte copy aligned only to 4 bytes; cp.async needs both addresses aligned to the copy size
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the element type is not a 1-, 2-, 4-, 8- or 16-byte value
; REMARK-NOT:  remark:

; PTX-LABEL: .entry float4_struct(
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry pair_struct(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 8;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry underaligned(
; PTX-NOT:     cp.async

declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
