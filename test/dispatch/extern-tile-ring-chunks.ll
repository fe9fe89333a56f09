; A per-launch ring (extern-tile-ring-per-launch.ll) in 16-byte chunks of
; the block: the kernel's second variant, stream__ferry_alt, beside the
; variant's per-thread ring, each launch shape's trial choosing. Its loop
; is versioned (pipeline_version.c): one check before it that the rows'
; bytes (ntid.x * 4), the source of iteration 0 and its step, and slot 0,
; the extern array itself, are 16-byte aligned; where they are not, the
; loop as written. Its S is the lesser of the launch's (the most stages
; the dynamic shared memory holds) and the bytes in flight's
; (launch_in_flight, pipeline_plan.h): for 4 to 64 stages of a slot of
; the launch's stride, at most 32 KiB over the blocks a multiprocessor
; holds, tested with the stride known only as the kernel runs; a block
; alone on its multiprocessor keeps the launch's S (up to 64, one barrier
; an iteration from 32). Measured (H200, bench/copy_extern, 1 KiB tiles):
; 16 stages at 4 and 8 blocks per SM 85 and 83 % of the cudaMemcpy roof,
; so chosen 93 and 92 %; by hand at one block, 64 stages with one barrier
; 95 %, 32 stages 90 %. Without the bound the chunks would keep the
; launch's stages at every launch; a per-thread ring keeps the launch's S
; (its mask follows the launch's select at once:
; extern-tile-ring-per-launch.ll).
;
; RUN: %opt -passes=ferry-dispatch-variants,ferry-pipeline,ferry-async-copy,ferry-dispatch-finish \
; RUN:   -pass-remarks=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %opt -passes=ferry-dispatch-variants,ferry-pipeline,ferry-async-copy,ferry-dispatch-finish \
; RUN:   -ferry-collective=always -pass-remarks=ferry -S %s -o /dev/null 2>&1 \
; RUN:   | FileCheck --check-prefix=ALWAYS %s
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

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

