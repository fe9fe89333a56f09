; A launch dispatch's variant pipelines an extern __shared__ tile with no
; annotate("ferry:dynamic_shared") in the launch's dynamic shared memory,
; its stages chosen per launch (pipeline_dynamic.h), and is named
; K__ferry_ring (dispatch.h): before the loop, the slots' stride is the
; furthest end of the loop's accesses with thread indices bounded by the
; launch's block size (tid.x ^ 1 below ntid.x, 16-byte rounded, never 0),
; and S the most stages, a power of two up to 64 (FERRY_LAUNCH_MAX_STAGES:
; the host gives more than 16 only to a block alone on its
; multiprocessor), whose slots %dynamic_smem_size holds, else 1 (slot 0 at
; offset 0: the tile where the kernel as written has it, one stage at a
; time). The prologue is a loop over k <= S - 1 (S - 2 where S takes one
; barrier: from 32), issuing iteration k into slot k where it runs and
; committing one group each. The rewritten loop is then copied once for
; each count S may take (64, 32, 16, 8, 4, 2, and 1 where no other is), S
; fixed in each: iteration i waits for the groups its form leaves pending
; before its barrier with one wait_group (a chain of tests of S, in one
; loop, measured slower: docs/RULES.md). With 64 and 32 stages, one
; barrier an iteration (ONE_BARRIER_STAGES): wait_group S-2, then just
; after the barrier the issue of iteration i+S-1 into slot (i+S-1) &
; (S-1), which iteration i-1 read, while last - i >= S-1, and its commit;
; the barrier that ended each iteration only where the loop exits. With
; 16 and fewer, both barriers: wait_group S-1, and at the iteration's end,
; after its second barrier, the issue of iteration i+S into slot i &
; (S-1), the slot it read, while last - i > S-1, and its commit. No static
; ring, no trap: any launch's bytes are right. The kernel as written is
; untouched. Beside it, the kernel's second variant, stream__ferry_alt,
; takes the same ring in 16-byte chunks of the block
; (extern-tile-ring-chunks.ll checks that form). -ferry-stages=16 asks
; for at most 16 stages: the loop keeps both barriers (STAGES16).
;
;   extern __shared__ int tile[];
;   for (int b = 0; b < n; b++) {
;     tile[t] = in[b * 256 + t]; __syncthreads();
;     acc += tile[t] * 3 + tile[t ^ 1]; __syncthreads();
;   }
;
; RUN: %opt -passes=ferry-dispatch-variants,ferry-pipeline,ferry-async-copy,ferry-dispatch-finish \
; RUN:   -pass-remarks=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
; RUN: %opt -ferry-stages=16 -passes=ferry-dispatch-variants,ferry-pipeline,ferry-async-copy,ferry-dispatch-finish \
; RUN:   -S %s -o %t.16.ll
; RUN: FileCheck --check-prefix=STAGES16 %s < %t.16.ll

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = external dso_local addrspace(3) global [0 x i32], align 4

