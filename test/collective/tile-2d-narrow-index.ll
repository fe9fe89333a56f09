; A 2-D tile whose source index is a narrow int that may wrap:
; sh[ty][tx] = g[(int)(first + ty*ld + tx)] with the int arithmetic
; unflagged (as unsigned operands give), sign-extended to 64 bits. In the
; linear chunk form every row is checked by its owners (tid.x = 0) and again
; by the thread its chunk falls to (tid.x = 0, tid.y = the chunk's row): both
; checks rebuild that row's first index and compare it (signed) against
; INT_MAX - (ntid.x - 1), so a row whose indices would wrap is copied by its
; owners, element by element, and by no chunk.
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -passes=ferry-async-copy -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [16 x [32 x float]] undef, align 16

define dso_local ptx_kernel void @tile_narrow(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %ld, i32 noundef %first) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %row = mul i32 %ld, %ty
  %start = add i32 %first, %row
  %i = add i32 %start, %tx
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds float, ptr %g, i64 %i.wide
  %v = load float, ptr %src, align 4
  %ty.wide = zext nneg i32 %ty to i64
  %tx.wide = zext nneg i32 %tx to i64
  %dst = getelementptr inbounds nuw [16 x [32 x float]], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %ty.wide, i64 %tx.wide
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %tr = and i32 %tx, 15
  %tr.wide = zext nneg i32 %tr to i64
  %peer = getelementptr inbounds nuw [16 x [32 x float]], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tr.wide, i64 %ty.wide
  %w = load float, ptr %peer, align 4
  %oi = shl nuw nsw i32 %ty, 5
  %oj = add nuw nsw i32 %oi, %tx
  %oj.wide = zext nneg i32 %oj to i64
  %o = getelementptr inbounds nuw float, ptr %out, i64 %oj.wide
  store float %w, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @tile_narrow(
; CHECK:         %ferry.chunk.row = select i1
; The owners' check: this row's first index (tid.x = 0).
; CHECK:       ferry.copy:
; CHECK:         [[OWNSTART:%.*]] = add i32 %start, 0
; CHECK:         %ferry.aligned = icmp eq i64
; CHECK:         [[OWNLIMIT:%.*]] = sub i32 2147483647, {{%.*}}
; CHECK-NEXT:    [[OWNFITS:%.*]] = icmp sle i32 [[OWNSTART]], [[OWNLIMIT]]
; CHECK-NEXT:    %ferry.row.no.wrap = and i1 %ferry.aligned, [[OWNFITS]]
; CHECK-NEXT:    %ferry.row.takes = and i1 %ferry.row.no.wrap, %ferry.rows.apart
; CHECK-NEXT:    br i1 %ferry.row.takes, label %[[CHUNKS:ferry.copy.chunks[0-9]*]], label %[[ORIGINAL:ferry.copy.original[0-9]*]]
; CHECK:       [[ORIGINAL]]:
; CHECK-NEXT:    load i32, ptr %src, align 4
; CHECK:       [[CHUNKS]]:
; CHECK-NEXT:    br i1 %ferry.chunk.issues, label %[[ROW:ferry.copy.chunk.row[0-9]*]], label %[[JOIN:ferry.join[0-9]*]]
; The issuer's check: the chunk's row's first index (tid.x = 0, tid.y = row).
; CHECK:       [[ROW]]:
; CHECK-NOT:     %ty
; CHECK:         [[THEIRROW:%.*]] = mul i32 %ld, %ferry.chunk.row
; CHECK-NEXT:    [[THEIRSTART:%.*]] = add i32 %first, [[THEIRROW]]
; CHECK-NEXT:    [[THEIRFIRST:%.*]] = add i32 [[THEIRSTART]], 0
; CHECK:         [[THEIRLIMIT:%.*]] = sub i32 2147483647, {{%.*}}
; CHECK-NEXT:    [[THEIRFITS:%.*]] = icmp sle i32 [[THEIRFIRST]], [[THEIRLIMIT]]
; CHECK:         br i1 %ferry.row.takes{{[0-9]+}}, label %[[ISSUE:ferry.copy.issue[0-9]*]], label %[[JOIN]]
; CHECK:       [[ISSUE]]:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; PTX-LABEL: .entry tile_narrow(
; PTX-NOT:     cp.async.ca
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-NOT:     cp.async
; PTX:         ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
