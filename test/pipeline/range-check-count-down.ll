; A range check before a loop whose 64-bit counter counts down (long b =
; n - 2; b >= 0; b -= 2): clang tests the counter itself, b > 1, signed.
; The check computes the index of the last iteration as a loop counting
; up has it (range-check-wide-counter.ll), mirrored: with the first value
; tested, start = n - 2, above 1, last = (start - 1 - 1) / 2 + 1, start - 1
; checked for overflow and at most 2^62 - 1; else 0. The counter's range,
; b in [start - 2 * last, start], then scales the copy's and the store's
; 1024 bytes a step.
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @stream_down(ptr noundef readonly captures(none) %in, ptr noundef writeonly captures(none) %out, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i64 %n, 1
  %start = add nsw i64 %n, -2
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t1.wide
  br label %loop

loop:
  %b = phi i64 [ %start, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = mul nsw i64 %b, 256
  %i.wide = add nsw i64 %first, %t.wide
  %src = getelementptr inbounds i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4, !tbaa !0
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4, !tbaa !0
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  %o.b = getelementptr inbounds i32, ptr %out, i64 %i.wide
  store i32 %acc.next, ptr %o.b, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nsw i64 %b, -2
  %more = icmp sgt i64 %b, 1
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

; CHECK-LABEL: define dso_local ptx_kernel void @stream_down(
; CHECK:       preheader:
; CHECK:         [[RUNS:%.*]] = icmp sgt i64 %start, 1
; CHECK-NEXT:    [[DIFFERENCE:%.*]] = call { i64, i1 } @llvm.ssub.with.overflow.i64(i64 %start, i64 1)
; CHECK:         [[VALUE:%.*]] = extractvalue { i64, i1 } [[DIFFERENCE]], 0
; CHECK-NEXT:    [[FAR:%.*]] = icmp uge i64 [[VALUE]], 4611686018427387904
; CHECK-NEXT:    [[HUGE:%.*]] = and i1 [[RUNS]], [[FAR]]
; CHECK-NEXT:    [[OVERFLOW:%.*]] = or i1 {{%.*}}, [[HUGE]]
; CHECK:         [[REACH:%.*]] = sub i64 [[VALUE]], 1
; CHECK-NEXT:    [[STEPS:%.*]] = udiv i64 [[REACH]], 2
; CHECK-NEXT:    [[COUNT:%.*]] = add i64 [[STEPS]], 1
; CHECK-NEXT:    %ferry.last.wide = select i1 [[RUNS]], i64 [[COUNT]], i64 0
; CHECK:         [[BACK:%.*]] = call { i64, i1 } @llvm.smul.with.overflow.i64(i64 %ferry.last.wide, i64 -2)
; CHECK:         [[BACKV:%.*]] = extractvalue { i64, i1 } [[BACK]], 0
; CHECK-NEXT:    [[END:%.*]] = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %start, i64 [[BACKV]])
; CHECK:         [[B:%.*]] = extractvalue { i64, i1 } [[END]], 0
; CHECK-NEXT:    call { i64, i1 } @llvm.smul.with.overflow.i64(i64 1024, i64 [[B]])
; CHECK:         call { i64, i1 } @llvm.smul.with.overflow.i64(i64 1024, i64 %start)
; CHECK:         ptrtoint ptr %in to i64
; CHECK:         ptrtoint ptr %out to i64
; CHECK:         %ferry.ranges.apart = and i1
; CHECK-NEXT:    [[FITS:%.*]] = xor i1 [[OVERFLOW]], true
; CHECK-NEXT:    %ferry.ring.fits = and i1 %ferry.ranges.apart, [[FITS]]
; CHECK-NEXT:    br i1 %ferry.ring.fits, label %ferry.ring.entry, label %ferry.as.written.entry
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       loop.as.written:
; CHECK-NOT:     cp.async
; CHECK:         store i32 {{%.*}}, ptr {{%.*}}, align 4, !tbaa !0

; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: {{.*}}; behind a range check before the loop: the bytes the copies read, over the block and every iteration, do not overlap those that the store to %o.b writes, else the loop runs as written

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
