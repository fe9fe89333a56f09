; A 2-D tile loop, the shape of a tiled matrix product's K loop (16x16
; tiles, four products a tile here so that the cost model does not decide,
; -ferry-collective=always), copied through rows of threadIdx.y: versioned
; (collective-ring.ll shows one row). Before the loop, besides what one
; row needs: whether there is more than one row (ntid.y < 2), rows apart
; (a row of ntid.x floats within the tile's 64-byte rows), row 1's address
; (frozen: a block of one row has none) 16 bytes past row 0's, and each
; narrow source index (a + wA*ty + tx, signed, without nsw on the add)
; within [-2^31, 2^31-1 - (ntid.x-1)] over the rows and iterations. In the
; ring each copy's chunk address steps by itself; the counter b, which only
; the copy of B used, is gone from the ring's loop (the loop as written
; keeps it); the exit's phis take either version's values.
;
;   for (int a = aBegin, b = bBegin; a <= aEnd; a += 16, b += 16 * wB) {
;     As[ty][tx] = A[a + wA * ty + tx];
;     Bs[ty][tx] = B[b + wB * ty + tx];
;     __syncthreads();
;     for (int k = 0; k < 4; ++k) sum += As[ty][k] * Bs[k][tx];
;     __syncthreads();
;   }
;
; RUN: %opt -ferry-stages=8 -ferry-collective=always -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@As = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@Bs = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4

define dso_local ptx_kernel void @tiles(ptr noundef writeonly captures(none) %C, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, i32 noundef %wA, i32 noundef %wB) local_unnamed_addr #0 {
entry:
  %0 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %1 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %mul = shl nsw i32 %wA, 4
  %mul4 = mul nsw i32 %mul, %1
  %add = add nsw i32 %mul4, %wA
  %mul5 = shl nsw i32 %0, 4
  %mul6 = shl nsw i32 %wB, 4
  %cmp.not.not77 = icmp sgt i32 %wA, 0
  br i1 %cmp.not.not77, label %for.body.lr.ph, label %entry.for.cond.cleanup_crit_edge

entry.for.cond.cleanup_crit_edge:                 ; preds = %entry
  %.pre = mul nsw i32 %wB, %3
  br label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul7 = mul nuw nsw i32 %wA, %3
  %add8 = add nuw i32 %mul7, %2
  %idxprom10 = zext nneg i32 %3 to i64
  %arrayidx11 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 %idxprom10
  %idxprom12 = zext nneg i32 %2 to i64
  %arrayidx13 = getelementptr inbounds nuw float, ptr %arrayidx11, i64 %idxprom12
  %mul14 = mul nsw i32 %wB, %3
  %add15 = add i32 %mul14, %2
  %arrayidx20 = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @Bs to ptr), i64 %idxprom10
  %arrayidx22 = getelementptr inbounds nuw float, ptr %arrayidx20, i64 %idxprom12
  %invariant.gep = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @Bs to ptr), i64 %idxprom12
  %arrayidx30.1 = getelementptr inbounds nuw i8, ptr %arrayidx11, i64 4
  %gep.1 = getelementptr inbounds nuw i8, ptr %invariant.gep, i64 64
  %arrayidx30.2 = getelementptr inbounds nuw i8, ptr %arrayidx11, i64 8
  %gep.2 = getelementptr inbounds nuw i8, ptr %invariant.gep, i64 128
  %arrayidx30.3 = getelementptr inbounds nuw i8, ptr %arrayidx11, i64 12
  %gep.3 = getelementptr inbounds nuw i8, ptr %invariant.gep, i64 192
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry.for.cond.cleanup_crit_edge
  %mul45.pre-phi = phi i32 [ %.pre, %entry.for.cond.cleanup_crit_edge ], [ %mul14, %for.body ]
  %sum.0.lcssa = phi float [ 0.000000e+00, %entry.for.cond.cleanup_crit_edge ], [ %add36.3, %for.body ]
  %mul42 = mul nsw i32 %mul6, %1
  %add44 = add nuw i32 %mul5, %2
  %add46 = add i32 %add44, %mul45.pre-phi
  %add47 = add i32 %add46, %mul42
  %idxprom48 = sext i32 %add47 to i64
  %arrayidx49 = getelementptr inbounds float, ptr %C, i64 %idxprom48
  store float %sum.0.lcssa, ptr %arrayidx49, align 4
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %b.080 = phi i32 [ %mul5, %for.body.lr.ph ], [ %add39, %for.body ]
  %a.079 = phi i32 [ %mul4, %for.body.lr.ph ], [ %add38, %for.body ]
  %sum.078 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add36.3, %for.body ]
  %add9 = add i32 %add8, %a.079
  %idxprom = sext i32 %add9 to i64
  %arrayidx = getelementptr inbounds float, ptr %A, i64 %idxprom
  %4 = load float, ptr %arrayidx, align 4
  store float %4, ptr %arrayidx13, align 4
  %add16 = add i32 %add15, %b.080
  %idxprom17 = sext i32 %add16 to i64
  %arrayidx18 = getelementptr inbounds float, ptr %B, i64 %idxprom17
  %5 = load float, ptr %arrayidx18, align 4
  store float %5, ptr %arrayidx22, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %6 = load float, ptr %arrayidx11, align 4
  %7 = load float, ptr %invariant.gep, align 4
  %mul35 = fmul contract float %6, %7
  %add36 = fadd contract float %sum.078, %mul35
  %8 = load float, ptr %arrayidx30.1, align 4
  %9 = load float, ptr %gep.1, align 4
  %mul35.1 = fmul contract float %8, %9
  %add36.1 = fadd contract float %add36, %mul35.1
  %10 = load float, ptr %arrayidx30.2, align 4
  %11 = load float, ptr %gep.2, align 4
  %mul35.2 = fmul contract float %10, %11
  %add36.2 = fadd contract float %add36.1, %mul35.2
  %12 = load float, ptr %arrayidx30.3, align 4
  %13 = load float, ptr %gep.3, align 4
  %mul35.3 = fmul contract float %12, %13
  %add36.3 = fadd contract float %add36.2, %mul35.3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %add38 = add nuw nsw i32 %a.079, 16
  %add39 = add nsw i32 %b.080, %mul6
  %cmp.not.not = icmp slt i32 %add38, %add
  br i1 %cmp.not.not, label %for.body, label %for.cond.cleanup
}

