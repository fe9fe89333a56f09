; A phi of pointers into __shared__ arrays (issue 13, shape 3) where the
; copies cannot be told apart: the row side writes row[1][idx], the very
; element the merged store writes on that path (a real second write before
; the barrier); and a phi whose other incoming address is in the
; `extern __shared__` buffer, which every dynamic array names (no array of
; its own, so nothing proves it apart). The copies that cannot be told
; apart stay, with remarks.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@row = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@col = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@dyn = external addrspace(3) global [0 x float], align 4

; The row side writes row[1][tx] before the merged store writes it again.
; if (tx < 16) { row[1][tx] = m[a]; row[1][tx] = m[a + n]; }
; else { col[0][tx - 16] = m[b]; col[1][tx - 16] = m[b + n]; }
; __syncthreads(); out[tx] = row[1][tx % 16] + col[1][tx % 16];
define ptx_kernel void @same_element(ptr noalias noundef writeonly captures(none) %out, ptr noalias noundef readonly captures(none) %m, i64 %a, i64 %b, i64 %n) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %side = icmp ult i32 %tx, 16
  br i1 %side, label %row.side, label %col.side

row.side:
  %idx.r = zext nneg i32 %tx to i64
  %row.base = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @row to ptr), i64 %idx.r
  %row.one = getelementptr inbounds i8, ptr %row.base, i64 64
  %src.r = getelementptr inbounds float, ptr %m, i64 %a
  %src.r.at = getelementptr inbounds float, ptr %src.r, i64 %idx.r
  %v.r = load float, ptr %src.r.at, align 4
  store float %v.r, ptr %row.one, align 4
  %next.r = add i64 %a, %n
  br label %join

col.side:
  %idx.c32 = add nsw i32 %tx, -16
  %idx.c = zext nneg i32 %idx.c32 to i64
  %col.base = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @col to ptr), i64 %idx.c
  %src.c = getelementptr inbounds float, ptr %m, i64 %b
  %src.c.at = getelementptr inbounds float, ptr %src.c, i64 %idx.c
  %v.c = load float, ptr %src.c.at, align 4
  store float %v.c, ptr %col.base, align 4
  %next.c = add i64 %b, %n
  br label %join

join:
  %base = phi ptr [ %row.base, %row.side ], [ %col.base, %col.side ]
  %next = phi i64 [ %next.r, %row.side ], [ %next.c, %col.side ]
  %idx = phi i64 [ %idx.r, %row.side ], [ %idx.c, %col.side ]
  %src = getelementptr inbounds float, ptr %m, i64 %next
  %src.at = getelementptr inbounds float, ptr %src, i64 %idx
  %v = load float, ptr %src.at, align 4
  %dst = getelementptr inbounds i8, ptr %base, i64 64
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %t = and i32 %tx, 15
  %t.wide = zext nneg i32 %t to i64
  %at.r = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @row to ptr), i64 1, i64 %t.wide
  %x = load float, ptr %at.r, align 4
  %at.c = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @col to ptr), i64 1, i64 %t.wide
  %y = load float, ptr %at.c, align 4
  %sum = fadd float %x, %y
  %tx.wide = zext nneg i32 %tx to i64
  %o = getelementptr inbounds float, ptr %out, i64 %tx.wide
  store float %sum, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @same_element(
; CHECK:       row.side:
; CHECK-NOT:     cp.async
; CHECK:         store float %v.r, ptr %row.one, align 4
; CHECK:       col.side:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       join:
; CHECK-NOT:     cp.async.ca
; CHECK:         store float %v, ptr %dst, align 4

; The col side copies into extern __shared__ float dyn[].
; if (tx < 16) { row[0][tx] = m[a]; row[1][tx] = m[a + n]; }
; else { col[0][tx - 16] = m[b]; col[1][tx - 16] = m[b + n]; }
; __syncthreads(); out[tx] = row[1][tx % 16] + col[1][tx % 16];
define ptx_kernel void @dynamic_array(ptr noalias noundef writeonly captures(none) %out, ptr noalias noundef readonly captures(none) %m, i64 %a, i64 %b, i64 %n) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %side = icmp ult i32 %tx, 16
  br i1 %side, label %row.side, label %col.side

row.side:
  %idx.r = zext nneg i32 %tx to i64
  %row.base = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @row to ptr), i64 %idx.r
  %src.r = getelementptr inbounds float, ptr %m, i64 %a
  %src.r.at = getelementptr inbounds float, ptr %src.r, i64 %idx.r
  %v.r = load float, ptr %src.r.at, align 4
  store float %v.r, ptr %row.base, align 4
  %next.r = add i64 %a, %n
  br label %join

col.side:
  %idx.c32 = add nsw i32 %tx, -16
  %idx.c = zext nneg i32 %idx.c32 to i64
  %col.base = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @dyn to ptr), i64 %idx.c
  %src.c = getelementptr inbounds float, ptr %m, i64 %b
  %src.c.at = getelementptr inbounds float, ptr %src.c, i64 %idx.c
  %v.c = load float, ptr %src.c.at, align 4
  store float %v.c, ptr %col.base, align 4
  %next.c = add i64 %b, %n
  br label %join

join:
  %base = phi ptr [ %row.base, %row.side ], [ %col.base, %col.side ]
  %next = phi i64 [ %next.r, %row.side ], [ %next.c, %col.side ]
  %idx = phi i64 [ %idx.r, %row.side ], [ %idx.c, %col.side ]
  %src = getelementptr inbounds float, ptr %m, i64 %next
  %src.at = getelementptr inbounds float, ptr %src, i64 %idx
  %v = load float, ptr %src.at, align 4
  %dst = getelementptr inbounds i8, ptr %base, i64 64
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %t = and i32 %tx, 15
  %t.wide = zext nneg i32 %t to i64
  %at.r = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @row to ptr), i64 1, i64 %t.wide
  %x = load float, ptr %at.r, align 4
  %at.c = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @col to ptr), i64 1, i64 %t.wide
  %y = load float, ptr %at.c, align 4
  %sum = fadd float %x, %y
  %tx.wide = zext nneg i32 %tx to i64
  %o = getelementptr inbounds float, ptr %out, i64 %tx.wide
  store float %sum, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @dynamic_array(
; CHECK-NOT:     cp.async
; CHECK:         store float %v.r, ptr %row.base, align 4
; CHECK:         store float %v.c, ptr %col.base, align 4
; CHECK:         store float %v, ptr %dst, align 4
; CHECK-NOT:     cp.async
; CHECK-LABEL: declare

; same_element: the row side's copy and the merged store write one element
; (the col side's copy, in another array, converts).
; (refusals are reported while planning, conversions after)
; REMARK:      remark: <unknown>:0:0: not converted: the thread may write the destination again before the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread may access the destination earlier with no barrier in between
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; dynamic_array
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread may write the destination again before the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread may write the destination again before the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread may access the destination earlier with no barrier in between
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
