; A source whose address space cannot be proved global is versioned on a
; run-time isspacep.global test only as a plain load-store copy that runs
; once before its barrier, per thread (convert-unknown-source.ll). A guarded
; copy, a struct copy (llvm.memcpy), a copy in a loop with no barrier (where
; the next iteration's load, which may read shared memory, is already a
; hazard), a copy whose value is read back after the barrier and 2-byte
; elements stay as written, with remarks.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 16

; struct Batch { const int *data; }; sh[i] = i < n ? batch->data[i] : 0;
define ptx_kernel void @guarded(ptr noundef readonly captures(none) %batch, i32 %n) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %data = load ptr, ptr %batch, align 8
  %src = getelementptr inbounds nuw i32, ptr %data, i64 %idx
  %v = load i32, ptr %src, align 4
  %in = icmp slt i32 %tid, %n
  %value = select i1 %in, i32 %v, i32 0
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %value, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @guarded(
; CHECK-NOT:     cp.async
; CHECK-NOT:     isspacep
; CHECK:         store i32 %value, ptr %dst, align 4

; A 32-byte struct copy through a loaded pointer.
define ptx_kernel void @struct_copy(ptr noundef readonly captures(none) %batch) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %data = load ptr, ptr %batch, align 8
  %off = shl nuw nsw i64 %idx, 5
  %src = getelementptr inbounds nuw i8, ptr %data, i64 %off
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %off
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %dst, ptr align 16 %src, i64 32, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @struct_copy(
; CHECK-NOT:     cp.async
; CHECK-NOT:     isspacep
; CHECK:         call void @llvm.memcpy.p0.p0.i64(

; for (p = tid; p < 256; p += blockDim.x) sh[p] = batch->data[p];
define ptx_kernel void @copy_loop(ptr noundef readonly captures(none) %batch) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %data = load ptr, ptr %batch, align 8
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %src = getelementptr inbounds nuw i32, ptr %data, i64 %p.wide
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %p.wide
  store i32 %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 256
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @copy_loop(
; CHECK-NOT:     cp.async
; CHECK-NOT:     isspacep
; CHECK:         store i32 %v, ptr %dst, align 4

; sh[t] = v = batch->data[t]; __syncthreads(); out[t] = 2 * v;
define ptx_kernel void @read_back(ptr noundef readonly captures(none) %batch, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %data = load ptr, ptr %batch, align 8
  %src = getelementptr inbounds nuw i32, ptr %data, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %twice = shl i32 %v, 1
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %twice, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @read_back(
; CHECK-NOT:     cp.async
; CHECK-NOT:     isspacep
; CHECK:         store i32 %v, ptr %dst, align 4

; short elements through a loaded pointer: one thread's cp.async cannot
; move 2 bytes, and the per-thread test is not the block-collective form's
; uniform source.
define ptx_kernel void @two_bytes(ptr noundef readonly captures(none) %batch) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %data = load ptr, ptr %batch, align 8
  %src = getelementptr inbounds nuw i16, ptr %data, i64 %idx
  %v = load i16, ptr %src, align 2
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i16 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_bytes(
; CHECK-NOT:     cp.async
; CHECK-NOT:     isspacep
; CHECK:         store i16 %v, ptr %dst, align 2

; REMARK:      remark: <unknown>:0:0: not converted: cannot prove the source is global memory, the only memory cp.async reads (a run-time isspacep.global test versions plain load-store copies only, not guarded or struct copies)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: cannot prove the source is global memory, the only memory cp.async reads (a run-time isspacep.global test versions plain load-store copies only, not guarded or struct copies)
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread may read the destination before the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: cannot prove the source is global memory, and a copy whose value is read back is not versioned on isspacep.global
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; a copy versioned on each thread's isspacep.global test (its source not provably global, its base not uniform) converts only per thread
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
