; A 20 KiB tile (int tile[5120]): two stages would take 40 KiB, over the
; 16 KiB the pipeliner allows itself when it chooses, so by default the
; loop is not pipelined (the copy is converted alone, waited for with
; wait_group 0). Asked for with -ferry-stages=2 the ring is made: the 16 KiB
; budget does not apply to a requested count, only the 48 KiB static
; limit, which 40 KiB meets. Asked for -ferry-stages=4 (80 KiB), the count
; is halved until the ring fits that limit: 2 stages.
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck --check-prefix=AUTO %s < %t.ll
; RUN: FileCheck --check-prefix=AUTO-REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=AUTO-PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=AUTO-PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
;
; RUN: %opt -ferry-stages=2 -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.2.ll 2>%t.2.remarks
; RUN: FileCheck --check-prefix=FORCE2 %s < %t.2.ll
; RUN: FileCheck --check-prefix=FORCE2-REMARK %s < %t.2.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.2.ll -o %t.2.sm80.ptx
; RUN: FileCheck --check-prefix=FORCE2-PTX %s < %t.2.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.2.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.2.ll -o %t.2.sm90a.ptx
; RUN: FileCheck --check-prefix=FORCE2-PTX %s < %t.2.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.2.sm90a.ptx -o /dev/null
;
; RUN: %opt -ferry-stages=4 -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.4.ll 2>%t.4.remarks
; RUN: FileCheck --check-prefix=FORCE4 %s < %t.4.ll
; RUN: FileCheck --check-prefix=FORCE4-REMARK %s < %t.4.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.4.ll -o %t.4.sm80.ptx
; RUN: FileCheck --check-prefix=FORCE4-PTX %s < %t.4.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.4.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.4.ll -o %t.4.sm90a.ptx
; RUN: FileCheck --check-prefix=FORCE4-PTX %s < %t.4.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.4.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [5120 x i32] undef, align 4

; __global__ void stream(const int *__restrict__ in, int *__restrict__ out, int n) {
;   __shared__ int tile[5120];
;   int t = threadIdx.x, acc = 0;
;   for (int b = 0; b < n; b++) {
;     tile[t] = in[b * 5120 + t];
;     __syncthreads();
;     acc += tile[t] * 3 + tile[t ^ 1];
;     __syncthreads();
;   }
;   out[blockIdx.x * 5120 + t] = acc;
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
  %first = mul nsw i32 %b, 5120
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
  %o.first = mul i32 %ctaid, 5120
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  ret void
}

; AUTO:         @tile = internal unnamed_addr addrspace(3) global [5120 x i32] undef, align 4
; AUTO-NOT:     ferry.ring
; AUTO-LABEL: define dso_local ptx_kernel void @stream(
; AUTO-NOT:     ferry.iteration
; AUTO:       loop:
; AUTO-NOT:     load i32, ptr %src
; AUTO:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; AUTO-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; AUTO-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; AUTO-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; AUTO-NOT:     cp.async
; AUTO:         ret void

; AUTO-REMARK:      remark: <unknown>:0:0: the copy loop is not pipelined: two stages of 20480 bytes
; AUTO-REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; AUTO-REMARK-NOT:  remark:

; AUTO-PTX-LABEL: .entry stream(
; AUTO-PTX-NOT:     cp.async.wait_all
; AUTO-PTX:         cp.async.commit_group;
; AUTO-PTX-NEXT:    cp.async.wait_group 0;
; AUTO-PTX-NEXT:    bar.sync 0;
; AUTO-PTX-NOT:     cp.async.wait_all

; FORCE2-NOT:     @tile =
; FORCE2:       @tile.ferry.ring = internal addrspace(3) global [2 x [5120 x i32]] poison, align 16
; FORCE2-LABEL: define dso_local ptx_kernel void @stream(
; FORCE2:       preheader:
; FORCE2-COUNT-2: call void @llvm.nvvm.cp.async.commit.group()
; FORCE2-NOT:     cp.async.commit.group
; FORCE2:       loop:
; FORCE2-NEXT:    %ferry.iteration = phi i32 [ 0, %{{.*}} ], [ {{%.*}}, %{{.*}} ]
; FORCE2:         %ferry.slot.compute = and i32 %ferry.iteration, 1
; FORCE2-NOT:     cp.async.ca
; FORCE2:         call void @llvm.nvvm.cp.async.wait.group(i32 1)
; FORCE2-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; FORCE2:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; FORCE2:         %ferry.runs = icmp ugt i32 {{%.*}}, 1
; FORCE2:         getelementptr [2 x [5120 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 %ferry.slot.compute
; FORCE2-NEXT:    %ferry.ahead = add i32 %b, 2
; FORCE2:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; FORCE2:         call void @llvm.nvvm.cp.async.commit.group()
; FORCE2-NEXT:    br i1 %done, label %exit, label %loop
; FORCE2:       exit:
; FORCE2-NEXT:    %result = phi i32
; FORCE2-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; FORCE2-NOT:     cp.async
; FORCE2:         ret void

; FORCE2-REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 2 stages: iteration i ends issuing the copy of iteration i+2 into the slot it read, of a ring of shared buffers, and waits only for its own
; FORCE2-REMARK-NOT:  remark:

; FORCE2-PTX-LABEL: .entry stream(
; FORCE2-PTX:         cp.async.wait_group 1;
; FORCE2-PTX-NEXT:    bar.sync 0;
; FORCE2-PTX:         cp.async.wait_all;

; FORCE4-NOT:     @tile =
; FORCE4:       @tile.ferry.ring = internal addrspace(3) global [2 x [5120 x i32]] poison, align 16
; FORCE4-LABEL: define dso_local ptx_kernel void @stream(
; FORCE4:       preheader:
; FORCE4-COUNT-2: call void @llvm.nvvm.cp.async.commit.group()
; FORCE4-NOT:     cp.async.commit.group
; FORCE4:       loop:
; FORCE4-NEXT:    %ferry.iteration = phi i32 [ 0, %{{.*}} ], [ {{%.*}}, %{{.*}} ]
; FORCE4:         %ferry.slot.compute = and i32 %ferry.iteration, 1
; FORCE4-NOT:     cp.async.ca
; FORCE4:         call void @llvm.nvvm.cp.async.wait.group(i32 1)
; FORCE4-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; FORCE4:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; FORCE4:         %ferry.runs = icmp ugt i32 {{%.*}}, 1
; FORCE4:         getelementptr [2 x [5120 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 %ferry.slot.compute
; FORCE4-NEXT:    %ferry.ahead = add i32 %b, 2
; FORCE4:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; FORCE4:         call void @llvm.nvvm.cp.async.commit.group()
; FORCE4-NEXT:    br i1 %done, label %exit, label %loop
; FORCE4:       exit:
; FORCE4-NEXT:    %result = phi i32
; FORCE4-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; FORCE4-NOT:     cp.async
; FORCE4:         ret void

; FORCE4-REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 2 stages: iteration i ends issuing the copy of iteration i+2 into the slot it read, of a ring of shared buffers, and waits only for its own
; FORCE4-REMARK-NOT:  remark:

; FORCE4-PTX-LABEL: .entry stream(
; FORCE4-PTX:         cp.async.wait_group 1;
; FORCE4-PTX-NEXT:    bar.sync 0;
; FORCE4-PTX:         cp.async.wait_all;

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
