; A pipelined loop whose copies take the block-collective form (1-byte
; elements) but whose source is not affine in the iteration
; (in[b * b * blockDim.x + t]): the loop cannot be versioned, and every
; issue, in the prologue and in the loop, is the chunked form with its
; run-time check and fallback, computed for the iteration it issues. The
; narrow source index of iteration i+8, issued at iteration i's end, is
; rebuilt from b + 8 and is what the row no-wrap check tests; the
; fallback, marked as written, copies iteration i+8's element into the
; slot iteration i read. (An affine source:
; collective-ring.ll.)
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

@tile = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 1

; __global__ void squares(const char *__restrict__ in, int *__restrict__ out, unsigned n) {
;   __shared__ char tile[1024];
;   unsigned t = threadIdx.x;
;   int acc = 0;
;   for (unsigned b = 0; b < n; b++) {
;     tile[t] = in[b * b * blockDim.x + t];
;     __syncthreads();
;     acc += tile[t] * 3 + tile[t ^ 1];
;     __syncthreads();
;   }
;   out[blockIdx.x * blockDim.x + t] = acc;
; }
define dso_local ptx_kernel void @squares(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
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
  %square = mul i32 %b, %b
  %first = mul i32 %square, %ntid
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
; CHECK-LABEL: define dso_local ptx_kernel void @squares(
; CHECK:       preheader:
; CHECK-NOT:     load i8, ptr %src
; CHECK:         %ferry.row.dst{{[0-9]*}} = getelementptr i8, ptr addrspace(3)
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK-COUNT-8: call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NOT:     cp.async.commit.group
; CHECK:       loop:
; CHECK-NEXT:    %ferry.iteration = phi i32
; CHECK:         %ferry.slot.compute = and i32 %ferry.iteration, 7
; CHECK-NEXT:    %ferry.slot = getelementptr [8 x [1024 x i8]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 %ferry.slot.compute
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 7)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    [[C:%.*]] = addrspacecast ptr addrspace(3) %ferry.slot to ptr
; CHECK-NEXT:    [[OWN:%.*]] = getelementptr i8, ptr [[C]], i64 %t.wide
; CHECK-NEXT:    %own = load i8, ptr [[OWN]], align 1
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    %ferry.runs = icmp ugt i32 [[LEFT]], 7
; CHECK-NEXT:    br i1 %ferry.runs, label %ferry.issue, label %[[JOIN:ferry.issued]]
; CHECK:       ferry.issue:
; CHECK-NEXT:    [[ISSUE_SLOT:%ferry.slot[0-9]+]] = getelementptr [8 x [1024 x i8]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 %ferry.slot.compute
; CHECK-NEXT:    %ferry.ahead = add i32 %b, 8
; CHECK-NEXT:    [[SQUARE:%.*]] = mul i32 %ferry.ahead, %ferry.ahead
; CHECK-NEXT:    [[FIRST:%.*]] = mul i32 [[SQUARE]], %ntid
; CHECK-NEXT:    [[I:%.*]] = add i32 [[FIRST]], %t
; CHECK-NEXT:    [[IWIDE:%.*]] = zext i32 [[I]] to i64
; CHECK-NEXT:    [[AHEAD_SRC:%.*]] = getelementptr inbounds nuw i8, ptr %in, i64 [[IWIDE]]
; CHECK-NEXT:    [[ISSUE_BASE:%.*]] = addrspacecast ptr addrspace(3) [[ISSUE_SLOT]] to ptr
; CHECK-NEXT:    [[AHEAD_DST:%.*]] = getelementptr i8, ptr [[ISSUE_BASE]], i64 %t.wide
; CHECK:       ferry.copy:
; CHECK:         [[DST3:%.*]] = addrspacecast ptr [[AHEAD_DST]] to ptr addrspace(3)
; CHECK-NEXT:    %ferry.row.dst{{[0-9]*}} = getelementptr i8, ptr addrspace(3) [[DST3]], i64 {{%.*}}
; CHECK-NEXT:    [[SRC1:%.*]] = addrspacecast ptr [[AHEAD_SRC]] to ptr addrspace(1)
; CHECK-NEXT:    %ferry.row.src{{[0-9]*}} = getelementptr i8, ptr addrspace(1) [[SRC1]], i64 {{%.*}}
; CHECK:         %ferry.row.index{{[0-9]*}} = sub i32 [[I]], {{%.*}}
; CHECK:         br i1 %ferry.row.no.wrap{{[0-9]*}}, label %[[CHUNKED:ferry.copy.chunked[0-9]*]], label %[[ORIGINAL:ferry.copy.original[0-9]*]]
; CHECK:       [[CHUNKED]]:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK:       [[ORIGINAL]]:
; CHECK-NEXT:    [[V:%.*]] = load i8, ptr [[AHEAD_SRC]], align 1
; CHECK-NEXT:    store i8 [[V]], ptr [[AHEAD_DST]], align 1
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop

; REMARK:      remark: <unknown>:0:0: converted a 1-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 8 stages: iteration i ends issuing the copy of iteration i+8 into the slot it read, of a ring of shared buffers, and waits only for its own (8 stages: as -ferry-stages=8 asks){{$}}
; REMARK-NEXT: remark: <unknown>:0:0: the ring checks every row of its block-collective copies in every iteration (the original copy as the fallback), not once before the loop: the narrow source index multiplies two values that vary
; REMARK-NOT:  remark:

; PTX-LABEL: .entry squares(
; PTX:         .shared .align 16 .b8 tile_$_ferry_$_ring[8192];
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
