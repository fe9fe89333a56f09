; In a launch dispatch's variant the ring of a static __shared__ array
; takes its slots in the launch's dynamic shared memory, as an extern
; tile's does (extern-tile-ring-per-launch.ll), where the kernel uses no
; other shared array (pipeline_plan.h, from_static; pipeline_dynamic.h,
; ferry_static_ring_takes_launch): the variant is K__ferry_ring, whose
; launches the host gives tiles of the kernel's static shared memory where
; they give no dynamic memory (dispatch_runtime.c). Before the loop, the
; slots' stride is the array's bytes (1024) and S the most stages, a power
; of two up to 64, that %dynamic_smem_size holds, else 1; slot 0 is
; ferry's own extern array, ferry_launch_ring, where S is 2 or more, else
; the static array itself (the loop as written, one stage at a time). No
; static ring. The loop is copied for each S, with one barrier an
; iteration from 32 stages.
;
; Kept static (a ring of 16 static slots, the variant K__ferry): a kernel
; that uses a second shared array (its static bytes are not the tile's),
; static or extern, and a tile whose bytes are no multiple of 16.
;
;   __shared__ int tile[256];
;   for (int b = 0; b < n; b++) {
;     tile[t] = in[b * 256 + t]; __syncthreads();
;     acc += tile[t] * 3 + tile[t ^ 1]; __syncthreads();
;   }
;
; RUN: %opt -passes=ferry-dispatch-variants,ferry-pipeline,ferry-async-copy,ferry-dispatch-finish \
; RUN:   -pass-remarks=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

; CHECK:         @ferry_launch_ring = external addrspace(3) global [0 x i8], align 16
; CHECK-NOT:     @tile__ferry{{.*}}.ferry.ring
; CHECK:         @other.tile__ferry.ferry.ring = internal addrspace(3) global [16 x [256 x i32]]
; CHECK:         @odd.tile__ferry.ferry.ring = internal addrspace(3) global [16 x [255 x i32]]
; CHECK:         @shared.tile__ferry.ferry.ring = internal addrspace(3) global [16 x [256 x i32]]
; CHECK-NOT:     @tile__ferry{{.*}}.ferry.ring

; CHECK-LABEL: define dso_local ptx_kernel void @stream(
; CHECK-NOT:     cp.async
; CHECK:         ret void

; CHECK-LABEL: define dso_local ptx_kernel void @stream__ferry_ring(
; CHECK-NOT:     llvm.trap
; CHECK:         %ferry.dynamic.bytes = zext i32 {{%.*}} to i64
; CHECK-NEXT:    [[TWO:%.*]] = icmp ule i64 2048, %ferry.dynamic.bytes
; CHECK-NEXT:    [[S2:%.*]] = select i1 [[TWO]], i32 2, i32 1
; CHECK:         [[S64:%.*]] = select i1 {{%.*}}, i32 64, i32 {{%.*}}
; CHECK-NEXT:    %ferry.stage.mask = sub i32 [[S64]], 1
; CHECK-NEXT:    [[ONE:%.*]] = icmp eq i32 %ferry.stage.mask, 0
; CHECK-NEXT:    %ferry.ring.base = select i1 [[ONE]], ptr addrspace(3) @tile__ferry, ptr addrspace(3) @ferry_launch_ring
; CHECK:       ferry.prologue:
; CHECK:         [[K64:%.*]] = zext i32 {{%.*}} to i64
; CHECK-NEXT:    [[OFFSET:%.*]] = mul i64 [[K64]], 1024
; CHECK-NEXT:    getelementptr i8, ptr addrspace(3) %ferry.ring.base, i64 [[OFFSET]]
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 62)
; CHECK:       ferry.loop.ends:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:       loop.s16:
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 15)
; CHECK:       loop.s1:
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK:         ret void

; A second static array: a ring of static slots.
; CHECK-LABEL: define dso_local ptx_kernel void @other__ferry(
; CHECK-NOT:     ferry_launch_ring
; CHECK:         @other.tile__ferry.ferry.ring
; CHECK-NOT:     dynamic_smem_size
; CHECK:         ret void

; 1020 bytes a tile: a ring of static slots.
; CHECK-LABEL: define dso_local ptx_kernel void @odd__ferry(
; CHECK-NOT:     ferry_launch_ring
; CHECK:         ret void

; An extern array beside the static one: a ring of static slots.
; CHECK-LABEL: define dso_local ptx_kernel void @shared__ferry(
; CHECK-NOT:     ferry_launch_ring
; CHECK:         ret void

; The second variant: the same ring in 16-byte chunks.
; CHECK-LABEL: define dso_local ptx_kernel void @stream__ferry_alt(
; CHECK:         %ferry.ring.base = select i1 {{%.*}}, ptr addrspace(3) @tile__ferry{{.*}}, ptr addrspace(3) @ferry_launch_ring
; CHECK:         asm sideeffect "{ .reg .pred issue; setp.ne.b32 issue, $2, 0; @issue cp.async.cg.shared.global [$0], [$1], 16; }"

; REMARK: remark: <unknown>:0:0: the kernel stays as written and its converted copy is the variant stream__ferry_ring, whose __shared__ tile's ring takes its stages from the launch's dynamic shared memory (tiles of the kernel's static shared memory, where the launch gives none): each launch
; REMARK: remark: <unknown>:0:0: the kernel stays as written and its converted copy is the variant other__ferry:

; PTX: .extern .shared .align 16 .b8 ferry_launch_ring[];
; PTX-LABEL: .entry stream__ferry_ring(
; PTX:         mov.b64 {{%rd[0-9]+}}, ferry_launch_ring;
; PTX:         cp.async.wait_group 62;

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x i32] poison, align 16
@other.tile = internal addrspace(3) global [256 x i32] poison, align 16
@other.flags = internal addrspace(3) global [8 x i32] poison, align 4
@odd.tile = internal addrspace(3) global [255 x i32] poison, align 16
@shared.tile = internal addrspace(3) global [256 x i32] poison, align 16
@dynamic = external addrspace(3) global [0 x i32], align 4

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
  %o.first = mul i32 %ctaid, 256
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  ret void
}

define dso_local ptx_kernel void @other(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @other.tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @other.tile to ptr), i64 %t1.wide
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
  %o.first = mul i32 %ctaid, 256
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  store i32 %result, ptr addrspace(3) @other.flags, align 4
  ret void
}

define dso_local ptx_kernel void @odd(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @odd.tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @odd.tile to ptr), i64 %t1.wide
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
  %o.first = mul i32 %ctaid, 256
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  ret void
}

define dso_local ptx_kernel void @shared(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @shared.tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @shared.tile to ptr), i64 %t1.wide
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
  %o.first = mul i32 %ctaid, 256
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  store i32 %result, ptr addrspace(3) @dynamic, align 4
  ret void
}

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
