; A pipelined loop whose copies take the block-collective form (1-byte
; elements, so the default -ferry-collective=auto uses it) and whose
; addresses are affine in the iteration (in[b * blockDim.x + t]): the loop
; is versioned. One check before it, on uniform values, proves that every
; iteration's chunks fit: a row of blockDim.x bytes is a multiple of 16,
; row 0's source is 16-byte aligned at iteration 0 and so is the step from
; one iteration to the next (unless the loop runs once), and the narrow
; source index (unsigned b * blockDim.x + t, widened without a no-wrap
; flag) stays within its range, less a row, between its first and last
; iteration; the last iteration's index must be under 2^31. When it holds,
; the ring issues its chunks with no check and no fallback (row 0's first
; chunks_per_row threads), the source's chunk address stepped each
; iteration: in the loop behind one branch with 8 stages, in a loop that
; runs at most once with 4 (and in the prologue); otherwise the loop runs as written, copying into slot 0
; of the ring (the original array is gone), its copy marked as written so
; that no pass of ferry's converts it.
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
; RUN: %opt -ferry-stages=4 -passes=ferry-pipeline,ferry-async-copy -S %s -o %t4.ll
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy -S %s -o %tauto.ll
; RUN: FileCheck --check-prefix=AUTO %s < %tauto.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %tauto.ll -o %tauto.ptx
; RUN: %ptxas -arch=sm_90a %tauto.ptx -o /dev/null
; RUN: FileCheck --check-prefix=FOUR %s < %t4.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t4.ll -o %t4.ptx
; RUN: %ptxas -arch=sm_90a %t4.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 1

; __global__ void bytes(const char *__restrict__ in, int *__restrict__ out, unsigned n) {
;   __shared__ char tile[1024];
;   unsigned t = threadIdx.x;
;   int acc = 0;
;   for (unsigned b = 0; b < n; b++) {
;     tile[t] = in[b * blockDim.x + t];
;     __syncthreads();
;     acc += tile[t] * 3 + tile[t ^ 1];
;     __syncthreads();
;   }
;   out[blockIdx.x * blockDim.x + t] = acc;
; }
define dso_local ptx_kernel void @bytes(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %none = icmp eq i32 %n, 0
  %ntid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br i1 %none, label %exit, label %preheader

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t1.wide
  br label %loop

exit:
  %result = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %o.first = mul i32 %ctaid, %ntid
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  ret void

loop:
  %b = phi i32 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = mul i32 %b, %ntid
  %i = add i32 %first, %t
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds nuw i8, ptr %in, i64 %i.wide
  %v = load i8, ptr %src, align 1, !tbaa !6
  store i8 %v, ptr %dst, align 1, !tbaa !6
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i8, ptr %dst, align 1, !tbaa !6
  %own.int = sext i8 %own to i32
  %own3 = mul nsw i32 %own.int, 3
  %next = load i8, ptr %neighbour, align 1, !tbaa !6
  %next.int = sext i8 %next to i32
  %sum = add i32 %acc, %next.int
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw i32 %b, 1
  %done = icmp eq i32 %b.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4
}

