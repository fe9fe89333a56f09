; The two automatic passes: ferry-pipeline takes the copy loops it can
; pipeline, ferry-async-copy converts the copies left, one stage at a time.
;
;   __global__ void two_copies(const int *__restrict__ in, const int *__restrict__ table,
;                              int *__restrict__ out, int n) {
;     __shared__ int lookup[256], tile[256];
;     int t = threadIdx.x, acc = 0;
;     lookup[t] = table[t];
;     __syncthreads();
;     for (int b = 0; b < n; b++) {
;       tile[t] = in[b * 256 + t];
;       __syncthreads();
;       acc += tile[t] * lookup[t];
;       __syncthreads();
;     }
;     out[blockIdx.x * 256 + t] = acc;
;   }
;
; ferry-pipeline alone: the loop's copy becomes a ring (wait_group 15 before
; the barrier), the copy of the lookup table stays a plain load and store,
; and the function is marked "ferry-converted" (ferry-dispatch-finish keeps
; a variant so marked).
; RUN: %opt -ferry-lone-copy=false -passes=ferry-pipeline -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.pipeline.ll 2>%t.pipeline.remarks
; RUN: FileCheck --check-prefix=PIPELINE %s < %t.pipeline.ll
; RUN: FileCheck --check-prefix=PIPELINE-REMARK %s < %t.pipeline.remarks
;
; ferry-async-copy alone: both copies one stage each (wait_group 0), no ring.
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.single.ll 2>%t.single.remarks
; RUN: FileCheck --check-prefix=SINGLE %s < %t.single.ll
; RUN: FileCheck --check-prefix=SINGLE-REMARK %s < %t.single.remarks
;
; Both, in the order clang runs them: the ring, and the lookup table's copy
; converted too (the ring's own cp.async does not make ferry-async-copy
; leave the function alone: ferry-pipeline's record of the function says
; they are its own, handed on by the pass manager, not in the IR).
; RUN: %opt -ferry-lone-copy=false -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.both.ll 2>%t.both.remarks
; RUN: FileCheck --check-prefix=BOTH %s < %t.both.ll
; RUN: FileCheck --check-prefix=BOTH-REMARK %s < %t.both.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.both.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
;
; Where something between the two drops that record (here every analysis
; invalidated), ferry-async-copy knows only what it sees: a function that
; issues asynchronous copies, left alone with a remark.
; RUN: %opt -ferry-lone-copy=false -passes='ferry-pipeline,invalidate<all>,ferry-async-copy' -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.dropped.ll \
; RUN:   2>%t.dropped.remarks
; RUN: FileCheck --check-prefix=DROPPED %s < %t.dropped.ll
; RUN: FileCheck --check-prefix=DROPPED-REMARK %s < %t.dropped.remarks
;
; Running them again changes nothing.
; RUN: %opt -ferry-lone-copy=false -passes=ferry-pipeline,ferry-async-copy,ferry-pipeline,ferry-async-copy -S %s -o %t.twice.ll
; RUN: diff %t.both.ll %t.twice.ll

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@lookup = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @two_copies(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef readonly captures(none) %table, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %table.src = getelementptr inbounds nuw i32, ptr %table, i64 %t.wide
  %entry.v = load i32, ptr %table.src, align 4
  %lookup.dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @lookup to ptr), i64 %t.wide
  store i32 %entry.v, ptr %lookup.dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  br label %loop

loop:
  %b = phi i32 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl nsw i32 %b, 8
  %i = add nuw nsw i32 %first, %t
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = load i32, ptr %dst, align 4
  %y = load i32, ptr %lookup.dst, align 4
  %xy = mul nsw i32 %y, %x
  %acc.next = add nsw i32 %xy, %acc
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw nsw i32 %b, 1
  %done = icmp eq i32 %b.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %result = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %o.first = shl i32 %ctaid, 8
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4
  ret void
}

; PIPELINE-LABEL: define dso_local ptx_kernel void @two_copies(
; PIPELINE-SAME:  #[[ATTRIBUTES:[0-9]+]]
; PIPELINE:         %entry.v = load i32, ptr %table.src
; PIPELINE-NEXT:    %lookup.dst = getelementptr
; PIPELINE-NEXT:    store i32 %entry.v, ptr %lookup.dst
; PIPELINE-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; PIPELINE:       loop:
; PIPELINE-NOT:     cp.async.ca.shared.global
; PIPELINE:         call void @llvm.nvvm.cp.async.wait.group(i32 15)
; PIPELINE-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; PIPELINE:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; PIPELINE:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; PIPELINE:         call void @llvm.nvvm.cp.async.commit.group()
; PIPELINE-NEXT:    br i1 %done, label %exit, label %loop
; PIPELINE:       attributes #[[ATTRIBUTES]] = { {{.*}}"ferry-converted"

; PIPELINE-REMARK:     remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages
; PIPELINE-REMARK-NOT: remark:

; SINGLE-LABEL: define dso_local ptx_kernel void @two_copies(
; SINGLE-NOT:     ferry.ring
; SINGLE:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; SINGLE:         call void @llvm.nvvm.cp.async.wait.group(i32 0)
; SINGLE-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; SINGLE:       loop:
; SINGLE:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; SINGLE-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; SINGLE-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; SINGLE-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; SINGLE-NOT:   wait.group(i32 15)

; SINGLE-REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; SINGLE-REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; SINGLE-REMARK-NOT:  remark:

; BOTH-LABEL: define dso_local ptx_kernel void @two_copies(
; BOTH:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; BOTH-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; BOTH-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; BOTH-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; BOTH:       loop:
; BOTH-NOT:     cp.async.commit.group
; BOTH:         call void @llvm.nvvm.cp.async.wait.group(i32 15)
; BOTH-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; BOTH:         call void @llvm.nvvm.cp.async.commit.group()
; BOTH-NEXT:    br i1 %done, label %exit, label %loop

; DROPPED-LABEL: define dso_local ptx_kernel void @two_copies(
; DROPPED:         %entry.v = load i32, ptr %table.src
; DROPPED-NEXT:    %lookup.dst = getelementptr
; DROPPED-NEXT:    store i32 %entry.v, ptr %lookup.dst
; DROPPED-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; DROPPED:       loop:
; DROPPED:         call void @llvm.nvvm.cp.async.wait.group(i32 15)

; DROPPED-REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages
; DROPPED-REMARK-NEXT: remark: <unknown>:0:0: not converted: the function already issues asynchronous copies
; DROPPED-REMARK-NOT:  remark:

; BOTH-REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages
; BOTH-REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; BOTH-REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
