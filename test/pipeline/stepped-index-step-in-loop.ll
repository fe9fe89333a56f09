; A source index the loop advances by a loop-invariant amount that the loop
; itself computes (`b += 16 * ld` with 16 * ld not hoisted out of the
; loop): the amount is the same every iteration, so it joins the values the
; ring computes again where it issues: the prologue's stage k from
; b = 0 + (16 * ld) * k, iteration i, at its end, the copy of iteration
; i+4 from b + (16 * ld) * 4. (The same for a pointer: stepped-pointer-step-in-loop.ll;
; an amount computed before the loop: trip-steps.ll.)
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

@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @stepped_index_step_in_loop(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n, i32 noundef %ld) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i32 [ 0, %preheader ], [ %k.next, %loop ]
  %b = phi i32 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %i = add nsw i32 %b, %t
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
  %rows = shl nsw i32 %ld, 4
  %b.next = add i32 %b, %rows
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
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

; CHECK-NOT: @tile =
; CHECK: @tile.ferry.ring = internal addrspace(3) global [4 x [256 x i32]] poison, align 16

; CHECK-LABEL: define dso_local ptx_kernel void @stepped_index_step_in_loop(
; CHECK:       preheader:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK:         [[ROWS1:%.*]] = shl nsw i32 %ld, 4
; CHECK-NEXT:    [[STEPS1:%.*]] = mul i32 [[ROWS1]], 1
; CHECK-NEXT:    [[AHEAD1:%ferry.ahead[0-9]*]] = add i32 0, [[STEPS1]]
; CHECK-NEXT:    add nsw i32 [[AHEAD1]], %t
; CHECK:         [[ROWS2:%.*]] = shl nsw i32 %ld, 4
; CHECK-NEXT:    [[STEPS2:%.*]] = mul i32 [[ROWS2]], 2
; CHECK-NEXT:    [[AHEAD2:%ferry.ahead[0-9]*]] = add i32 0, [[STEPS2]]
; CHECK:         [[ROWS3:%.*]] = shl nsw i32 %ld, 4
; CHECK-NEXT:    [[STEPS3:%.*]] = mul i32 [[ROWS3]], 3
; CHECK-NEXT:    [[AHEAD3:%ferry.ahead[0-9]*]] = add i32 0, [[STEPS3]]
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %ferry.iteration = phi i32
; CHECK-NEXT:    %k = phi i32
; CHECK-NEXT:    %b = phi i32 [ 0, %{{.*}} ], [ %b.next, %{{.*}} ]
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %rows = shl nsw i32 %ld, 4
; CHECK-NEXT:    %b.next = add i32 %b, %rows
; CHECK:         [[ROWS:%.*]] = shl nsw i32 %ld, 4
; CHECK-NEXT:    [[STEPS:%.*]] = mul i32 [[ROWS]], 4
; CHECK-NEXT:    %ferry.ahead = add i32 %b, [[STEPS]]
; CHECK-NEXT:    add nsw i32 %ferry.ahead, %t
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    %result = phi i32
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()

; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages
; REMARK-NOT: remark:

; PTX-LABEL: .entry stepped_index_step_in_loop(
; PTX-DAG:     cp.async.wait_all;
; PTX-DAG:     cp.async.wait_group 3;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