; CHECK-NOT:   @tile =
; CHECK:       @tile.ferry.ring = internal addrspace(3) global [8 x [1024 x i8]] poison, align 16
; CHECK-NOT:   @tile =
; CHECK-LABEL: define dso_local ptx_kernel void @bytes(
; CHECK:       preheader:
; CHECK:         %ferry.last = zext i32 {{%.*}} to i64
; CHECK:         [[ONCE:%.*]] = icmp eq i64 %ferry.last, 0
; The row's bytes, ntid.x * 1, a multiple of 16.
; CHECK:         [[ROWBYTES:%.*]] = mul i64 {{%.*}}, 1
; CHECK-NEXT:    [[ROWLOW:%.*]] = and i64 [[ROWBYTES]], 15
; CHECK-NEXT:    icmp eq i64 [[ROWLOW]], 0
; Row 0's source at iteration 0, and the step to iteration 1.
; CHECK:         [[S00:%.*]] = ptrtoint ptr addrspace(1) {{%.*}} to i64
; CHECK-NEXT:    [[S00LOW:%.*]] = and i64 [[S00]], 15
; CHECK:         [[S01:%.*]] = ptrtoint ptr addrspace(1) {{%.*}} to i64
; CHECK-NEXT:    [[STEP:%.*]] = sub i64 [[S01]], [[S00]]
; CHECK-NEXT:    [[STEPLOW:%.*]] = and i64 [[STEP]], 15
; CHECK-NEXT:    [[STEPALIGNED:%.*]] = icmp eq i64 [[STEPLOW]], 0
; CHECK-NEXT:    or i1 [[ONCE]], [[STEPALIGNED]]
; The narrow index: its step times the last iteration, and its extremes
; against [0, 2^32 - 1 - (ntid.x - 1)].
; CHECK:         mul i64 {{%.*}}, %ferry.last
; CHECK:         [[HIGH:%.*]] = sub i64 4294967295, {{%.*}}
; CHECK:         icmp sge i64 {{%.*}}, 0
; CHECK:         icmp sle i64 {{%.*}}, [[HIGH]]
; CHECK:         icmp ult i64 %ferry.last, 2147483648
; CHECK-NEXT:    %ferry.ring.fits = and i1
; CHECK-NEXT:    br i1 %ferry.ring.fits, label %ferry.ring.entry, label %ferry.as.written.entry
; The version kept as written reads and writes slot 0 of the ring.
; CHECK:       ferry.as.written.entry:
; CHECK-NEXT:    [[SLOT0:%.*]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @tile.ferry.ring to ptr), i64 %t.wide
; CHECK-NEXT:    [[SLOT0N:%.*]] = getelementptr i8, ptr addrspacecast (ptr addrspace(3) @tile.ferry.ring to ptr), i64 %t1.wide
; CHECK-NEXT:    br label %loop.as.written
; The ring's prologue: chunks without a check, eight commit groups, the
; last for iteration 7 when it runs; the loop's chunk address starts at
; iteration 8's.
; CHECK:       ferry.ring.entry:
; CHECK-NOT:     ferry.aligned
; CHECK:         mul i32 8, %ntid
; CHECK:         %ferry.chunk.address = getelementptr i8, ptr addrspace(1) {{%.*}}, i64 %ferry.chunk.offset{{[0-9]*}}
; CHECK:         %ferry.chunk.source.step = freeze i64
; CHECK:         br i1 %ferry.chunk.first.row, label %[[FIRST:ferry.copy.chunk[0-9]*]], label %{{.*}}
; CHECK:       [[FIRST]]:
; CHECK-NEXT:    %ferry.chunk.column.at{{[0-9]*}} = phi i32
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK-NOT:     ferry.copy.original
; CHECK-COUNT-7: call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    %ferry.runs{{[0-9]+}} = icmp uge i32 %ferry.last.iteration, 7
; CHECK:         mul i32 7, %ntid
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br label %loop
; CHECK-NOT:     cp.async.commit.group
; Both versions leave through the exit.
; CHECK:       exit:
; CHECK-NEXT:    %result = phi i32 [ 0, %entry ], [ %acc.next, %ferry.issued ], [ [[ACC_WRITTEN:%.*]], %loop.as.written ]
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; The ring: the source's chunk address steps each iteration.
; CHECK:       loop:
; CHECK-NEXT:    %ferry.chunk.source = phi ptr addrspace(1) [ %ferry.chunk.address, %{{.*}} ], [ [[NEXT_SOURCE:%.*]], %ferry.issued ]
; CHECK-NOT:     cp.async.cg.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 7)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         [[NEXT_SOURCE]] = getelementptr i8, ptr addrspace(1) %ferry.chunk.source, i64 %ferry.chunk.source.step
; CHECK-NEXT:    [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    %ferry.runs = icmp ugt i32 [[LEFT]], 7
; CHECK-NEXT:    br i1 %ferry.runs, label %ferry.issue, label %ferry.issued
; CHECK:       ferry.issue:
; CHECK-NEXT:    getelementptr [8 x [1024 x i8]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 %ferry.slot.compute
; CHECK:         [[D:%ferry.chunk.address[0-9]+]] = getelementptr i8, ptr addrspace(3) {{%.*}}, i64 %ferry.chunk.offset
; CHECK-NEXT:    br i1 %ferry.chunk.first.row, label %ferry.copy.chunk, label %ferry.join
; CHECK:       ferry.copy.chunk:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[D]], ptr addrspace(1) %ferry.chunk.source)
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.join:
; CHECK-NEXT:    br label %ferry.issued
; CHECK:       ferry.issued:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; The loop as written: its own copy, marked, and no asynchronous copy.
; CHECK:       loop.as.written:
; CHECK-NOT:     cp.async
; CHECK:         [[V:%.*]] = load i8, ptr %src{{[0-9]+}}, align 1
; CHECK-NEXT:    store i8 [[V]], ptr [[SLOT0]], align 1, !tbaa !{{[0-9]+}}
; CHECK-NOT:     cp.async
; CHECK:         [[ACC_WRITTEN]] = add i32
; CHECK-NOT:     cp.async
; CHECK:         br i1 %done{{[0-9]+}}, label %exit, label %loop.as.written

