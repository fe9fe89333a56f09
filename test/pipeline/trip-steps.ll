; Loops counted by a step other than 1 are pipelined when the counter can
; only grow until the loop exits (its increment cannot wrap: nsw for a
; signed test, nuw for an unsigned one): here
; `a` counts by 16 while a <= end, as a tiled matrix product walks K. The
; first value the latch tests is begin + 16; the last iteration's index is
; then (end - (begin + 16)) / 16 + 1 when end >= begin + 16, else 0,
; computed in 64 bits where nothing wraps; iteration i+k runs when
; last - i >= k (iteration i's end issues i+4 when last - i > 3). The
; source also depends on `b`, which adds a loop-invariant %stride each
; iteration: k iterations on it is b + k * stride.
;
;   for (int a = begin, b = 0; a <= end; a += 16, b += stride) {
;     tile[t] = in[a * 256 + b + t]; __syncthreads();
;     acc += tile[t] ^ tile[255 - t]; __syncthreads();
;   }
;
; RUN: %opt -ferry-stages=4 -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

; CHECK: @tile.ferry.ring = internal addrspace(3) global [4 x [256 x i32]] poison, align 16

define dso_local ptx_kernel void @by_16_le(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %begin, i32 noundef %end, i32 noundef %stride) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %none = icmp sgt i32 %begin, %end
  br i1 %none, label %exit, label %preheader

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %mirror.index = sub nsw i32 255, %t
  %mirror.wide = sext i32 %mirror.index to i64
  %mirror = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %mirror.wide
  br label %loop

loop:
  %b = phi i32 [ 0, %preheader ], [ %b.next, %loop ]
  %a = phi i32 [ %begin, %preheader ], [ %a.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %row = shl nsw i32 %a, 8
  %column = add i32 %b, %t
  %index = add i32 %column, %row
  %index.wide = sext i32 %index to i64
  %src = getelementptr inbounds i32, ptr %in, i64 %index.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %other = load i32, ptr %mirror, align 4
  %mixed = xor i32 %other, %own
  %acc.next = add nsw i32 %mixed, %acc
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %a.next = add nsw i32 %a, 16
  %b.next = add nsw i32 %b, %stride
  %done = icmp sgt i32 %a.next, %end
  br i1 %done, label %exit, label %loop

exit:
  %result = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %block = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %o.first = shl i32 %block, 8
  %o.i = add i32 %o.first, %t
  %o.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.wide
  store i32 %result, ptr %o, align 4
  ret void
}

; The prologue: stage 0 unguarded, stage k when last >= k, with b = 0 + k *
; stride.
; CHECK-LABEL: define dso_local ptx_kernel void @by_16_le(
; CHECK:       preheader:
; CHECK:         [[FIRST:%.*]] = add i32 %begin, 16
; CHECK-NEXT:    [[END:%.*]] = sext i32 %end to i64
; CHECK-NEXT:    [[FIRST64:%.*]] = sext i32 [[FIRST]] to i64
; CHECK-NEXT:    [[DIFFERENCE:%.*]] = sub i64 [[END]], [[FIRST64]]
; CHECK-NEXT:    [[REACHES:%.*]] = icmp sge i64 [[DIFFERENCE]], 0
; CHECK-NEXT:    [[STEPS:%.*]] = sdiv i64 [[DIFFERENCE]], 16
; CHECK-NEXT:    [[LAST:%.*]] = add i64 [[STEPS]], 1
; CHECK-NEXT:    %ferry.last = select i1 [[REACHES]], i64 [[LAST]], i64 0
; CHECK-NEXT:    %ferry.last.iteration = trunc i64 %ferry.last to i32
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    %ferry.runs{{[0-9]*}} = icmp uge i32 %ferry.last.iteration, 1
; CHECK:         [[STEP1:%.*]] = mul i32 %stride, 1
; CHECK-NEXT:    %ferry.ahead{{[0-9]*}} = add i32 0, [[STEP1]]
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    %ferry.runs{{[0-9]*}} = icmp uge i32 %ferry.last.iteration, 2
; CHECK:         mul i32 %stride, 2
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    %ferry.runs{{[0-9]*}} = icmp uge i32 %ferry.last.iteration, 3
; CHECK:         mul i32 %stride, 3
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         br label %loop
; The loop's own guard, at its top.
; CHECK:       loop:
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     store i32 %v
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    %ferry.runs = icmp ugt i32 [[LEFT]], 3
; CHECK:         mul i32 %stride, 4
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store i32 %v
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK:         call void @llvm.nvvm.cp.async.wait.all()

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages
; REMARK-NOT:  remark:

; PTX-LABEL: .entry by_16_le(
; PTX:         cp.async.wait_group 3;

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

attributes #0 = { "target-cpu"="sm_80" }
