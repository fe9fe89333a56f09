; Iteration i reads the source of iteration i+S ahead of time, at its end:
; nothing in the loop may write what the ring reads early. Without __restrict__, the
; store to out in the loop may write in: the loop is pipelined behind one
; check before the loop (pipeline_ranges.c), computed from uniform values
; (ntid, the index of the last iteration, the pointers): the bytes the copy
; reads, in + 4*t + 1024*b + [0, 4) over t in [0, ntid.x-1] and b in
; [0, last], end before out's range starts or start after it ends, every
; step in 64 bits with its overflow checked (b's end within i32 too). When
; it holds the ring runs; otherwise a clone of the loop as written, which
; copies into slot 0 of the ring (its copy marked as written, so that no
; pass of ferry's converts it). Nothing is added inside the loop.
;
;   __global__ void stream(const int *in, int *out, int n) {
;     __shared__ int tile[256];
;     for (int b = 0; b < n; b++) {
;       tile[t] = in[b * 256 + t]; __syncthreads();
;       acc += tile[t] * 3 + tile[t ^ 1];
;       out[b * 256 + t] = acc;
;       __syncthreads();
;     } ...
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

define dso_local ptx_kernel void @stream(ptr noundef readonly captures(none) %in, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t1.wide
  br label %loop

loop:
  %b = phi i32 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = mul nsw i32 %b, 256
  %i = add nuw nsw i32 %first, %t
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4, !tbaa !0
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4, !tbaa !0
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  %o.b = getelementptr inbounds nuw i32, ptr %out, i64 %i.wide
  store i32 %acc.next, ptr %o.b, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw nsw i32 %b, 1
  %done = icmp eq i32 %b.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4

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

; CHECK:         @tile.ferry.ring = internal addrspace(3) global [16 x [256 x i32]] poison, align 16
; CHECK-LABEL: define dso_local ptx_kernel void @stream(
; CHECK:       preheader:
; CHECK:         %ferry.last = zext i32 {{%.*}} to i64
; CHECK:         [[NTID:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:    [[NTID64:%.*]] = zext i32 [[NTID]] to i64
; CHECK-NEXT:    [[LAST_T:%.*]] = sub i64 [[NTID64]], 1
; CHECK-NEXT:    call { i64, i1 } @llvm.smul.with.overflow.i64(i64 4, i64 [[LAST_T]])
; The counter b, in [0, last], stays an i32 (read as signed).
; CHECK:         icmp slt i64 %ferry.last, -2147483648
; CHECK:         icmp sgt i64 %ferry.last, 2147483647
; CHECK:         call { i64, i1 } @llvm.smul.with.overflow.i64(i64 1024, i64 %ferry.last)
; CHECK:         [[IN:%.*]] = ptrtoint ptr %in to i64
; CHECK-NEXT:    icmp slt i64 [[IN]], 0
; CHECK:         [[IN_HIGH:%.*]] = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 [[IN]], i64 {{%.*}})
; CHECK:         [[IN_LAST:%.*]] = extractvalue { i64, i1 } [[IN_HIGH]], 0
; CHECK-NEXT:    [[IN_END:%.*]] = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 [[IN_LAST]], i64 4)
; CHECK:         [[IN_END_VALUE:%.*]] = extractvalue { i64, i1 } [[IN_END]], 0
; CHECK:         [[OUT:%.*]] = ptrtoint ptr %out to i64
; CHECK:         [[OUT_END:%.*]] = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 {{%.*}}, i64 4)
; CHECK:         [[OUT_END_VALUE:%.*]] = extractvalue { i64, i1 } [[OUT_END]], 0
; CHECK-NEXT:    [[BEFORE:%.*]] = icmp sle i64 [[OUT_END_VALUE]], [[IN]]
; CHECK-NEXT:    [[AFTER:%.*]] = icmp sle i64 [[IN_END_VALUE]], [[OUT]]
; CHECK-NEXT:    [[APART:%.*]] = or i1 [[BEFORE]], [[AFTER]]
; CHECK-NEXT:    [[BOTH:%.*]] = and i1 true, [[APART]]
; CHECK-NEXT:    [[FITS:%.*]] = xor i1 [[OVERFLOW:%.*]], true
; CHECK-NEXT:    %ferry.ranges.apart = and i1 [[BOTH]], [[FITS]]
; CHECK-NEXT:    br i1 %ferry.ranges.apart, label %ferry.ring.entry, label %ferry.as.written.entry
; CHECK:       ferry.as.written.entry:
; CHECK-NEXT:    [[SLOT0:%.*]] = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @tile.ferry.ring to ptr), i64 %t.wide
; CHECK-NEXT:    [[NEIGHBOUR0:%.*]] = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @tile.ferry.ring to ptr), i64 %t1.wide
; CHECK-NEXT:    br label %loop.as.written
; CHECK:       ferry.ring.entry:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       loop:
; CHECK-NEXT:    %ferry.iteration = phi i32
; CHECK-NOT:     overflow
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 15)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     overflow
; CHECK:         store i32 %acc.next, ptr %o.b, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     overflow
; CHECK:         %ferry.runs = icmp ugt i32 {{%.*}}, 15
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; CHECK:       loop.as.written:
; CHECK-NOT:     cp.async
; CHECK:         [[V:%.*]] = load i32, ptr %src{{[0-9]+}}, align 4
; CHECK-NEXT:    store i32 [[V]], ptr [[SLOT0]], align 4, !tbaa !0
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         load i32, ptr [[NEIGHBOUR0]]
; CHECK-NOT:     cp.async
; CHECK:         br i1 %done{{[0-9]+}}, label %exit, label %loop.as.written
; CHECK:       exit:
; CHECK-NEXT:    %result = phi i32 [ 0, %entry ], [ %acc.next, %ferry.issued ], [ %acc.next{{[0-9]+}}, %loop.as.written ]
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: iteration i ends issuing the copy of iteration i+16 into the slot it read, of a ring of shared buffers, and waits only for its own (16 stages: the most stages ferry chooses by itself); behind a range check before the loop: the bytes the copies read, over the block and every iteration, do not overlap those that the store to %o.b writes, else the loop runs as written
; REMARK-NOT:  remark:

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
