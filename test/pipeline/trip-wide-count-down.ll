; A 64-bit counter counting down by 4 while at least the bound (`long
; long`, nsw): as for one counting up (trip-wide-step.ll), whether
; iteration i+d runs is asked of the value the latch tests at the end of
; iteration i, t = k - 4: it runs when t - (d-1)*4 >= lo, that is t >= lo
; and t - lo >= (d-1)*4 (t - lo exact as an unsigned number once t >= lo);
; the prologue asks the same of hi - 4. Nothing wraps: the ring issues
; only copies of iterations that run, whatever lo (down to -2^63).
;
;   for (long long k = hi; k >= lo; k -= 4) { tile[t] = in[k * 256 + t]; ... }
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

define dso_local ptx_kernel void @down_wide(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i64 noundef %hi, i64 noundef %lo) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp sge i64 %hi, %lo
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i64 [ %hi, %preheader ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl nsw i64 %k, 8
  %i.wide = add nsw i64 %first, %t.wide
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
  %k.next = add nsw i64 %k, -4
  %done = icmp slt i64 %k.next, %lo
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

; CHECK-LABEL: define dso_local ptx_kernel void @down_wide(
; CHECK:       preheader:
; CHECK-NOT:     ferry.last
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[FIRST1:%.*]] = add i64 %hi, -4
; CHECK-NEXT:    [[LEFT1:%.*]] = sub i64 [[FIRST1]], %lo
; CHECK-NEXT:    [[PASSES1:%.*]] = icmp sge i64 [[FIRST1]], %lo
; CHECK-NEXT:    [[FAR1:%.*]] = icmp uge i64 [[LEFT1]], 0
; CHECK-NEXT:    [[RUNS1:%ferry.runs[0-9]*]] = and i1 [[PASSES1]], [[FAR1]]
; CHECK-NEXT:    br i1 [[RUNS1]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead{{[0-9]*}} = add i64 %hi, -4
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[FIRST2:%.*]] = add i64 %hi, -4
; CHECK-NEXT:    [[LEFT2:%.*]] = sub i64 [[FIRST2]], %lo
; CHECK-NEXT:    [[PASSES2:%.*]] = icmp sge i64 [[FIRST2]], %lo
; CHECK-NEXT:    [[FAR2:%.*]] = icmp uge i64 [[LEFT2]], 4
; CHECK-NEXT:    [[RUNS2:%ferry.runs[0-9]*]] = and i1 [[PASSES2]], [[FAR2]]
; CHECK:         %ferry.ahead{{[0-9]*}} = add i64 %hi, -8
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[FIRST3:%.*]] = add i64 %hi, -4
; CHECK-NEXT:    [[LEFT3:%.*]] = sub i64 [[FIRST3]], %lo
; CHECK-NEXT:    [[PASSES3:%.*]] = icmp sge i64 [[FIRST3]], %lo
; CHECK-NEXT:    [[FAR3:%.*]] = icmp uge i64 [[LEFT3]], 8
; CHECK-NEXT:    [[RUNS3:%ferry.runs[0-9]*]] = and i1 [[PASSES3]], [[FAR3]]
; CHECK:         %ferry.ahead{{[0-9]*}} = add i64 %hi, -12
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %ferry.iteration = phi i32
; CHECK-NEXT:    %k = phi i64 [ %hi, %{{.*}} ], [ %k.next, %{{.*}} ]
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         [[TESTED:%.*]] = add i64 %k, -4
; CHECK-NEXT:    [[LEFT:%.*]] = sub i64 [[TESTED]], %lo
; CHECK-NEXT:    [[PASSES:%.*]] = icmp sge i64 [[TESTED]], %lo
; CHECK-NEXT:    [[FAR:%.*]] = icmp uge i64 [[LEFT]], 12
; CHECK-NEXT:    [[RUNS:%ferry.runs[0-9]*]] = and i1 [[PASSES]], [[FAR]]
; CHECK-NEXT:    br i1 [[RUNS]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead = add i64 %k, -16
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    %result = phi i32
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()

; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages
; REMARK-NOT: remark:

; PTX-LABEL: .entry down_wide(
; PTX-DAG:     cp.async.wait_all;
; PTX-DAG:     cp.async.wait_group 3;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
