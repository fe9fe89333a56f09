; Where the run-time alignment test does not apply (alignment-test.ll for
; where it does), the copy stays as written with the refusal it had, and no
; test is emitted: a 2-byte element (no per-thread cp.async moves it), a
; 12-byte and a 32-byte struct copy (not a size of one cp.async; the
; latter's pieces would need the alignment), a guarded copy (its source
; size is the guard's, and its fallback would not be one copy as written),
; a copy proved misaligned (the test would always fail), and, with
; -ferry-alignment-test=false, the copy the test would version.
; Where the alignment is proved the copy converts with no test at all. The
; 4-byte copy aligned to 2 is the boundary: it converts with its test.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -ferry-alignment-test=false -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -S %s -o %t.off.ll 2>%t.off.remarks
; RUN: FileCheck --check-prefix=OFF %s < %t.off.ll
; RUN: FileCheck --check-prefix=OFF-REMARK %s < %t.off.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Trip = type { i32, i32, i32 }
%struct.Big = type { [8 x i32] }

@halves = internal unnamed_addr addrspace(3) global [512 x i16] undef, align 16
@trips = internal unnamed_addr addrspace(3) global [256 x %struct.Trip] undef, align 16
@bigs = internal unnamed_addr addrspace(3) global [256 x %struct.Big] undef, align 16
@tile = internal unnamed_addr addrspace(3) global [256 x <4 x i32>] undef, align 16
@words = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 16

; sh[255 - t] = g[t] of 2-byte elements, the source marked 1.
define ptx_kernel void @two_bytes(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i16, ptr %g, i64 %idx
  %v = load i16, ptr %src, align 1
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @halves to ptr), i64 %rev
  store i16 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_bytes(
; CHECK-NOT:     ferry.
; CHECK-NOT:     cp.async
; CHECK:         %v = load i16, ptr %src, align 1
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i16 %v, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @twelve_bytes(ptr noundef readonly captures(none) %t) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.Trip, ptr %t, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Trip, ptr addrspacecast (ptr addrspace(3) @trips to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(12) %dst, ptr noundef nonnull align 2 dereferenceable(12) %src, i64 12, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @twelve_bytes(
; CHECK-NOT:     ferry.
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(12) %dst, ptr noundef nonnull align 2 dereferenceable(12) %src, i64 12, i1 false)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @thirty_two_bytes(ptr noundef readonly captures(none) %b) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.Big, ptr %b, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Big, ptr addrspacecast (ptr addrspace(3) @bigs to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %dst, ptr noundef nonnull align 2 dereferenceable(32) %src, i64 32, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @thirty_two_bytes(
; CHECK-NOT:     ferry.
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %dst, ptr noundef nonnull align 2 dereferenceable(32) %src, i64 32, i1 false)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; s[255 - t] = t < n ? g[t] : 0, an int4 whose source is marked 4.
define ptx_kernel void @guarded(ptr noundef readonly captures(none) %g, i32 noundef %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %in = icmp slt i32 %t, %n
  br i1 %in, label %load, label %merge

load:
  %src = getelementptr inbounds nuw <4 x i32>, ptr %g, i64 %t.64
  %x = load <4 x i32>, ptr %src, align 4
  br label %merge

merge:
  %value = phi <4 x i32> [ %x, %load ], [ zeroinitializer, %entry ]
  %rev = sub nuw nsw i64 255, %t.64
  %dst = getelementptr inbounds nuw <4 x i32>, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %rev
  store <4 x i32> %value, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @guarded(
; CHECK-NOT:     ferry.
; CHECK-NOT:     cp.async
; CHECK:         store <4 x i32> %value, ptr %dst, align 16
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; Proved misaligned: a word at 4 * t + 2 of an aligned array (every
; thread's test would fail).
define ptx_kernel void @misaligned_word(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = shl nuw nsw i32 %t, 2
  %b.64 = zext nneg i32 %b to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %b.64
  %v = load i32, ptr %src, align 4
  %rev = sub nuw nsw i64 1016, %b.64
  %b2 = add nuw nsw i64 %rev, 2
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @words to ptr), i64 %b2
  store i32 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @misaligned_word(
; CHECK-NOT:     ferry.
; CHECK-NOT:     cp.async
; CHECK:         store i32 %v, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; Proved: an int4 from an int4 parameter (marked 16) into a tile.
define ptx_kernel void @proved(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw <4 x i32>, ptr %g, i64 %idx
  %v = load <4 x i32>, ptr %src, align 16
  %dst = getelementptr inbounds nuw <4 x i32>, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %rev
  store <4 x i32> %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @proved(
; CHECK-NOT:     ptrtoint
; CHECK-NOT:     ferry.
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    ret void

; The boundary: a word from an int array marked 2, converted with its test.
define ptx_kernel void @word(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 2
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @words to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @word(
; CHECK:         ptrtoint ptr %g to i64
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i32, ptr %src, align 2

; OFF-LABEL: define ptx_kernel void @word(
; OFF-NOT:     ferry.
; OFF-NOT:     cp.async
; OFF:         %v = load i32, ptr %src, align 2
; OFF-NEXT:    %dst = getelementptr
; OFF-NEXT:    store i32 %v, ptr %dst, align 4
; OFF-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:      remark: <unknown>:0:0: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; the block-collective form does not apply: the threads' elements are not contiguous in threadIdx.x
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the element type is not a 1-, 2-, 4-, 8- or 16-byte value
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 32-byte struct copy aligned only to 2 bytes (the instructions' alignment and the addresses' known low bits); split into cp.async, each piece needs both addresses aligned to its size, 4 bytes or more; the block-collective form does not apply: a struct copy is split by its own thread
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 16-byte copy aligned only to 4 bytes; cp.async needs both addresses aligned to the copy size; the block-collective form does not apply: 16-byte elements are already whole chunks
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 4-byte copy aligned only to 2 bytes; cp.async needs both addresses aligned to the copy size; the block-collective form does not apply: the threads' elements are not contiguous in threadIdx.x
; REMARK-NEXT: remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on this thread's run-time test that its source address is 4-byte aligned, which the compile proves only to 2 bytes (where it is not, the copy runs as written)
; REMARK-NOT:  remark:

; OFF-REMARK: remark: <unknown>:0:0: not converted: 4-byte copy aligned only to 2 bytes; cp.async needs both addresses aligned to the copy size; the block-collective form does not apply: the threads' elements are not contiguous in threadIdx.x

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