; CHECK-LABEL: define dso_local ptx_kernel void @tiles(
; CHECK:       for.body.lr.ph:
; CHECK:         %ferry.last = select i1
; CHECK:         [[NY:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; CHECK-NEXT:    [[ONE_ROW:%.*]] = icmp ult i32 [[NY]], 2
; CHECK:         icmp ule i64 {{%.*}}, 64
; CHECK:         [[ROW1:%.*]] = freeze ptr {{%.*}}
; CHECK:         [[ROW1_BITS:%.*]] = ptrtoint ptr addrspace(1) {{%.*}} to i64
; CHECK-NEXT:    [[ROWSTEP:%.*]] = sub i64 [[ROW1_BITS]], {{%.*}}
; CHECK-NEXT:    [[ROWLOW:%.*]] = and i64 [[ROWSTEP]], 15
; CHECK-NEXT:    [[ROWALIGNED:%.*]] = icmp eq i64 [[ROWLOW]], 0
; CHECK-NEXT:    or i1 [[ONE_ROW]], [[ROWALIGNED]]
; CHECK:         icmp sge i64 {{%.*}}, -2147483648
; CHECK:         icmp sle i64 {{%.*}}, {{%.*}}
; CHECK:         icmp sge i64 {{%.*}}, -2147483648
; CHECK:         icmp ult i64 %ferry.last, 2147483648
; CHECK-NEXT:    %ferry.ring.fits = and i1
; CHECK-NEXT:    br i1 %ferry.ring.fits, label %ferry.ring.entry, label %ferry.as.written.entry
; CHECK:       for.cond.cleanup:
; CHECK-NEXT:    %mul45.pre-phi = phi i32 [ %.pre, %entry.for.cond.cleanup_crit_edge ], [ %mul14, %ferry.issued ], [ %mul14, %for.body.as.written ]
; CHECK-NEXT:    %sum.0.lcssa = phi float [ 0.000000e+00, %entry.for.cond.cleanup_crit_edge ], [ %add36.3, %ferry.issued ], [ %add36.3{{[0-9]+}}, %for.body.as.written ]
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; CHECK:       for.body:
; CHECK-NEXT:    %ferry.chunk.source{{[0-9]*}} = phi ptr addrspace(1)
; CHECK-NEXT:    %ferry.chunk.source{{[0-9]*}} = phi ptr addrspace(1)
; CHECK-NEXT:    %ferry.iteration = phi i32
; CHECK-NEXT:    %a.079 = phi i32
; CHECK-NEXT:    %sum.078 = phi float
; CHECK-NOT:     %b.080
; CHECK-NOT:     cp.async.cg.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 7)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     %b.080
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     %b.080
; CHECK:         %ferry.runs = icmp ugt i32 {{%.*}}, 7
; Both copies' chunks in one loop, at the iteration's end.
; CHECK:       ferry.copy.chunk:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK-NOT:     br
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK-NOT:     %b.080
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %cmp.not.not, label %for.body, label %for.cond.cleanup
; CHECK:       for.body.as.written:
; CHECK-NEXT:    %b.080{{[0-9]+}} = phi i32

; REMARK-COUNT-2: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 8 stages{{.*}}; one check before the loop finds every row's addresses fit for 16-byte chunks in every iteration, else the loop runs as written
; REMARK-NOT: remark:

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
