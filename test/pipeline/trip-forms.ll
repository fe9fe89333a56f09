; Loops that continue while b < n, signed or unsigned, from any start: the
; preheader computes the index of the last iteration from the first value
; the latch tests, first = start + 1 (in 32 bits: from the type's largest
; value it wraps, and the loop goes on), as n - first - 1 + 1 when
; n - first - 1 >= 0 and 0 otherwise (the loop runs at least once), in 64
; bits and the loop's signedness; iteration i+8, issued at iteration i's
; end, then runs when last - i > 7 (a 32-bit unsigned test, named
; ferry.runs), and the prologue's stage k (k = 1..7) when last >= k.
; (Loops that continue while b != n: ring-8-stages.ll; counters wider than
; 32 bits: trip-wide-counter.ll.)
;
;   for (int b = start; b < n; b++)      { tile[t] = in[b * 256 + t]; ... }
;   for (unsigned b = start; b < n; b++) { ... }
;
; RUN: %opt -ferry-stages=8 -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
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

@tile.signed = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@tile.unsigned = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

; CHECK-NOT: @tile.signed =
; CHECK-NOT: @tile.unsigned =
; CHECK-DAG: @tile.signed.ferry.ring = internal addrspace(3) global [8 x [256 x i32]] poison, align 16
; CHECK-DAG: @tile.unsigned.ferry.ring = internal addrspace(3) global [8 x [256 x i32]] poison, align 16

define dso_local ptx_kernel void @signed_bound(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %start, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp slt i32 %start, %n
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.signed to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.signed to ptr), i64 %t1.wide
  br label %loop

loop:
  %b = phi i32 [ %start, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = mul nsw i32 %b, 256
  %i = add nsw i32 %first, %t
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4, !tbaa !0
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4, !tbaa !0
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nsw i32 %b, 1
  %more = icmp slt i32 %b.next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !4

exit:
  %result = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %o.first = mul i32 %ctaid, 256
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @signed_bound(
; CHECK:       preheader:
; CHECK:         [[FIRST:%.*]] = add i32 %start, 1
; CHECK-NEXT:    [[N:%.*]] = sext i32 %n to i64
; CHECK-NEXT:    [[FIRST64:%.*]] = sext i32 [[FIRST]] to i64
; CHECK-NEXT:    [[DIFFERENCE:%.*]] = sub i64 [[N]], [[FIRST64]]
; CHECK-NEXT:    [[REACH:%.*]] = sub i64 [[DIFFERENCE]], 1
; CHECK-NEXT:    [[REACHES:%.*]] = icmp sge i64 [[REACH]], 0
; CHECK-NEXT:    [[STEPS:%.*]] = sdiv i64 [[REACH]], 1
; CHECK-NEXT:    [[LAST:%.*]] = add i64 [[STEPS]], 1
; CHECK-NEXT:    %ferry.last = select i1 [[REACHES]], i64 [[LAST]], i64 0
; CHECK-NEXT:    %ferry.last.iteration = trunc i64 %ferry.last to i32
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[RUNS1:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 1
; CHECK-NEXT:    br i1 [[RUNS1]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %start, 1
; CHECK:         %ferry.runs{{[0-9]*}} = icmp uge i32 %ferry.last.iteration, 6
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %start, 6
; CHECK:         %ferry.runs{{[0-9]*}} = icmp uge i32 %ferry.last.iteration, 7
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %start, 7
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %ferry.iteration = phi i32
; CHECK-NEXT:    %b = phi i32 [ %start, %{{.*}} ], [ %b.next, %{{.*}} ]
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 7)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    [[RUNS:%ferry.runs[0-9]*]] = icmp ugt i32 [[LEFT]], 7
; CHECK-NEXT:    br i1 [[RUNS]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead = add i32 %b, 8
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %more, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    %result = phi i32
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()

define dso_local ptx_kernel void @unsigned_bound(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %start, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp ult i32 %start, %n
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.unsigned to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.unsigned to ptr), i64 %t1.wide
  br label %loop

loop:
  %b = phi i32 [ %start, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = mul nsw i32 %b, 256
  %i = add nsw i32 %first, %t
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4, !tbaa !0
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4, !tbaa !0
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nsw i32 %b, 1
  %more = icmp ult i32 %b.next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !4

exit:
  %result = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %o.first = mul i32 %ctaid, 256
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @unsigned_bound(
; CHECK:       preheader:
; CHECK:         [[FIRST:%.*]] = add i32 %start, 1
; CHECK-NEXT:    [[N:%.*]] = zext i32 %n to i64
; CHECK-NEXT:    [[FIRST64:%.*]] = zext i32 [[FIRST]] to i64
; CHECK-NEXT:    [[DIFFERENCE:%.*]] = sub i64 [[N]], [[FIRST64]]
; CHECK-NEXT:    [[REACH:%.*]] = sub i64 [[DIFFERENCE]], 1
; CHECK-NEXT:    [[REACHES:%.*]] = icmp sge i64 [[REACH]], 0
; CHECK-NEXT:    [[STEPS:%.*]] = sdiv i64 [[REACH]], 1
; CHECK-NEXT:    [[LAST:%.*]] = add i64 [[STEPS]], 1
; CHECK-NEXT:    %ferry.last = select i1 [[REACHES]], i64 [[LAST]], i64 0
; CHECK-NEXT:    %ferry.last.iteration = trunc i64 %ferry.last to i32
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[RUNS1:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 1
; CHECK-NEXT:    br i1 [[RUNS1]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %start, 1
; CHECK:         %ferry.runs{{[0-9]*}} = icmp uge i32 %ferry.last.iteration, 6
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %start, 6
; CHECK:         %ferry.runs{{[0-9]*}} = icmp uge i32 %ferry.last.iteration, 7
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %start, 7
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %ferry.iteration = phi i32
; CHECK-NEXT:    %b = phi i32 [ %start, %{{.*}} ], [ %b.next, %{{.*}} ]
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 7)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    [[RUNS:%ferry.runs[0-9]*]] = icmp ugt i32 [[LEFT]], 7
; CHECK-NEXT:    br i1 [[RUNS]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead = add i32 %b, 8
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %more, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    %result = phi i32
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 8 stages
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 8 stages
; REMARK-NOT:  remark:

; PTX-LABEL: .entry signed_bound(
; PTX:         cp.async.wait_group 7;
; PTX-NEXT:    bar.sync 0;
; PTX:         cp.async.wait_all;
; PTX-LABEL: .entry unsigned_bound(
; PTX:         cp.async.wait_group 7;
; PTX-NEXT:    bar.sync 0;
; PTX:         cp.async.wait_all;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