; CHECK-LABEL: define dso_local ptx_kernel void @stream__ferry_ring(
; CHECK-NOT:     cp.async.cg
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     cp.async.cg
; CHECK-LABEL: define dso_local ptx_kernel void @stream__ferry_alt(
; CHECK:         %ferry.slot.stride = and i64 {{%.*}}, -16
; CHECK:         [[LAUNCH:%.*]] = select i1 {{%.*}}, i32 64, i32 {{%.*}}
; CHECK:         call i32 @llvm.nvvm.read.ptx.sreg.nsmid()
; CHECK:         %ferry.blocks.per.sm = select i1
; CHECK-NEXT:    [[MANY:%.*]] = icmp ult i64 32, %ferry.blocks.per.sm
; CHECK-NEXT:    %ferry.blocks.held = select i1 [[MANY]], i64 32, i64 %ferry.blocks.per.sm
; CHECK-NEXT:    [[FOUR:%.*]] = mul i64 %ferry.slot.stride, 4
; CHECK-NEXT:    [[MOST4:%.*]] = udiv i64 32768, [[FOUR]]
; CHECK-NEXT:    [[FITS4:%.*]] = icmp ule i64 %ferry.blocks.held, [[MOST4]]
; CHECK-NEXT:    [[S4:%.*]] = select i1 [[FITS4]], i32 4, i32 2
; CHECK-NEXT:    [[EIGHT:%.*]] = mul i64 %ferry.slot.stride, 8
; CHECK-NEXT:    [[MOST8:%.*]] = udiv i64 32768, [[EIGHT]]
; CHECK-NEXT:    [[FITS8:%.*]] = icmp ule i64 %ferry.blocks.held, [[MOST8]]
; CHECK-NEXT:    [[S8:%.*]] = select i1 [[FITS8]], i32 8, i32 [[S4]]
; CHECK-NEXT:    [[SIXTEEN:%.*]] = mul i64 %ferry.slot.stride, 16
; CHECK-NEXT:    [[MOST16:%.*]] = udiv i64 32768, [[SIXTEEN]]
; CHECK-NEXT:    [[FITS16:%.*]] = icmp ule i64 %ferry.blocks.held, [[MOST16]]
; CHECK-NEXT:    [[S16:%.*]] = select i1 [[FITS16]], i32 16, i32 [[S8]]
; CHECK-NEXT:    [[THIRTYTWO:%.*]] = mul i64 %ferry.slot.stride, 32
; CHECK-NEXT:    [[MOST32:%.*]] = udiv i64 32768, [[THIRTYTWO]]
; CHECK-NEXT:    [[FITS32:%.*]] = icmp ule i64 %ferry.blocks.held, [[MOST32]]
; CHECK-NEXT:    [[S32:%.*]] = select i1 [[FITS32]], i32 32, i32 [[S16]]
; CHECK-NEXT:    [[SIXTYFOUR:%.*]] = mul i64 %ferry.slot.stride, 64
; CHECK-NEXT:    [[MOST64:%.*]] = udiv i64 32768, [[SIXTYFOUR]]
; CHECK-NEXT:    [[FITS64:%.*]] = icmp ule i64 %ferry.blocks.held, [[MOST64]]
; CHECK-NEXT:    [[S64:%.*]] = select i1 [[FITS64]], i32 64, i32 [[S32]]
; CHECK-NEXT:    [[FEWER:%.*]] = icmp ult i32 [[S64]], [[LAUNCH]]
; CHECK-NEXT:    %ferry.blocks.shared = icmp ne i64 %ferry.blocks.per.sm, 1
; CHECK-NEXT:    [[BOUND:%.*]] = and i1 [[FEWER]], %ferry.blocks.shared
; CHECK-NEXT:    %ferry.stage.count = select i1 [[BOUND]], i32 [[S64]], i32 [[LAUNCH]]
; CHECK-NEXT:    %ferry.stage.mask = sub i32 %ferry.stage.count, 1
; CHECK-NEXT:    %ferry.one.barrier = icmp uge i32 %ferry.stage.mask, 31
; CHECK:         %ferry.ring.fits = and i1
; CHECK-NEXT:    br i1 %ferry.ring.fits, label %ferry.ring.entry, label %ferry.as.written.entry
; CHECK:       ferry.prologue.stage:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; The 64 stages, one barrier: the chunk's address before the wait, and
; after the barrier a cp.async predicated on the iteration running and the
; thread issuing, with no branch.
; CHECK:       loop:
; CHECK:         %ferry.runs = icmp uge i32 {{%.*}}, 63
; CHECK:         [[CHUNK:%ferry.chunk.address[0-9]+]] = getelementptr i8, ptr addrspace(3) {{%.*}}, i64 %ferry.chunk.offset
; CHECK-NOT:     cp.async
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 62)
; CHECK:       ferry.waited:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    [[ISSUES:%ferry.chunk.issues[0-9]*]] = and i1 %ferry.runs, %ferry.chunk.first.row
; CHECK-NEXT:    [[FLAG:%.*]] = zext i1 [[ISSUES]] to i32
; CHECK-NEXT:    [[TO:%.*]] = ptrtoint ptr addrspace(3) [[CHUNK]] to i32
; CHECK-NEXT:    [[FROM:%.*]] = ptrtoint ptr addrspace(1) %ferry.chunk.source to i64
; CHECK-NEXT:    call void asm sideeffect "{ .reg .pred issue; setp.ne.b32 issue, $2, 0; @issue cp.async.cg.shared.global [$0], [$1], 16; }", "r,l,r,~{memory}"(i32 [[TO]], i64 [[FROM]], i32 [[FLAG]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NOT:     cp.async.cg.shared.global.16(
; CHECK:       loop.as.written:
; CHECK-NOT:     cp.async
; CHECK:         store i32 %v{{.*}}, ptr %dst
; CHECK-NOT:     cp.async
; CHECK:         br i1 %done{{.*}}, label %exit, label %loop.as.written
; CHECK:       ferry.loop.ends:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; Two barriers (16 stages): the chunks behind their branch, as before.
; CHECK:       loop.s16:
; CHECK:       ferry.waited.s16:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     asm sideeffect
; CHECK:         br i1 %ferry.chunk.first.row
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over S stages chosen per launch
; REMARK-NEXT: remark: <unknown>:0:0: the kernel's second variant is stream__ferry_alt, the kernel converted another way than its variant (its rings issue 16-byte chunks of the block where the variant's issue each thread's copy)

; ALWAYS: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over S stages chosen per launch: iteration i ends issuing the copy of iteration i+S into the slot it read, of a ring of S slots in the launch's dynamic shared memory, and waits only for its own; where S is 32 or more, it issues the copy of iteration i+S-1 just after the barrier instead, into the slot iteration i-1 read, and the barrier that ended each iteration ends the loop (S: as many as the launch's dynamic shared memory holds and keep 32 KiB in flight on a multiprocessor with the blocks it holds, at most 64: the most stages ferry chooses by itself, which a launch gets only where its block is alone on a multiprocessor, and 16 elsewhere)
; ALWAYS-NOT: second variant

; PTX-LABEL: .entry stream__ferry_alt(
; PTX:         div.u32 {{%r[0-9]+}}, 32768, {{%r[0-9]+}};
; PTX:         cp.async.cg.shared.global [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], 16;
; PTX:         cp.async.wait_group 62;
; PTX:         @issue cp.async.cg.shared.global [{{%r[0-9]+}}], [{{%rd[0-9]+}}], 16;
; PTX:         cp.async.wait_group 30;
; PTX:         cp.async.wait_group 15;
; PTX:         cp.async.wait_group 7;
; PTX:         cp.async.wait_group 3;
; PTX:         cp.async.wait_group 1;
; PTX:         cp.async.wait_group 0;

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
