; Stage count, chosen automatically: the largest power of two up to 8
; whose ring stays within 16 KiB of shared memory. A 4 KiB tile
; (int tile[1024]) gets 4 stages: 16 KiB (8 would take 32 KiB).
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck --check-prefix=S4 %s < %t.ll
; RUN: FileCheck --check-prefix=S4-REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=S4-PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=S4-PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [1024 x i32] undef, align 4

; __global__ void stream(const int *__restrict__ in, int *__restrict__ out, int n) {
;   __shared__ int tile[1024];
;   int t = threadIdx.x, acc = 0;
;   for (int b = 0; b < n; b++) {
;     tile[t] = in[b * 1024 + t];
;     __syncthreads();
;     acc += tile[t] * 3 + tile[t ^ 1];
;     __syncthreads();
;   }
;   out[blockIdx.x * 1024 + t] = acc;
; }
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
  %first = mul nsw i32 %b, 1024
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
  %o.first = mul i32 %ctaid, 1024
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  ret void
}

; S4-NOT:     @tile =
; S4:       @tile.ferry.ring = internal addrspace(3) global [4 x [1024 x i32]] poison, align 16
; S4-LABEL: define dso_local ptx_kernel void @stream(
; S4:       preheader:
; S4-COUNT-4: call void @llvm.nvvm.cp.async.commit.group()
; S4-NOT:     cp.async.commit.group
; S4:       loop:
; S4-NEXT:    %ferry.iteration = phi i32 [ 0, %{{.*}} ], [ {{%.*}}, %{{.*}} ]
; S4:         %ferry.slot.compute = and i32 %ferry.iteration, 3
; S4-NOT:     cp.async.ca
; S4:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; S4-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; S4:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; S4:         %ferry.runs = icmp ugt i32 {{%.*}}, 3
; S4:         getelementptr [4 x [1024 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 %ferry.slot.compute
; S4-NEXT:    %ferry.ahead = add i32 %b, 4
; S4:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; S4:         call void @llvm.nvvm.cp.async.commit.group()
; S4-NEXT:    br i1 %done, label %exit, label %loop
; S4:       exit:
; S4-NEXT:    %result = phi i32
; S4-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; S4-NOT:     cp.async
; S4:         ret void

; S4-REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages: iteration i ends issuing the copy of iteration i+4 into the slot it read, of a ring of shared buffers, and waits only for its own
; S4-REMARK-NOT:  remark:

; S4-PTX-LABEL: .entry stream(
; S4-PTX:         cp.async.wait_group 3;
; S4-PTX-NEXT:    bar.sync 0;
; S4-PTX:         cp.async.wait_all;

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
