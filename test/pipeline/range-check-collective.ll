; A ring of block-collective copies (1-byte elements) that is versioned for
; its chunks' alignment (collective-ring.ll) and whose store to out may
; write the copy's source (no __restrict__): one check before the loop
; holds both conditions, the alignment (%ferry.ring.fits) and the ranges
; (%ferry.ranges.apart), and either failing runs the loop as written.
;
; RUN: %opt -ferry-stages=8 -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

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
define dso_local ptx_kernel void @bytes(ptr noundef readonly captures(none) %in, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
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
  %o.b = getelementptr inbounds nuw i8, ptr %out, i64 %i.wide
  %acc.byte = trunc i32 %acc.next to i8
  store i8 %acc.byte, ptr %o.b, align 1, !tbaa !6
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw i32 %b, 1
  %done = icmp eq i32 %b.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4
}

; CHECK-LABEL: define dso_local ptx_kernel void @bytes(
; CHECK:         %ferry.ring.fits = and i1
; The index b * ntid.x + t may wrap in 32 bits: bounded before its extension.
; CHECK:         icmp sgt i64 {{%.*}}, 4294967295
; CHECK:         ptrtoint ptr %in to i64
; CHECK:         ptrtoint ptr %out to i64
; CHECK:         %ferry.ranges.apart = and i1
; CHECK-NEXT:    %ferry.version = and i1 %ferry.ring.fits, %ferry.ranges.apart
; CHECK-NEXT:    br i1 %ferry.version, label %ferry.ring.entry, label %ferry.as.written.entry
; CHECK:       loop:
; CHECK-NOT:     cp.async.cg.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 7)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         store i8 %acc.byte, ptr %o.b, align 1
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         %ferry.runs = icmp ugt i32 {{%.*}}, 7
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; CHECK:       loop.as.written:
; CHECK-NOT:     cp.async
; CHECK:         store i8 {{%.*}}, ptr {{%.*}}, align 1, !tbaa !{{[0-9]+}}

; REMARK: remark: <unknown>:0:0: converted a 1-byte global-to-shared copy to 16-byte cp.async.cg chunks of the block and pipelined its loop over 8 stages: {{.*}}; one check before the loop finds every row's addresses fit for 16-byte chunks in every iteration, else the loop runs as written; behind a range check before the loop: the bytes the copies read, over the block and every iteration, do not overlap those that the store to %o.b writes, else the loop runs as written
; REMARK-NOT: remark:

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
