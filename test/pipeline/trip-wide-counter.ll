; A copy loop counted by a 64-bit counter (for (long b = 0; b != n; b++)):
; the index of its last iteration need not fit in 32 bits, so whether
; iteration i+k runs is asked of the value the latch tests, b + 1: none of
; it and the k-1 after it is n, n - (b + 1) >= k in 64 bits (unsigned,
; modulo 2^64), at iteration i's end for k = 8, and of the start value in
; the prologue for k = 1..7. (Counters of 32
; bits or less: trip-forms.ll; other 64-bit forms: trip-wide-steps.ll.)
;
; RUN: %opt -ferry-stages=8 -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @stream(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i64 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %t1 = add nuw nsw i32 %t, 1
  %t1.wrapped = and i32 %t1, 255
  %t1.wide = zext nneg i32 %t1.wrapped to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t1.wide
  br label %loop

loop:
  %b = phi i64 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl nsw i64 %b, 8
  %i = add nuw nsw i64 %first, %t.wide
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw nsw i64 %b, 1
  %done = icmp eq i64 %b.next, %n
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

; CHECK-LABEL: define dso_local ptx_kernel void @stream(
; CHECK:       preheader:
; CHECK-NOT:     ferry.last
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[LEFT1:%.*]] = sub i64 %n, 1
; CHECK-NEXT:    {{%.*}} = icmp uge i64 [[LEFT1]], 1
; CHECK:         {{%.*}} = icmp uge i64 {{%.*}}, 6
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[LEFT7:%.*]] = sub i64 %n, 1
; CHECK-NEXT:    {{%.*}} = icmp uge i64 [[LEFT7]], 7
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 7)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         [[TESTED:%.*]] = add i64 %b, 1
; CHECK-NEXT:    [[LEFT:%.*]] = sub i64 %n, [[TESTED]]
; CHECK-NEXT:    {{%.*}} = icmp uge i64 [[LEFT]], 8
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop

; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 8 stages

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
