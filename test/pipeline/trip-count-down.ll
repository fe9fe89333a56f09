; Loops counting down (a negative step), as legacy kernels walk tiles from
; the end: the values the latch tests only shrink until one fails, so the
; index of the last iteration is (first - bound) / step's size, the mirror
; of a loop counting up, and iteration i+d runs when last - i >= d (the
; prologue's d = 1..3 when last >= d; iteration i's end issues i+4 when
; last - i > 3). Three
; shapes as clang -O3 leaves them (tsp-cuda's 2-opt kernel walks its tiles
; this way: `for (jj = cities - 1; jj >= ii + 2; jj -= tilesize)`):
;
;   for (int k = n - 1; k >= 0; k--)        { tile[t] = in[k * 256 + t]; ... }
;     clang counts k + 1 from n and tests it before the decrement, as
;     unsigned: continue while k + 1 > 1. The first value tested is n:
;     last = (n - 1 - 1) / 1 + 1 = n - 1 when n >= 2, else 0 (n == 1 runs
;     once).
;   for (int k = n - 256; k >= 0; k -= 256) { tile[t] = in[k + t]; ... }
;     the same by 256: continue while k + 256 > 511 (unsigned, a constant
;     bound no passing value can go below 0 from): last = (n - 512) / 256
;     + 1 when n >= 512.
;   for (int jj = hi - 1; jj >= lo; jj -= 256) { tile[t] = in[jj - 255 + t]; ... }
;     tests the decremented counter, signed, nsw: continue while
;     jj - 256 >= lo; last = (hi - 1 - 256 - lo) / 256 + 1 when that
;     difference is at least 0.
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

@tile.lo = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@tile.one = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@tile.tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