; With 4 stages, the loop's issue is a loop over the block's chunks.
; FOUR-LABEL: define dso_local ptx_kernel void @bytes(
; FOUR:       loop:
; FOUR:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; FOUR:       ferry.copy.chunk:
; FOUR-NEXT:    %ferry.chunk.column.at = phi i32
; FOUR-NEXT:    [[DPASSED:%.*]] = phi i64 [ 0, %ferry.issue ]
; FOUR-NEXT:    [[SPASSED:%.*]] = phi i64 [ 0, %ferry.issue ]
; FOUR-NEXT:    [[D:%.*]] = getelementptr i8, ptr addrspace(3) %ferry.chunk.address{{[0-9]*}}, i64 [[DPASSED]]
; FOUR-NEXT:    [[S:%.*]] = getelementptr i8, ptr addrspace(1) %ferry.chunk.source, i64 [[SPASSED]]
; FOUR-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[D]], ptr addrspace(1) [[S]])
; FOUR:         icmp ult i32 {{%.*}}, %ferry.chunks.per.row
; FOUR-NEXT:    br i1 {{%.*}}, label %ferry.copy.chunk, label %ferry.join
; FOUR:       ferry.issued:
; FOUR-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; FOUR-NEXT:    br i1 %done, label %exit, label %loop

; With its stages chosen as the kernel runs (16 slots of 1 KiB: 16, 8, 4
; or 2 by the bytes in flight), a copy of the loop for each count: the
; copies of 16 and 8 stages issue behind one branch, those of 4 and 2 in a
; loop; the test of the count, each copy's own, is gone.
; AUTO-NOT:     ferry.chunks.branch
; AUTO:       loop:
; AUTO:       ferry.copy.chunk:
; AUTO-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(
; AUTO-NEXT:    br label %ferry.join
; AUTO:       loop.s8:
; AUTO:       ferry.copy.chunk.s8:
; AUTO-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(
; AUTO-NEXT:    br label %ferry.join.s8
; AUTO:       loop.s4:
; AUTO:       [[S4:ferry.copy.chunk[0-9]+.s4]]:
; AUTO-NEXT:    %ferry.chunk.column.at{{[0-9]+}} = phi i32
; AUTO:         br i1 {{%.*}}, label %[[S4]], label %ferry.join{{[0-9]+}}.s4
; AUTO:       loop.s2:
; AUTO:       [[S2:ferry.copy.chunk[0-9]+.s2]]:
; AUTO-NEXT:    %ferry.chunk.column.at{{[0-9]+}} = phi i32
; AUTO:         br i1 {{%.*}}, label %[[S2]], label %ferry.join{{[0-9]+}}.s2
; AUTO-NOT:     ferry.chunks.branch

; REMARK:      remark: <unknown>:0:0: converted a 1-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 8 stages: iteration i ends issuing the copy of iteration i+8 into the slot it read, of a ring of shared buffers, and waits only for its own (8 stages: as -ferry-stages=8 asks); one check before the loop finds every row's addresses fit for 16-byte chunks in every iteration, else the loop runs as written
; REMARK-NOT:  remark:

; PTX-LABEL: .entry bytes(
; PTX:         .shared .align 16 .b8 tile_$_ferry_$_ring[8192];
; PTX-NOT:     .shared .align {{.*}} tile[
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX:         cp.async.wait_group 7;
; PTX-NEXT:    bar.sync 0;
; PTX:         cp.async.wait_all;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
!6 = !{!2, !2, i64 0}
