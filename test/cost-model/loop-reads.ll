; A loop that reads the destination buffer between the consumer barrier and
; the next barrier reads it an unknown number of times: the cost model
; treats that as heavy reuse and leaves the copy untouched, with a missed
; remark. The same loop after the next barrier is another phase and does
; not count: that copy is converted.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
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

@sh.loop = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@sh.later = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; __global__ void loop_reads(const float *g, float *out, int n) {
;   __shared__ float sh[256];
;   int tx = threadIdx.x;
;   sh[tx] = g[blockIdx.x * 256 + tx];
;   __syncthreads();
;   float acc = 0;
; #pragma unroll 1
;   for (int k = 0; k < n; k++) acc += sh[(tx + k) & 255];
;   out[blockIdx.x * 256 + tx] = acc;
; }
define dso_local ptx_kernel void @loop_reads(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = shl i32 %ctaid, 8
  %i = add i32 %first, %tx
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %i.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %tx.wide = zext nneg i32 %tx to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.loop to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %exit

exit:
  %sum = phi float [ 0.000000e+00, %entry ], [ %acc.next, %loop ]
  %o = getelementptr inbounds nuw float, ptr %out, i64 %i.wide
  store float %sum, ptr %o, align 4, !tbaa !0
  ret void

loop:
  %k = phi i32 [ %k.next, %loop ], [ 0, %entry ]
  %acc = phi float [ %acc.next, %loop ], [ 0.000000e+00, %entry ]
  %j = add nuw nsw i32 %k, %tx
  %j.wrapped = and i32 %j, 255
  %j.wide = zext nneg i32 %j.wrapped to i64
  %p = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.loop to ptr), i64 %j.wide
  %x = load float, ptr %p, align 4, !tbaa !0
  %acc.next = fadd contract float %acc, %x
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
}

; CHECK-LABEL: define dso_local ptx_kernel void @loop_reads(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.
; CHECK:         %v = load float, ptr %src, align 4
; CHECK:         store float %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:       loop:
; CHECK:         %x = load float, ptr %p, align 4
; CHECK-NOT:     cp.async
; CHECK:       }

; The same, with the loop behind a second barrier:
;   sh[tx] = g[...]; __syncthreads(); float acc = sh[tx]; __syncthreads();
;   for (k < n) acc += sh[(tx + k) & 255]; ...
define dso_local ptx_kernel void @loop_in_next_phase(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = shl i32 %ctaid, 8
  %i = add i32 %first, %tx
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %i.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %tx.wide = zext nneg i32 %tx to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.later to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load float, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %exit

exit:
  %sum = phi float [ %own, %entry ], [ %acc.next, %loop ]
  %o = getelementptr inbounds nuw float, ptr %out, i64 %i.wide
  store float %sum, ptr %o, align 4, !tbaa !0
  ret void

loop:
  %k = phi i32 [ %k.next, %loop ], [ 0, %entry ]
  %acc = phi float [ %acc.next, %loop ], [ %own, %entry ]
  %j = add nuw nsw i32 %k, %tx
  %j.wrapped = and i32 %j, 255
  %j.wide = zext nneg i32 %j.wrapped to i64
  %p = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.later to ptr), i64 %j.wide
  %x = load float, ptr %p, align 4, !tbaa !0
  %acc.next = fadd contract float %acc, %x
  %k.next = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
}

; CHECK-LABEL: define dso_local ptx_kernel void @loop_in_next_phase(
; CHECK-NOT:     load float, ptr %src
; CHECK:         %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.later to ptr), i64 %tx.wide
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %own = load float, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:       }

; REMARK:      remark: <unknown>:0:0: not converted: cost model: a loop reads the destination buffer after the barrier (shared-memory-bound compute, as in a tiled matrix product
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry loop_reads(
; PTX-NOT:     cp.async
; PTX:         ret;
; PTX-LABEL: .entry loop_in_next_phase(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