define dso_local ptx_kernel void @down_by_one(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.one to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.one to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i32 [ %n, %preheader ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %k.next = add nsw i32 %k, -1
  %first = shl nsw i32 %k.next, 8
  %i = add nsw i32 %first, %t
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %more = icmp samesign ugt i32 %k, 1
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

define dso_local ptx_kernel void @down_tile(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp sgt i32 %n, 255
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.tile to ptr), i64 %t1.wide
  br label %loop

loop:
  %k = phi i32 [ %n, %preheader ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %k.next = add nsw i32 %k, -256
  %i = add nuw i32 %k.next, %t
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %more = icmp samesign ugt i32 %k, 511
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

define dso_local ptx_kernel void @down_to_lo(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %hi, i32 noundef %lo) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %any = icmp sgt i32 %hi, %lo
  %start = add nsw i32 %hi, -1
  br i1 %any, label %preheader, label %exit

preheader:
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.lo to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile.lo to ptr), i64 %t1.wide
  br label %loop

loop:
  %jj = phi i32 [ %start, %preheader ], [ %jj.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %base = add nsw i32 %jj, -255
  %i = add nsw i32 %base, %t
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %jj.next = add nsw i32 %jj, -256
  %done = icmp slt i32 %jj.next, %lo
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

; CHECK-NOT: @tile.one =
; CHECK: @tile.one.ferry.ring = internal addrspace(3) global [4 x [256 x i32]] poison, align 16
; CHECK: @tile.tile.ferry.ring = internal addrspace(3) global [4 x [256 x i32]] poison, align 16
; CHECK: @tile.lo.ferry.ring = internal addrspace(3) global [4 x [256 x i32]] poison, align 16

; CHECK-LABEL: define dso_local ptx_kernel void @down_by_one(
; CHECK:       preheader:
; CHECK:         [[N:%.*]] = zext i32 %n to i64
; CHECK-NEXT:    [[DIFF:%.*]] = sub i64 [[N]], 1
; CHECK-NEXT:    [[REACH:%.*]] = sub i64 [[DIFF]], 1
; CHECK-NEXT:    [[REACHES:%.*]] = icmp sge i64 [[REACH]], 0
; CHECK-NEXT:    [[STEPS:%.*]] = sdiv i64 [[REACH]], 1
; CHECK-NEXT:    [[STEPS1:%.*]] = add i64 [[STEPS]], 1
; CHECK-NEXT:    %ferry.last = select i1 [[REACHES]], i64 [[STEPS1]], i64 0
; CHECK-NEXT:    %ferry.last.iteration = trunc i64 %ferry.last to i32
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    [[RUNS1:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 1
; CHECK-NEXT:    br i1 [[RUNS1]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %n, -1
; CHECK:         [[RUNS2:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 2
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %n, -2
; CHECK:         [[RUNS3:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 3
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %n, -3
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %ferry.iteration = phi i32
; CHECK-NEXT:    %k = phi i32 [ %n, %{{.*}} ], [ %k.next, %{{.*}} ]
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         %more = icmp samesign ugt i32 %k, 1
; CHECK:         [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    [[RUNS:%ferry.runs[0-9]*]] = icmp ugt i32 [[LEFT]], 3
; CHECK-NEXT:    br i1 [[RUNS]], label %ferry.issue{{[0-9]*}}, label %ferry.issued{{[0-9]*}}
; CHECK:         %ferry.ahead = add i32 %k, -4
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %more, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    %result = phi i32
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.all()

; CHECK-LABEL: define dso_local ptx_kernel void @down_tile(
; CHECK:       preheader:
; CHECK:         [[N:%.*]] = zext i32 %n to i64
; CHECK-NEXT:    [[DIFF:%.*]] = sub i64 [[N]], 511
; CHECK-NEXT:    [[REACH:%.*]] = sub i64 [[DIFF]], 1
; CHECK-NEXT:    [[REACHES:%.*]] = icmp sge i64 [[REACH]], 0
; CHECK-NEXT:    [[STEPS:%.*]] = sdiv i64 [[REACH]], 256
; CHECK-NEXT:    [[STEPS1:%.*]] = add i64 [[STEPS]], 1
; CHECK-NEXT:    %ferry.last = select i1 [[REACHES]], i64 [[STEPS1]], i64 0
; CHECK-NEXT:    %ferry.last.iteration = trunc i64 %ferry.last to i32
; CHECK:         [[RUNS1:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 1
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %n, -256
; CHECK:         [[RUNS2:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 2
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %n, -512
; CHECK:         [[RUNS3:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 3
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %n, -768
; CHECK:       loop:
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; CHECK:         [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    [[RUNS:%ferry.runs[0-9]*]] = icmp ugt i32 [[LEFT]], 3
; CHECK:         %ferry.ahead = add i32 %k, -1024
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %more, label %loop, label %exit

; CHECK-LABEL: define dso_local ptx_kernel void @down_to_lo(
; CHECK:       preheader:
; CHECK:         [[FIRST:%.*]] = add i32 %start, -256
; CHECK-NEXT:    [[LO:%.*]] = sext i32 %lo to i64
; CHECK-NEXT:    [[FIRST64:%.*]] = sext i32 [[FIRST]] to i64
; CHECK-NEXT:    [[DIFF:%.*]] = sub i64 [[FIRST64]], [[LO]]
; CHECK-NEXT:    [[REACHES:%.*]] = icmp sge i64 [[DIFF]], 0
; CHECK-NEXT:    [[STEPS:%.*]] = sdiv i64 [[DIFF]], 256
; CHECK-NEXT:    [[STEPS1:%.*]] = add i64 [[STEPS]], 1
; CHECK-NEXT:    %ferry.last = select i1 [[REACHES]], i64 [[STEPS1]], i64 0
; CHECK-NEXT:    %ferry.last.iteration = trunc i64 %ferry.last to i32
; CHECK:         [[RUNS1:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 1
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %start, -256
; CHECK:         [[RUNS3:%ferry.runs[0-9]*]] = icmp uge i32 %ferry.last.iteration, 3
; CHECK:         %ferry.ahead{{[0-9]*}} = add i32 %start, -768
; CHECK:       loop:
; CHECK-NOT:     cp.async.ca.shared.global
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 3)
; CHECK:         %done = icmp slt i32 %jj.next, %lo
; CHECK:         [[LEFT:%.*]] = sub i32 %ferry.last.iteration, %ferry.iteration
; CHECK-NEXT:    [[RUNS:%ferry.runs[0-9]*]] = icmp ugt i32 [[LEFT]], 3
; CHECK:         %ferry.ahead = add i32 %jj, -1024
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %done, label %exit, label %loop

; REMARK-COUNT-3: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 4 stages
; REMARK-NOT: remark:

; PTX-LABEL: .entry down_by_one(
; PTX:         cp.async.wait_group 3;
; PTX-LABEL: .entry down_tile(
; PTX:         cp.async.wait_group 3;
; PTX-LABEL: .entry down_to_lo(
; PTX:         cp.async.wait_group 3;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
