; The copy loop of a streaming kernel, over a static 1 KiB tile and
; __restrict__ pointers:
;
;   __global__ void stream(const int *__restrict__ in, int *__restrict__ out, int n) {
;     __shared__ int tile[256];
;     int t = threadIdx.x, acc = 0;
;     for (int b = 0; b < n; b++) {
;       tile[t] = in[b * 256 + t];
;       __syncthreads();
;       acc += tile[t] * 3 + tile[(t + 1) & 255];
;       __syncthreads();
;     }
;     out[blockIdx.x * 256 + t] = acc;
;   }
;
; becomes, with -ferry-stages=8, an 8-stage ring (by itself it would take
; 16 stages: stages-1-kib-tile.ll): the tile is replaced by @tile.ferry.ring, [8 x
; [256 x i32]] aligned 16; the preheader computes the last iteration's
; index (n - 0 - 1) and issues iterations 0..7 into slots 0..7, one commit
; group each, every one but the first only if the loop runs that far (last
; >= k); the header counts iterations (ferry.iteration) and masks them with
; 7 into this iteration's slot (ferry.slot.compute), and issues nothing;
; the consumer barrier waits for all but the 7 newest groups; the compute
; reads the compute slot; at the iteration's end, after the second barrier
; and before the latch's branch, when last - i > 7, iteration i issues
; iteration i+8 (its source computed from b + 8) into the slot it read
; (ferry.slot.compute), then commits one group (the copy's own place is
; where it was); the exit waits for everything.
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

; CHECK-NOT:   @tile =
; CHECK:       @tile.ferry.ring = internal addrspace(3) global [8 x [256 x i32]] poison, align 16
; CHECK-NOT:   @tile =
@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @stream(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i32 %n, 0
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
  %b = phi i32 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl nsw i32 %b, 8
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
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw nsw i32 %b, 1
  %done = icmp eq i32 %b.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4

exit:
  %result = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %o.first = shl i32 %ctaid, 8
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @stream(
; CHECK:       preheader:
; CHECK-NOT:     load i32, ptr %src
; CHECK:         [[LAST:%.*]] = sub i32 %n, 1
; CHECK-NEXT:    %ferry.last = zext i32 [[LAST]] to i64
; CHECK-NEXT:    %ferry.last.iteration = trunc i64 %ferry.last to i32
; CHECK-NOT:     br
; CHECK:         [[SLOT0:%.*]] = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @tile.ferry.ring to ptr), i64 %t.wide
; CHECK-NEXT:    [[DST0:%.*]] = addrspacecast ptr [[SLOT0]] to ptr addrspace(3)
; CHECK-NEXT:    [[SRC0:%.*]] = addrspacecast ptr {{%.*}} to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST0]], ptr addrspace(1) [[SRC0]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[RUNS1:%.*]] = icmp uge i32 %ferry.last.iteration, 1
; CHECK-NEXT:    br i1 [[RUNS1]], label %[[COPY1:ferry.issue[0-9]*]], label %[[JOIN1:ferry.issued[0-9]*]]
; CHECK:       [[COPY1]]:
; CHECK:         getelementptr ([8 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 1)
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       [[JOIN1]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    icmp uge i32 %ferry.last.iteration, 2
; CHECK:         getelementptr ([8 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 2)
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    icmp uge i32 %ferry.last.iteration, 3
; CHECK:         getelementptr ([8 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 3)
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    icmp uge i32 %ferry.last.iteration, 4
; CHECK:         getelementptr ([8 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 4)
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    icmp uge i32 %ferry.last.iteration, 5
; CHECK:         getelementptr ([8 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 5)
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    icmp uge i32 %ferry.last.iteration, 6
; CHECK:         getelementptr ([8 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 6)
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    icmp uge i32 %ferry.last.iteration, 7
; CHECK:         shl nsw i32 7, 8
; CHECK:         getelementptr ([8 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 7)
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %ferry.iteration = phi i32 [ 0, %{{.*}} ], [ [[NEXT_ITERATION:%.*]], %{{.*}} ]
; CHECK-NEXT:    %b = phi i32
; CHECK-NEXT:    %acc = phi i32
; CHECK-NEXT:    %ferry.slot.compute = and i32 %ferry.iteration, 7
; CHECK-NEXT:    %ferry.slot = getelementptr [8 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 %ferry.slot.compute
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 7)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    [[C1:%.*]] = addrspacecast ptr addrspace(3) %ferry.slot to ptr
; CHECK-NEXT:    [[OWN:%.*]] = getelementptr i32, ptr [[C1]], i64 %t.wide
; CHECK-NEXT:    %own = load i32, ptr [[OWN]], align 4
; CHECK-NEXT:    %own3 = mul nsw i32 %own, 3
; CHECK-NEXT:    [[C2:%.*]] = addrspacecast ptr addrspace(3) %ferry.slot to ptr
; CHECK-NEXT:    [[NB:%.*]] = getelementptr i32, ptr [[C2]], i64 %t1.wide
; CHECK-NEXT:    %next = load i32, ptr [[NB]], align 4
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %b.next = add nuw nsw i32 %b, 1
; CHECK-NEXT:    %done = icmp eq i32 %b.next, %n
; CHECK-NEXT:    [[NEXT_ITERATION]] = add i32 %ferry.iteration, 1
; CHECK-NEXT:    [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    %ferry.runs = icmp ugt i32 [[LEFT]], 7
; CHECK-NEXT:    br i1 %ferry.runs, label %[[COPY:ferry.issue[0-9]*]], label %[[JOIN:ferry.issued[0-9]*]]
; CHECK:       [[COPY]]:
; CHECK-NEXT:    [[ISSUE_SLOT:%ferry.slot[0-9]+]] = getelementptr [8 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 %ferry.slot.compute
; CHECK-NEXT:    %ferry.ahead = add i32 %b, 8
; CHECK-NEXT:    [[FIRST:%.*]] = shl nsw i32 %ferry.ahead, 8
; CHECK-NEXT:    [[I:%.*]] = add nuw nsw i32 [[FIRST]], %t
; CHECK-NEXT:    [[IWIDE:%.*]] = zext nneg i32 [[I]] to i64
; CHECK-NEXT:    [[AHEAD_SRC:%.*]] = getelementptr inbounds nuw i32, ptr %in, i64 [[IWIDE]]
; CHECK-NEXT:    [[ISSUE_BASE:%.*]] = addrspacecast ptr addrspace(3) [[ISSUE_SLOT]] to ptr
; CHECK-NEXT:    [[AHEAD_DST:%.*]] = getelementptr i32, ptr [[ISSUE_BASE]], i64 %t.wide
; CHECK-NEXT:    [[D:%.*]] = addrspacecast ptr [[AHEAD_DST]] to ptr addrspace(3)
; CHECK-NEXT:    [[S:%.*]] = addrspacecast ptr [[AHEAD_SRC]] to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[D]], ptr addrspace(1) [[S]])
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    %result = phi i32
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 8 stages: iteration i ends issuing the copy of iteration i+8 into the slot it read, of a ring of shared buffers, and waits only for its own
; REMARK-NOT:  remark:

; PTX-LABEL: .entry stream(
; PTX:         .shared .align 16 .b8 tile_$_ferry_$_ring[8192];
; PTX-COUNT-8: cp.async.commit_group;
; PTX:         cp.async.wait_group 7;
; PTX-NEXT:    bar.sync 0;
; PTX:         cp.async.wait_all;
; PTX:         ret;

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