define dso_local ptx_kernel void @stream(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
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

; CHECK:         @tile = external dso_local addrspace(3) global [0 x i32], align 4
; CHECK-NOT:     ferry.ring
; CHECK-LABEL: define dso_local ptx_kernel void @stream(
; CHECK-NOT:     cp.async
; CHECK:         ret void

; CHECK-LABEL: define dso_local ptx_kernel void @stream__ferry_ring(
; CHECK-NOT:     llvm.trap
; CHECK:         [[BYTES32:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.dynamic_smem_size()
; CHECK-NEXT:    %ferry.dynamic.bytes = zext i32 [[BYTES32]] to i64
; CHECK:         %ferry.ntid = zext i32 {{%.*}} to i64
; CHECK:         %ferry.slot.stride = and i64 {{%.*}}, -16
; CHECK-NEXT:    [[TWO:%.*]] = mul i64 %ferry.slot.stride, 2
; CHECK-NEXT:    [[FITS2:%.*]] = icmp ule i64 [[TWO]], %ferry.dynamic.bytes
; CHECK-NEXT:    [[S2:%.*]] = select i1 [[FITS2]], i32 2, i32 1
; CHECK:         [[S64:%.*]] = select i1 {{%.*}}, i32 64, i32 {{%.*}}
; CHECK-NEXT:    %ferry.stage.mask = sub i32 [[S64]], 1
; CHECK-NEXT:    %ferry.one.barrier = icmp uge i32 %ferry.stage.mask, 31
; CHECK:         br label %ferry.prologue
; CHECK:       ferry.prologue:
; CHECK-NEXT:    [[K:%.*]] = phi i32 [ 0, %preheader ], [ [[K_NEXT:%.*]], %ferry.prologue.next ]
; CHECK-NEXT:    [[LESS:%.*]] = sub i32 %ferry.stage.mask, 1
; CHECK-NEXT:    [[LAST:%.*]] = select i1 %ferry.one.barrier, i32 [[LESS]], i32 %ferry.stage.mask
; CHECK-NEXT:    %ferry.stage.wanted = icmp ule i32 [[K]], [[LAST]]
; CHECK-NEXT:    br i1 %ferry.stage.wanted, label %ferry.prologue.stage, label %ferry.prologue.done
; CHECK:       ferry.prologue.stage:
; CHECK-NEXT:    [[RUNS:%.*]] = icmp uge i32 %ferry.last.iteration, [[K]]
; CHECK-NEXT:    br i1 [[RUNS]], label %[[ISSUE:.*]], label %[[ISSUED:.*]]
; CHECK:       [[ISSUE]]:
; CHECK-NEXT:    [[K64:%.*]] = zext i32 [[K]] to i64
; CHECK-NEXT:    [[OFFSET:%.*]] = mul i64 [[K64]], %ferry.slot.stride
; CHECK-NEXT:    getelementptr i8, ptr addrspace(3) @tile, i64 [[OFFSET]]
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       [[ISSUED]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK:       ferry.prologue.next:
; CHECK-NEXT:    [[K_NEXT]] = add i32 [[K]], 1
; CHECK-NEXT:    br label %ferry.prologue
; CHECK:       ferry.prologue.done:
; CHECK-NEXT:    %ferry.stages.are = icmp eq i32 %ferry.stage.mask, 63
; CHECK-NEXT:    br i1 %ferry.stages.are, label %ferry.stages.fixed, label %ferry.stages.fewer
; CHECK:       ferry.stages.fewer:
; CHECK-NEXT:    {{%.*}} = icmp eq i32 %ferry.stage.mask, 31
; CHECK:         {{%.*}} = icmp eq i32 %ferry.stage.mask, 15
; CHECK:         {{%.*}} = icmp eq i32 %ferry.stage.mask, 7
; CHECK:         {{%.*}} = icmp eq i32 %ferry.stage.mask, 3
; CHECK:         {{%.*}} = icmp eq i32 %ferry.stage.mask, 1
; CHECK-NOT:     icmp eq i32 %ferry.stage.mask
; The 64 stages: one barrier.
; CHECK:       loop:
; CHECK-NOT:     cp.async
; CHECK:         %ferry.slot.compute = and i32 %ferry.iteration, 63
; CHECK-NEXT:    [[AHEAD:%.*]] = add i32 %ferry.iteration, 63
; CHECK-NEXT:    %ferry.slot.issue = and i32 [[AHEAD]], 63
; CHECK:         [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    %ferry.runs = icmp uge i32 [[LEFT]], 63
; The issue's slot, before the wait; after the barrier, the cp.async alone.
; CHECK-NEXT:    [[SLOT64:%.*]] = zext i32 %ferry.slot.issue to i64
; CHECK-NEXT:    [[OFFSET64:%.*]] = mul i64 [[SLOT64]], %ferry.slot.stride
; CHECK-NEXT:    getelementptr i8, ptr addrspace(3) @tile, i64 [[OFFSET64]]
; CHECK-NOT:     cp.async
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 62)
; CHECK:       ferry.waited:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    br i1 %ferry.runs, label %ferry.issue, label %ferry.issued
; CHECK:       ferry.issue:
; CHECK-NOT:     mul
; CHECK-NOT:     ferry.slot.issue
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       ferry.issued:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NOT:     cp.async
; CHECK-NOT:     barrier.cta
; CHECK:         %done = icmp eq i32 %b.next, %n
; CHECK-NOT:     barrier.cta
; CHECK:         br i1 %done, label %ferry.loop.ends, label %loop
; CHECK:       ferry.loop.ends:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    br label %exit
; The 32 stages: one barrier.
; CHECK:       loop.s32:
; CHECK:         {{%.*}} = and i32 {{%.*}}, 31
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 30)
; CHECK:       ferry.issue.s32:
; CHECK:       ferry.loop.ends.s32:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; The 16 stages: both barriers, the second before the issue, none on the
; exit edge; none of the other form's blocks left.
; CHECK:       loop.s16:
; CHECK:         {{%.*}} = and i32 {{%.*}}, 15
; CHECK:       ferry.waited.s16:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %ferry.stages{{[0-9]+}} = add i32 15, 1
; CHECK-NEXT:    [[LEFT16:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration{{[0-9]+}}
; CHECK-NEXT:    %ferry.runs{{[0-9]+}} = icmp ugt i32 [[LEFT16]], 15
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 15)
; CHECK:       ferry.loop.ends.s16:
; CHECK-NEXT:    br label %exit
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK:       loop.s8:
; CHECK:         {{%.*}} = and i32 {{%.*}}, 7
; CHECK:       loop.s4:
; CHECK:         {{%.*}} = and i32 {{%.*}}, 3
; CHECK:       loop.s2:
; CHECK:         {{%.*}} = and i32 {{%.*}}, 1
; CHECK:       loop.s1:
; CHECK:         {{%.*}} = and i32 {{%.*}}, 0
; CHECK:         call void @llvm.nvvm.cp.async.wait.all()
; CHECK-NOT:     define dso_local ptx_kernel void @stream__ferry(

; STAGES16-LABEL: define dso_local ptx_kernel void @stream__ferry_ring(
; STAGES16:         [[S16:%.*]] = select i1 {{%.*}}, i32 16, i32 {{%.*}}
; STAGES16-NEXT:    %ferry.stage.mask = sub i32 [[S16]], 1
; STAGES16-NOT:     ferry.one.barrier
; STAGES16:         %ferry.stage.wanted = icmp ule i32 {{%.*}}, %ferry.stage.mask
; STAGES16:         %ferry.stages.are = icmp eq i32 %ferry.stage.mask, 15
; STAGES16-NOT:     ferry.one.barrier
; STAGES16-NOT:     ferry.loop.exits
; STAGES16:         call void @llvm.nvvm.cp.async.wait.group(i32 15)
; STAGES16-NOT:     ferry.one.barrier
; STAGES16-NOT:     ferry.loop.exits
; STAGES16:         ret void

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over S stages chosen per launch: iteration i ends issuing the copy of iteration i+S into the slot it read, of a ring of S slots in the launch's dynamic shared memory, and waits only for its own; where S is 32 or more, it issues the copy of iteration i+S-1 just after the barrier instead, into the slot iteration i-1 read, and the barrier that ended each iteration ends the loop (S: as many as the launch's dynamic shared memory holds, at most 64: the most stages ferry chooses by itself, which a launch gets only where its block is alone on a multiprocessor, and 16 elsewhere)
; REMARK-NEXT: remark: <unknown>:0:0: the kernel's second variant is stream__ferry_alt, the kernel converted another way than its variant (its rings issue 16-byte chunks of the block where the variant's issue each thread's copy)
; REMARK-NEXT: remark: <unknown>:0:0: the kernel stays as written and its converted copy is the variant stream__ferry_ring, whose extern __shared__ tile's ring takes its stages from the launch's dynamic shared memory
; REMARK-NOT:  remark:

; PTX-LABEL: .entry stream__ferry_ring(
; PTX-NOT:     .shared .align 16
; PTX:         %dynamic_smem_size;
; PTX:         cp.async.wait_group 62;
; PTX-NOT:     cp.async
; PTX:         bar.sync 0;
; PTX-NOT:     cp.async.wait_group
; PTX:         cp.async.wait_group 30;
; PTX-NOT:     cp.async
; PTX:         bar.sync 0;
; PTX-NOT:     cp.async.wait_group
; PTX:         cp.async.wait_group 15;
; PTX-NOT:     cp.async
; PTX:         bar.sync 0;
; PTX-NOT:     cp.async.wait_group
; PTX:         cp.async.wait_group 7;
; PTX-NOT:     cp.async
; PTX:         bar.sync 0;
; PTX-NOT:     cp.async.wait_group
; PTX:         cp.async.wait_group 3;
; PTX-NOT:     cp.async
; PTX:         bar.sync 0;
; PTX-NOT:     cp.async.wait_group
; PTX:         cp.async.wait_group 1;
; PTX-NOT:     cp.async
; PTX:         bar.sync 0;
; PTX-NOT:     cp.async.wait_group
; PTX:         cp.async.wait_group 0;
; PTX-NOT:     cp.async
; PTX:         bar.sync 0;
; PTX-NOT:     cp.async.wait_group
; PTX-LABEL: .entry stream__ferry_alt(

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
