; Loops counting down whose iterations cannot be told from the counter:
; the values the latch tests must only shrink until one fails, and in each
; of these the counter may go round past the bound (or the test never
; fails). Not pipelined, an analysis remark each; the copies are converted
; alone. (The shapes that are pipelined: trip-count-down.ll.)
;
;   for (unsigned k = n; k > 0; k -= 4)     the exit test is k - 4 == 0: with n not a
;                                           multiple of 4, k goes round past 0
;   for (unsigned k = hi; k >= lo; k -= 4)  unsigned, a bound not known: with lo < 4,
;                                           k goes round below 0 and on
;   for (unsigned k = n; k > 2; k -= 4)     a constant bound, but k == 3 passes and
;                                           3 - 4 goes round
;   k >= lo counting by 1 with no nsw       lo == INT_MIN: never ends
;   a counter counting down while the test asks it to stay below the bound
;
; RUN: %opt -ferry-stages=4 -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
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

@tile.above = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@tile.below = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@tile.byfour = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@tile.least = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@tile.wraps = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @unsigned_by_4(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp ne i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.byfour to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.byfour to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i32 [ %n, %preheader ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl i32 %k, 6
  %i = add i32 %first, %t
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %k.next = add i32 %k, -4
  %done = icmp eq i32 %k.next, 0
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

define dso_local ptx_kernel void @unsigned_at_least(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %hi, i32 noundef %lo) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp uge i32 %hi, %lo
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.least to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.least to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i32 [ %hi, %preheader ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl i32 %k, 6
  %i = add i32 %first, %t
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %k.next = add i32 %k, -4
  %done = icmp ult i32 %k.next, %lo
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

define dso_local ptx_kernel void @unsigned_above_2(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp ugt i32 %n, 2
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.above to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.above to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i32 [ %n, %preheader ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl i32 %k, 6
  %i = add i32 %first, %t
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %k.next = add i32 %k, -4
  %more = icmp ugt i32 %k.next, 2
  br i1 %more, label %loop, label %exit

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

define dso_local ptx_kernel void @signed_at_least_wrapping(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %hi, i32 noundef %lo) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp sge i32 %hi, %lo
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.wraps to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.wraps to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i32 [ %hi, %preheader ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl i32 %k, 6
  %i = add i32 %first, %t
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %k.next = add i32 %k, -1
  %done = icmp slt i32 %k.next, %lo
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

define dso_local ptx_kernel void @shrinks_below(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %hi, i32 noundef %lo) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp slt i32 %hi, %lo
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.below to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.below to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i32 [ %hi, %preheader ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl i32 %k, 6
  %i = add i32 %first, %t
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %k.next = add nsw i32 %k, -1
  %more = icmp slt i32 %k.next, %lo
  br i1 %more, label %loop, label %exit

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

; CHECK: @tile.byfour = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
; CHECK-NOT: ferry.ring
; CHECK-LABEL: define dso_local ptx_kernel void @unsigned_by_4(
; CHECK-NOT:     ferry.last
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-LABEL: define dso_local ptx_kernel void @unsigned_at_least(
; CHECK-NOT:     ferry.last
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-LABEL: define dso_local ptx_kernel void @unsigned_above_2(
; CHECK-NOT:     ferry.last
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-LABEL: define dso_local ptx_kernel void @signed_at_least_wrapping(
; CHECK-NOT:     ferry.last
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-LABEL: define dso_local ptx_kernel void @shrinks_below(
; CHECK-NOT:     ferry.last
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(

; REMARK: remark: <unknown>:0:0: the copy loop is not pipelined: the loop counts by -4 until its counter equals the bound, and its increment may wrap (no nsw), so the counter may pass the bound and go round
; REMARK-NEXT: remark: <unknown>:0:0: the copy loop is not pipelined: the loop counts by -4 while its counter is at least the bound (unsigned), and the bound is not a constant of at least 4, so the counter may go round below 0
; REMARK-NEXT: remark: <unknown>:0:0: the copy loop is not pipelined: the loop counts by -4 while its counter is above the bound (unsigned), and the bound is not a constant of at least 3, so the counter may go round below 0
; REMARK-NEXT: remark: <unknown>:0:0: the copy loop is not pipelined: the loop continues while its counter is at least the bound, and its increment may wrap (no nsw): with the bound the type's least value, the loop would never end
; REMARK-NEXT: remark: <unknown>:0:0: the copy loop is not pipelined: the loop's trip count has a form not handled (the counter shrinks while the test asks it to grow)
; REMARK-COUNT-5: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT: remark:

; PTX-LABEL: .entry unsigned_by_4(
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
