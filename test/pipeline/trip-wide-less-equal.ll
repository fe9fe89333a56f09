; `for (long long k = lo; k <= hi; k++)`: as for int (trip-less-equal.ll),
; clang exits when k == hi, k + 1 without nsw. With a 64-bit counter the
; index of the last iteration need not fit in 32 bits: iteration i+d runs
; when none of k, k+1, ..., k+d-1 is hi, hi - k >= d modulo 2^64 (the
; prologue asks it of lo), so hi == LLONG_MAX is neither none nor forever.
;
;   for (long long k = lo; k <= hi; k++) { tile[t] = in[k * 256 + t]; ... }
;
; RUN: %opt -ferry-stages=4 -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
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

@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @trip_wide_less_equal(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i64 noundef %lo, i64 noundef %hi) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %none = icmp sgt i64 %lo, %hi
  br i1 %none, label %exit, label %preheader

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
  %k.next = add i64 %k, 1
  %done = icmp eq i64 %k, %hi
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

; CHECK-NOT: @tile =
; CHECK: @tile.ferry.ring = internal addrspace(3) global [4 x [256 x i32]] poison, align 16

; CHECK-LABEL: define dso_local ptx_kernel void @trip_wide_less_equal(
; CHECK:       preheader:
; CHECK-NOT:     ferry.last
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[LEFT1:%.*]] = sub i64 %hi, %lo
; CHECK-NEXT:    [[RUNS1:%ferry.runs[0-9]*]] = icmp uge i64 [[LEFT1]], 1
; CHECK-NEXT:    br i1 [[RUNS1]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead{{[0-9]*}} = add i64 %lo, 1
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[LEFT2:%.*]] = sub i64 %hi, %lo
; CHECK-NEXT:    [[RUNS2:%ferry.runs[0-9]*]] = icmp uge i64 [[LEFT2]], 2
; CHECK:         %ferry.ahead{{[0-9]*}} = add i64 %lo, 2
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[LEFT3:%.*]] = sub i64 %hi, %lo
; CHECK-NEXT:    [[RUNS3:%ferry.runs[0-9]*]] = icmp uge i64 [[LEFT3]], 3
; CHECK:         %ferry.ahead{{[0-9]*}} = add i64 %lo, 3
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %ferry.iteration = phi i32
; CHECK-NEXT:    %k = phi i64 [ %lo, %{{.*}} ], [ %k.next, %{{.*}} ]
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         %done = icmp eq i64 %k, %hi
; CHECK:         [[LEFT:%.*]] = sub i64 %hi, %k
; CHECK-NEXT:    [[RUNS:%ferry.runs[0-9]*]] = icmp uge i64 [[LEFT]], 4
; CHECK-NEXT:    br i1 [[RUNS]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead = add i64 %k, 4
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    %result = phi i32
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()

; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages
; REMARK-NOT: remark:

; PTX-LABEL: .entry trip_wide_less_equal(
; PTX-DAG:     cp.async.wait_all;
; PTX-DAG:     cp.async.wait_group 3;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
