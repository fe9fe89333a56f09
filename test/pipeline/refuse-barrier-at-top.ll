; A loop whose barrier that ends the compute stands at the top of the next
; iteration, before the copy:
;
;   for (long b = 0; b < n; b++) {
;     __syncthreads();
;     tile[t] = in[b * 128 + t];
;     __syncthreads();
;     acc += tile[127 - t];
;   }
;
; As written every thread's read of the tile comes before that barrier,
; and so before any thread's next copy. A ring issues iteration i+S-1's
; copy at the top of iteration i, before that barrier, into the slot that
; iteration i-1 read: a thread done with iteration i-1 would overwrite the
; element another thread is still reading. Not pipelined; the copy
; converts as a single stage, where it stays after the barrier.
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy,verify -pass-remarks=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.ptx
; RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [128 x i32] poison, align 4

; REMARK: remark: <unknown>:0:0: the copy loop is not pipelined: the loop reads the shared array with no barrier between that read and the end of the iteration, where the ring issues a later iteration's copy into the slot read (other threads may still be reading it)
; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier

; CHECK-NOT:   ferry.ring
; CHECK-LABEL: define ptx_kernel void @barrier_at_top(
; CHECK-NOT:     ferry.iteration
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
define ptx_kernel void @barrier_at_top(ptr noalias %out, ptr noalias %in, i64 %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nonempty = icmp sgt i64 %n, 0
  br i1 %nonempty, label %preheader, label %done

preheader:
  %mirror = sub nsw i32 127, %t
  %mirror.wide = sext i32 %mirror to i64
  %opposite = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %mirror.wide
  %t.wide = zext nneg i32 %t to i64
  %src.row = getelementptr i32, ptr %in, i64 %t.wide
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  br label %loop

loop:
  %b = phi i64 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %offset = shl i64 %b, 9
  %src = getelementptr i8, ptr %src.row, i64 %offset
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = load i32, ptr %opposite, align 4
  %acc.next = add nsw i32 %other, %acc
  %b.next = add nuw nsw i64 %b, 1
  %end = icmp eq i64 %b.next, %n
  br i1 %end, label %exit, label %loop

exit:
  %result = phi i32 [ %acc.next, %loop ]
  store i32 %result, ptr %out, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
