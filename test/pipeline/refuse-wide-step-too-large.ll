; A 64-bit counter stepping by 2^60 (nsw): whether an iteration 15 ahead
; runs is asked of the counter in its own width, counter + 14 * step from
; the bound, which no longer fits. Not pipelined (an analysis remark says
; why); the copy is converted alone. The same with a step of 2^57 (STEP57):
; a per-launch ring computes up to 64 stages ahead, so steps up to 2^56 of
; a 64-bit counter are taken (loop_limits.h; trip-wide-step.ll).
;
; RUN: %opt -ferry-stages=4 -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: sed 's/1152921504606846976/144115188075855872/' %s > %t.57.ll
; RUN: %opt -ferry-stages=4 -passes=ferry-pipeline,ferry-async-copy -pass-remarks-analysis=ferry \
; RUN:   -S %t.57.ll -o /dev/null 2>&1 | FileCheck --check-prefix=STEP57 %s
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @refuse_wide_step_too_large(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i64 noundef %lo, i64 noundef %hi) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp slt i64 %lo, %hi
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i64 [ %lo, %preheader ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = shl nsw i64 %k, 8
  %i = add nsw i64 %first, %t.wide
  %src = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %k.next = add nsw i64 %k, 1152921504606846976
  %more = icmp slt i64 %k.next, %hi
  br i1 %more, label %loop, label %exit

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

; CHECK: @tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
; CHECK-NOT: ferry.ring

; CHECK-LABEL: define dso_local ptx_kernel void @refuse_wide_step_too_large(
; CHECK-NOT:     ferry.iteration
; CHECK:       loop:
; CHECK-NOT:     load i32, ptr %src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: the copy loop is not pipelined: the loop's counter steps by 1152921504606846976, more than ferry computes ahead without overflow
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

; STEP57: remark: <unknown>:0:0: the copy loop is not pipelined: the loop's counter steps by 144115188075855872, more than ferry computes ahead without overflow

; PTX-LABEL: .entry refuse_wide_step_too_large(
; PTX-NOT:     cp.async.wait_all
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-NOT:     cp.async.wait_all

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
