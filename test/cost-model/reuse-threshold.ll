; The cost model: after the consumer barrier, up to the next barrier, a
; compute that reads each copied byte 8 times or more (summed over the
; bytes the thread copies) is shared-memory bound, as in a tiled matrix
; product, where an asynchronous copy measured slower: such a copy is left
; untouched, with a missed remark. An 8x8 tile product unrolled over k reads
; As[ty][k] and Bs[k][tx] 8 times each per copied element: both copies
; stay. A 7x7 one reads each 7 times: both become cp.async.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
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

@As8 = internal unnamed_addr addrspace(3) global [8 x [8 x float]] undef, align 4
@Bs8 = internal unnamed_addr addrspace(3) global [8 x [8 x float]] undef, align 4
@As7 = internal unnamed_addr addrspace(3) global [7 x [7 x float]] undef, align 4
@Bs7 = internal unnamed_addr addrspace(3) global [7 x [7 x float]] undef, align 4

; #define T 8   (7 for tile_product_7)
; __global__ void tile_product_8(const float *A, const float *B, float *C, int n) {
;   __shared__ float As[T][T], Bs[T][T];
;   int tx = threadIdx.x, ty = threadIdx.y;
;   int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
;   As[ty][tx] = A[row * n + tx];
;   Bs[ty][tx] = B[ty * n + col];
;   __syncthreads();
;   float acc = 0;
; #pragma unroll
;   for (int k = 0; k < T; k++) acc += As[ty][k] * Bs[k][tx];
;   C[row * n + col] = acc;
; }
define dso_local ptx_kernel void @tile_product_8(ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef writeonly captures(none) %C, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %by = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %by.rows = mul nuw nsw i32 %by, 8
  %row = add nuw nsw i32 %by.rows, %ty
  %bx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bx.cols = mul i32 %bx, 8
  %col = add i32 %bx.cols, %tx
  %row.n = mul nsw i32 %n, %row
  %a.i = add nsw i32 %row.n, %tx
  %a.i.wide = sext i32 %a.i to i64
  %a.src = getelementptr inbounds float, ptr %A, i64 %a.i.wide
  %a = load float, ptr %a.src, align 4, !tbaa !0
  %ty.wide = zext nneg i32 %ty to i64
  %as.row = getelementptr inbounds nuw [8 x float], ptr addrspacecast (ptr addrspace(3) @As8 to ptr), i64 %ty.wide
  %tx.wide = zext nneg i32 %tx to i64
  %as.dst = getelementptr inbounds nuw float, ptr %as.row, i64 %tx.wide
  store float %a, ptr %as.dst, align 4, !tbaa !0
  %ty.n = mul nsw i32 %n, %ty
  %b.i = add nsw i32 %ty.n, %col
  %b.i.wide = sext i32 %b.i to i64
  %b.src = getelementptr inbounds float, ptr %B, i64 %b.i.wide
  %b = load float, ptr %b.src, align 4, !tbaa !0
  %bs.row = getelementptr inbounds nuw [8 x float], ptr addrspacecast (ptr addrspace(3) @Bs8 to ptr), i64 %ty.wide
  %bs.dst = getelementptr inbounds nuw float, ptr %bs.row, i64 %tx.wide
  store float %b, ptr %bs.dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %bs.col = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @Bs8 to ptr), i64 %tx.wide
  %a0 = load float, ptr %as.row, align 4, !tbaa !0
  %b0 = load float, ptr %bs.col, align 4, !tbaa !0
  %p0 = fmul contract float %a0, %b0
  %acc0 = fadd contract float 0.000000e+00, %p0
  %as.1 = getelementptr inbounds nuw i8, ptr %as.row, i64 4
  %a1 = load float, ptr %as.1, align 4, !tbaa !0
  %bs.1 = getelementptr inbounds nuw i8, ptr %bs.col, i64 32
  %b1 = load float, ptr %bs.1, align 4, !tbaa !0
  %p1 = fmul contract float %a1, %b1
  %acc1 = fadd contract float %acc0, %p1
  %as.2 = getelementptr inbounds nuw i8, ptr %as.row, i64 8
  %a2 = load float, ptr %as.2, align 4, !tbaa !0
  %bs.2 = getelementptr inbounds nuw i8, ptr %bs.col, i64 64
  %b2 = load float, ptr %bs.2, align 4, !tbaa !0
  %p2 = fmul contract float %a2, %b2
  %acc2 = fadd contract float %acc1, %p2
  %as.3 = getelementptr inbounds nuw i8, ptr %as.row, i64 12
  %a3 = load float, ptr %as.3, align 4, !tbaa !0
  %bs.3 = getelementptr inbounds nuw i8, ptr %bs.col, i64 96
  %b3 = load float, ptr %bs.3, align 4, !tbaa !0
  %p3 = fmul contract float %a3, %b3
  %acc3 = fadd contract float %acc2, %p3
  %as.4 = getelementptr inbounds nuw i8, ptr %as.row, i64 16
  %a4 = load float, ptr %as.4, align 4, !tbaa !0
  %bs.4 = getelementptr inbounds nuw i8, ptr %bs.col, i64 128
  %b4 = load float, ptr %bs.4, align 4, !tbaa !0
  %p4 = fmul contract float %a4, %b4
  %acc4 = fadd contract float %acc3, %p4
  %as.5 = getelementptr inbounds nuw i8, ptr %as.row, i64 20
  %a5 = load float, ptr %as.5, align 4, !tbaa !0
  %bs.5 = getelementptr inbounds nuw i8, ptr %bs.col, i64 160
  %b5 = load float, ptr %bs.5, align 4, !tbaa !0
  %p5 = fmul contract float %a5, %b5
  %acc5 = fadd contract float %acc4, %p5
  %as.6 = getelementptr inbounds nuw i8, ptr %as.row, i64 24
  %a6 = load float, ptr %as.6, align 4, !tbaa !0
  %bs.6 = getelementptr inbounds nuw i8, ptr %bs.col, i64 192
  %b6 = load float, ptr %bs.6, align 4, !tbaa !0
  %p6 = fmul contract float %a6, %b6
  %acc6 = fadd contract float %acc5, %p6
  %as.7 = getelementptr inbounds nuw i8, ptr %as.row, i64 28
  %a7 = load float, ptr %as.7, align 4, !tbaa !0
  %bs.7 = getelementptr inbounds nuw i8, ptr %bs.col, i64 224
  %b7 = load float, ptr %bs.7, align 4, !tbaa !0
  %p7 = fmul contract float %a7, %b7
  %acc7 = fadd contract float %acc6, %p7
  %c.i = add nsw i32 %row.n, %col
  %c.i.wide = sext i32 %c.i to i64
  %c.dst = getelementptr inbounds float, ptr %C, i64 %c.i.wide
  store float %acc7, ptr %c.dst, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @tile_product_8(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.
; CHECK:         %a = load float, ptr %a.src, align 4
; CHECK:         store float %a, ptr %as.dst, align 4
; CHECK:         %b = load float, ptr %b.src, align 4
; CHECK:         store float %b, ptr %bs.dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

define dso_local ptx_kernel void @tile_product_7(ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef writeonly captures(none) %C, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %by = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %by.rows = mul nuw nsw i32 %by, 7
  %row = add nuw nsw i32 %by.rows, %ty
  %bx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bx.cols = mul i32 %bx, 7
  %col = add i32 %bx.cols, %tx
  %row.n = mul nsw i32 %n, %row
  %a.i = add nsw i32 %row.n, %tx
  %a.i.wide = sext i32 %a.i to i64
  %a.src = getelementptr inbounds float, ptr %A, i64 %a.i.wide
  %a = load float, ptr %a.src, align 4, !tbaa !0
  %ty.wide = zext nneg i32 %ty to i64
  %as.row = getelementptr inbounds nuw [7 x float], ptr addrspacecast (ptr addrspace(3) @As7 to ptr), i64 %ty.wide
  %tx.wide = zext nneg i32 %tx to i64
  %as.dst = getelementptr inbounds nuw float, ptr %as.row, i64 %tx.wide
  store float %a, ptr %as.dst, align 4, !tbaa !0
  %ty.n = mul nsw i32 %n, %ty
  %b.i = add nsw i32 %ty.n, %col
  %b.i.wide = sext i32 %b.i to i64
  %b.src = getelementptr inbounds float, ptr %B, i64 %b.i.wide
  %b = load float, ptr %b.src, align 4, !tbaa !0
  %bs.row = getelementptr inbounds nuw [7 x float], ptr addrspacecast (ptr addrspace(3) @Bs7 to ptr), i64 %ty.wide
  %bs.dst = getelementptr inbounds nuw float, ptr %bs.row, i64 %tx.wide
  store float %b, ptr %bs.dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %bs.col = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @Bs7 to ptr), i64 %tx.wide
  %a0 = load float, ptr %as.row, align 4, !tbaa !0
  %b0 = load float, ptr %bs.col, align 4, !tbaa !0
  %p0 = fmul contract float %a0, %b0
  %acc0 = fadd contract float 0.000000e+00, %p0
  %as.1 = getelementptr inbounds nuw i8, ptr %as.row, i64 4
  %a1 = load float, ptr %as.1, align 4, !tbaa !0
  %bs.1 = getelementptr inbounds nuw i8, ptr %bs.col, i64 28
  %b1 = load float, ptr %bs.1, align 4, !tbaa !0
  %p1 = fmul contract float %a1, %b1
  %acc1 = fadd contract float %acc0, %p1
  %as.2 = getelementptr inbounds nuw i8, ptr %as.row, i64 8
  %a2 = load float, ptr %as.2, align 4, !tbaa !0
  %bs.2 = getelementptr inbounds nuw i8, ptr %bs.col, i64 56
  %b2 = load float, ptr %bs.2, align 4, !tbaa !0
  %p2 = fmul contract float %a2, %b2
  %acc2 = fadd contract float %acc1, %p2
  %as.3 = getelementptr inbounds nuw i8, ptr %as.row, i64 12
  %a3 = load float, ptr %as.3, align 4, !tbaa !0
  %bs.3 = getelementptr inbounds nuw i8, ptr %bs.col, i64 84
  %b3 = load float, ptr %bs.3, align 4, !tbaa !0
  %p3 = fmul contract float %a3, %b3
  %acc3 = fadd contract float %acc2, %p3
  %as.4 = getelementptr inbounds nuw i8, ptr %as.row, i64 16
  %a4 = load float, ptr %as.4, align 4, !tbaa !0
  %bs.4 = getelementptr inbounds nuw i8, ptr %bs.col, i64 112
  %b4 = load float, ptr %bs.4, align 4, !tbaa !0
  %p4 = fmul contract float %a4, %b4
  %acc4 = fadd contract float %acc3, %p4
  %as.5 = getelementptr inbounds nuw i8, ptr %as.row, i64 20
  %a5 = load float, ptr %as.5, align 4, !tbaa !0
  %bs.5 = getelementptr inbounds nuw i8, ptr %bs.col, i64 140
  %b5 = load float, ptr %bs.5, align 4, !tbaa !0
  %p5 = fmul contract float %a5, %b5
  %acc5 = fadd contract float %acc4, %p5
  %as.6 = getelementptr inbounds nuw i8, ptr %as.row, i64 24
  %a6 = load float, ptr %as.6, align 4, !tbaa !0
  %bs.6 = getelementptr inbounds nuw i8, ptr %bs.col, i64 168
  %b6 = load float, ptr %bs.6, align 4, !tbaa !0
  %p6 = fmul contract float %a6, %b6
  %acc6 = fadd contract float %acc5, %p6
  %c.i = add nsw i32 %row.n, %col
  %c.i.wide = sext i32 %c.i to i64
  %c.dst = getelementptr inbounds float, ptr %C, i64 %c.i.wide
  store float %acc6, ptr %c.dst, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @tile_product_7(
; CHECK-NOT:     load float, ptr %a.src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NOT:     load float, ptr %b.src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: not converted: cost model: each thread reads 8 times as many bytes of the destination buffer as it copies, after the barrier (shared-memory-bound compute, as in a tiled matrix product
; REMARK-NEXT: remark: <unknown>:0:0: not converted: cost model: each thread reads 8 times as many bytes of the destination buffer as it copies, after the barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry tile_product_8(
; PTX-NOT:     cp.async
; PTX:         ret;
; PTX-LABEL: .entry tile_product_7(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-NOT:     cp.async
; PTX:         ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
