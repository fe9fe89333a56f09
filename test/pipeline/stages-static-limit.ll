; The 48 KiB static shared-memory limit counts the kernel's other static
; arrays: with a 44 KiB table beside a 1 KiB tile, 8 stages (8 KiB) would
; make 52 KiB, so the ring gets 4 (48 KiB in all).
;
;   __shared__ int table[11264];   // 44 KiB, filled elsewhere
;   ... acc += (tile[t] + table[t]) * 3 + tile[t ^ 1]; ...
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck --check-prefix=LIMIT %s < %t.ll
; RUN: FileCheck --check-prefix=LIMIT-REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=LIMIT-PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=LIMIT-PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@table = internal unnamed_addr addrspace(3) global [11264 x i32] undef, align 4

; __global__ void stream(const int *__restrict__ in, int *__restrict__ out, int n) {
;   __shared__ int tile[256];
;   int t = threadIdx.x, acc = 0;
;   for (int b = 0; b < n; b++) {
;     tile[t] = in[b * 256 + t];
;     __syncthreads();
;     acc += tile[t] * 3 + tile[t ^ 1];
;     __syncthreads();
;   }
;   out[blockIdx.x * 256 + t] = acc;
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
  %first = mul nsw i32 %b, 256
  %i = add nuw nsw i32 %first, %t
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4, !tbaa !0
  %lookup = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @table to ptr), i64 %t.wide
  %entry.value = load i32, ptr %lookup, align 4, !tbaa !0
  %own.entry = add i32 %own, %entry.value
  %own3 = mul nsw i32 %own.entry, 3
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

; LIMIT-NOT:     @tile =
; LIMIT:       @tile.ferry.ring = internal addrspace(3) global [4 x [256 x i32]] poison, align 16
; LIMIT-LABEL: define dso_local ptx_kernel void @stream(
; LIMIT:       preheader:
; LIMIT-COUNT-4: call void @llvm.nvvm.cp.async.commit.group()
; LIMIT-NOT:     cp.async.commit.group
; LIMIT:       loop:
; LIMIT-NEXT:    %ferry.iteration = phi i32 [ 0, %{{.*}} ], [ {{%.*}}, %{{.*}} ]
; LIMIT:         %ferry.slot.compute = and i32 %ferry.iteration, 3
; LIMIT-NOT:     cp.async.ca
; LIMIT:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; LIMIT-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; LIMIT:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; LIMIT:         %ferry.runs = icmp ugt i32 {{%.*}}, 3
; LIMIT:         getelementptr [4 x [256 x i32]], ptr addrspace(3) @tile.ferry.ring, i32 0, i32 %ferry.slot.compute
; LIMIT-NEXT:    %ferry.ahead = add i32 %b, 4
; LIMIT:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; LIMIT:         call void @llvm.nvvm.cp.async.commit.group()
; LIMIT-NEXT:    br i1 %done, label %exit, label %loop
; LIMIT:       exit:
; LIMIT-NEXT:    %result = phi i32
; LIMIT-NEXT:    call void @llvm.nvvm.cp.async.wait.all()
; LIMIT-NOT:     cp.async
; LIMIT:         ret void

; LIMIT-REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages: iteration i ends issuing the copy of iteration i+4 into the slot it read, of a ring of shared buffers, and waits only for its own
; LIMIT-REMARK-NOT:  remark:

; LIMIT-PTX-LABEL: .entry stream(
; LIMIT-PTX:         cp.async.wait_group 3;
; LIMIT-PTX-NEXT:    bar.sync 0;
; LIMIT-PTX:         cp.async.wait_all;

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
