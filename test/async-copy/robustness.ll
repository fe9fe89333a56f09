; Unusual but valid IR must neither crash the pass nor leave invalid IR:
; copies in unreachable blocks and in self-loops, vector elements such as
; <2 x i16>, aggregate (struct and array) loads, a function with no barrier
; at all, paths ending in unreachable, and declarations.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.pair = type { i32, i32 }

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@pairs = internal addrspace(3) global [256 x %struct.pair] poison, align 8
@rows = internal addrspace(3) global [256 x [2 x i32]] poison, align 8

; A copy in a block nothing branches to: legal (a barrier follows), and
; converting it is harmless.
define ptx_kernel void @unreachable_block(ptr noundef readonly captures(none) %g) #0 {
entry:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void

dead:
  %v = load i32, ptr %g, align 4
  store i32 %v, ptr addrspace(3) @sh, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @unreachable_block(
; CHECK:       dead:
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %g to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) @sh, ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; A block that branches to itself: the copy runs again before any barrier.
define ptx_kernel void @self_loop(ptr noundef readonly captures(none) %g, i32 %n) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspace(3) @sh, i64 %idx
  br label %spin

spin:
  %k = phi i32 [ 0, %entry ], [ %k.next, %spin ]
  %k.wide = zext nneg i32 %k to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %k.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr addrspace(3) %dst, align 4
  %k.next = add nuw nsw i32 %k, 1
  %again = icmp ult i32 %k.next, %n
  br i1 %again, label %spin, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @self_loop(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr addrspace(3) %dst, align 4

; <2 x i16>: a 4-byte vector of 2-byte lanes is one 4-byte element.
define ptx_kernel void @short2(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw <2 x i16>, ptr %g, i64 %idx
  %v = load <2 x i16>, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspace(3) @sh, i64 %rev
  store <2 x i16> %v, ptr addrspace(3) %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @short2(
; CHECK-NOT:     load <2 x i16>
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %dst,
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)

; Struct and array values: not a single element; refused, untouched.
define ptx_kernel void @aggregates(ptr noundef readonly captures(none) %g, ptr noundef readonly captures(none) %h) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw %struct.pair, ptr %g, i64 %idx
  %p = load %struct.pair, ptr %src, align 8
  %dst = getelementptr inbounds nuw %struct.pair, ptr addrspace(3) @pairs, i64 %idx
  store %struct.pair %p, ptr addrspace(3) %dst, align 8
  %src2 = getelementptr inbounds nuw [2 x i32], ptr %h, i64 %idx
  %a = load [2 x i32], ptr %src2, align 8
  %dst2 = getelementptr inbounds nuw [2 x i32], ptr addrspace(3) @rows, i64 %idx
  store [2 x i32] %a, ptr addrspace(3) %dst2, align 8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @aggregates(
; CHECK-NOT:     cp.async
; CHECK:         %p = load %struct.pair, ptr %src, align 8
; CHECK:         store %struct.pair %p, ptr addrspace(3) %dst, align 8
; CHECK:         %a = load [2 x i32], ptr %src2, align 8
; CHECK:         store [2 x i32] %a, ptr addrspace(3) %dst2, align 8

; No barrier anywhere: the copy's path returns.
define ptx_kernel void @no_barriers(ptr noundef readonly captures(none) %g) #0 {
entry:
  %v = load i32, ptr %g, align 4
  store i32 %v, ptr addrspace(3) @sh, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @no_barriers(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %g, align 4
; CHECK-NEXT:    store i32 %v, ptr addrspace(3) @sh, align 4

; One path ends in unreachable (__builtin_unreachable()) and needs no wait;
; the other reaches the barrier.
define ptx_kernel void @unreachable_path(ptr noundef readonly captures(none) %g, i1 %bad) #0 {
entry:
  %v = load i32, ptr %g, align 4
  store i32 %v, ptr addrspace(3) @sh, align 4
  br i1 %bad, label %impossible, label %sync

impossible:
  unreachable

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @unreachable_path(
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       impossible:
; CHECK-NEXT:    unreachable
; CHECK:       sync:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; A path that traps (__trap()): llvm.trap ends the thread and reads no
; memory a copy could be observed through, and the path never completes, so
; the copy is converted, waited for before the barrier on the other path.
define ptx_kernel void @trapping_path(ptr noundef readonly captures(none) %g, i1 %bad) #0 {
entry:
  %v = load i32, ptr %g, align 4
  store i32 %v, ptr addrspace(3) @sh, align 4
  br i1 %bad, label %trap, label %sync

trap:
  tail call void @llvm.trap()
  unreachable

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @trapping_path(
; CHECK-NOT:     store i32 %v
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       trap:
; CHECK-NEXT:    tail call void @llvm.trap()
; CHECK:       sync:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; Every path from the copy ends in unreachable: no barrier follows.
define ptx_kernel void @always_unreachable(ptr noundef readonly captures(none) %g) #0 {
entry:
  %v = load i32, ptr %g, align 4
  store i32 %v, ptr addrspace(3) @sh, align 4
  unreachable
}

; CHECK-LABEL: define ptx_kernel void @always_unreachable(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %g, align 4
; CHECK-NEXT:    store i32 %v, ptr addrspace(3) @sh, align 4
; CHECK-NEXT:    unreachable

; Not copies at all: a store of a constant, a load with no store. Nothing to
; say about them.
define ptx_kernel void @not_copies(ptr noundef captures(none) %g) #0 {
entry:
  store i32 0, ptr addrspace(3) @sh, align 4
  %v = load i32, ptr %g, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(3) @sh, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @not_copies(
; CHECK-NOT:     cp.async
; CHECK:         store i32 0, ptr addrspace(3) @sh, align 4
; CHECK-NEXT:    %v = load i32, ptr %g, align 4
; CHECK-NEXT:    %w = add i32 %v, 1
; CHECK-NEXT:    store i32 %w, ptr addrspace(3) @sh, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the copy can execute again before any barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the element type is not a 1-, 2-, 4-, 8- or 16-byte value
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the element type is not a 1-, 2-, 4-, 8- or 16-byte value
; REMARK-NEXT: remark: <unknown>:0:0: not converted: a path from the copy returns without reaching a barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: no barrier follows the copy
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.trap()

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
