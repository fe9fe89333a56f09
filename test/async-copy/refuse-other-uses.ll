; The loaded value is used by more than the store (sh[i] = v = g[i]; ...
; use(v)) where it cannot be read back from sh[i] (copy_read_back.c): a use
; before the barrier, the same value stored to a second array (each store's
; other use comes before the barrier), a use past a second barrier, a phase
; after the barrier that writes the array, a barrier that is not
; __syncthreads() (.aligned) where the code after another barrier writes the
; array, and a phi use. The copies stay, with remarks.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@sh2 = internal addrspace(3) global [256 x i32] poison, align 4
@sh4 = internal addrspace(3) global [256 x <4 x i32>] poison, align 16

; sh[t] = v; out[t] = v; __syncthreads();
define ptx_kernel void @use_before_barrier(ptr noalias noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %v, ptr %o, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @use_before_barrier(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NOT:     cp.async

; The same value stored to two shared arrays.
define ptx_kernel void @stored_twice(ptr noalias noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %dst2 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh2 to ptr), i64 %idx
  store i32 %v, ptr %dst2, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @stored_twice(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NOT:     cp.async

; A use after a second __syncthreads(): another phase may have changed sh[t].
define ptx_kernel void @past_second_barrier(ptr noalias noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %twice = shl i32 %v, 1
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %twice, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @past_second_barrier(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NOT:     cp.async

; After the barrier thread 0 writes sh[5]: thread 5 reading sh[5] back would race with it.
define ptx_kernel void @phase_writes_array(ptr noalias noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %zero, label %use

zero:
  store i32 0, ptr getelementptr inbounds nuw (i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 20), align 4
  br label %use

use:
  %twice = shl i32 %v, 1
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %twice, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @phase_writes_array(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NOT:     cp.async

; barrier.cta.sync.all (not .aligned): threads may wait at different barrier
; instructions, and the code after the second one writes the array (where
; no code after any barrier of the function writes it, the value is read
; back: async-copy/cooperative-groups.cu).
define ptx_kernel void @unaligned_barrier(ptr noalias noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  %twice = shl i32 %v, 1
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %twice, ptr %o, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  store i32 0, ptr %dst, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @unaligned_barrier(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NOT:     cp.async

; A phi use: its read back would go on an edge.
define ptx_kernel void @phi_use(ptr noalias noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out, i1 %c) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br i1 %c, label %then, label %done

then:
  br label %done

done:
  %r = phi i32 [ %v, %then ], [ 7, %entry ]
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %r, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @phi_use(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NOT:     cp.async

; REMARK:      remark: <unknown>:0:0: not converted: the loaded value has other uses than the store before the copy's barrier or past another (a use reads the value back from the destination only in the phase the copy's barrier opens)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the loaded value has other uses than the store before the copy's barrier or past another (a use reads the value back from the destination only in the phase the copy's barrier opens)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the loaded value has other uses than the store before the copy's barrier or past another (a use reads the value back from the destination only in the phase the copy's barrier opens)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the loaded value has other uses than the store before the copy's barrier or past another (a use reads the value back from the destination only in the phase the copy's barrier opens)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the loaded value has other uses than the store, and after the copy's barrier the block may write the destination's array before the next barrier (the value cannot be read back from it)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the loaded value has other uses than the store, and the copy's barrier is not __syncthreads() (.aligned: every thread at one instruction), so other threads' writes after it cannot be ruled out (other threads may leave another barrier of the function, or of a function it calls, after whose code the block may write the destination's array)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the loaded value has other uses than the store before the copy's barrier or past another (a use reads the value back from the destination only in the phase the copy's barrier opens)
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
