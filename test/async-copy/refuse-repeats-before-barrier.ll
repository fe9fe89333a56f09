; A copy in a loop with no barrier inside the loop: the copy runs again
; before any barrier (the destination would get several cp.async in flight
; with no wait between them), so it stays as it is.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

; for (k = 0; k < n; k++) sh[i] = g[k * 256 + i]; __syncthreads();
define ptx_kernel void @loop_then_barrier(ptr noundef readonly captures(none) %g, i32 %n) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %k.wide = zext nneg i32 %k to i64
  %row = shl nuw nsw i64 %k.wide, 8
  %off = add nuw nsw i64 %row, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %off
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @loop_then_barrier(
; CHECK-NOT:     cp.async
; CHECK:       loop:
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK:       exit:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; The loop is longer: the barrier is inside it but skipped on one path back
; to the copy.
define ptx_kernel void @barrier_skipped_on_a_path(ptr noundef readonly captures(none) %g, i32 %n, i1 %skip) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %k.wide = zext nneg i32 %k to i64
  %row = shl nuw nsw i64 %k.wide, 8
  %off = add nuw nsw i64 %row, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %off
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  br i1 %skip, label %latch, label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %latch

latch:
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @barrier_skipped_on_a_path(
; CHECK-NOT:     cp.async
; CHECK:       loop:
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK:       sync:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:       exit:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async

; REMARK-COUNT-2: remark: <unknown>:0:0: not converted: the copy can execute again before any barrier
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
