; A copy whose consumer barrier is inside a pipelined loop: the lookup
; table's copy before the loop has no barrier of its own, so the loop's
; first barrier would be where it waits; but that barrier waits only for
; all but the ring's 15 newest groups. ferry-pipeline pipelines the loop;
; ferry-async-copy then finds the ring's copies between the table's copy
; and that barrier and leaves the table's copy as it is.
;
;   __shared__ int lookup[256], tile[256];
;   lookup[t] = table[t];                  // no __syncthreads() here
;   for (int b = 0; b < n; b++) {
;     tile[t] = in[b * 256 + t];
;     __syncthreads();
;     acc += tile[t] * lookup[t];
;     __syncthreads();
;   }
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@lookup = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @copy_waits_in_ring(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef readonly captures(none) %table, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %table.src = getelementptr inbounds nuw i32, ptr %table, i64 %t.wide
  %entry.v = load i32, ptr %table.src, align 4
  %lookup.dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @lookup to ptr), i64 %t.wide
  store i32 %entry.v, ptr %lookup.dst, align 4
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  br label %loop

loop:
  %b = phi i32 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl nsw i32 %b, 8
  %i = add nuw nsw i32 %first, %t
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = load i32, ptr %dst, align 4
  %y = load i32, ptr %lookup.dst, align 4
  %xy = mul nsw i32 %y, %x
  %acc.next = add nsw i32 %xy, %acc
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw nsw i32 %b, 1
  %done = icmp eq i32 %b.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %result = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %o.first = shl i32 %ctaid, 8
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @copy_waits_in_ring(
; CHECK:         %entry.v = load i32, ptr %table.src
; CHECK-NEXT:    %lookup.dst = getelementptr
; CHECK-NEXT:    store i32 %entry.v, ptr %lookup.dst
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 15)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
