; Block-strided copy loops (issue 13, shape 4):
;   for (p = threadIdx.x; p < N; p += blockDim.x) s[p] = g[base + p];
;   __syncthreads();
; The copy runs once per iteration, with no barrier in the loop: each
; becomes a per-thread cp.async, all in flight until one commit_group +
; wait_group 0 before the barrier after the loop (none in the loop). The
; destination moves with the loop's counter p (4*p), the source is computed
; from p and values fixed in the loop, and nothing in the loop touches the
; destination's array or writes the source. Also: a bound known only at run
; time (the loop behind a guard), a guarded copy, 16-byte elements, two
; arrays filled by one loop, and a copy loop inside an outer loop whose
; barriers end each phase.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck --check-prefixes=CHECK,ALONE %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; The passes in clang's order: ferry-pipeline and ferry-prefetch leave a
; copy loop's copies to ferry-async-copy (no prefetch), except the copy
; loop inside an outer loop of a ring's shape, which ferry-pipeline makes
; a ring (pipeline_copy_loop.c; test/pipeline/copy-loop-ring.cu).
; RUN: %opt -passes=ferry-pipeline,ferry-prefetch,ferry-async-copy,verify -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -S %s -o %t.all.ll 2>%t.all.remarks
; RUN: FileCheck --check-prefixes=CHECK,RING %s < %t.all.ll
; RUN: FileCheck --check-prefix=RINGREMARK %s < %t.all.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [1024 x float] undef, align 4
@s2 = internal addrspace(3) global [1024 x float] undef, align 4
@s4 = internal addrspace(3) global [256 x <4 x float>] undef, align 16

; for (int p = threadIdx.x; p < 1024; p += blockDim.x) s[p] = in[base + p];
define ptx_kernel void @constant_bound(ptr noundef writeonly captures(none) %out, ptr noundef readonly captures(none) %in) #0 {
entry:
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %ctaid, 10
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %i = or disjoint i32 %p, %base
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds float, ptr %in, i64 %i.wide
  %v = load float, ptr %src, align 4
  %p.wide = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = xor i32 %tid, 1023
  %r.wide = zext nneg i32 %r to i64
  %at = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %r.wide
  %x = load float, ptr %at, align 4
  %o = or disjoint i32 %base, %tid
  %o.wide = zext i32 %o to i64
  %dst.out = getelementptr inbounds nuw float, ptr %out, i64 %o.wide
  store float %x, ptr %dst.out, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @constant_bound(
; CHECK:       loop:
; CHECK-NOT:     load float
; CHECK-NOT:     store float
; CHECK-NOT:     cp.async.wait
; CHECK-NOT:     cp.async.commit
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}})
; CHECK-NOT:     cp.async.wait
; CHECK-NOT:     cp.async.commit
; CHECK:         br i1 %more, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; for (int p = threadIdx.x; p < n; p += blockDim.x) s[p] = in[base + p];
; (int arithmetic: the increment has no wrap flags, the index is sign-extended)
define ptx_kernel void @runtime_bound(ptr noundef writeonly captures(none) %out, ptr noundef readonly captures(none) %in, i32 noundef %n) #0 {
entry:
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %n, %ctaid
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp slt i32 %tid, %n
  br i1 %any, label %preheader, label %exit

preheader:
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %preheader ], [ %p.next, %loop ]
  %i = add nsw i32 %p, %base
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds float, ptr %in, i64 %i.wide
  %v = load float, ptr %src, align 4
  %p.wide = sext i32 %p to i64
  %dst = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %v, ptr %dst, align 4
  %p.next = add i32 %p, %ntid
  %more = icmp slt i32 %p.next, %n
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = xor i32 %tid, 1023
  %r.wide = zext nneg i32 %r to i64
  %at = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %r.wide
  %x = load float, ptr %at, align 4
  %o = add i32 %base, %tid
  %o.wide = zext i32 %o to i64
  %dst.out = getelementptr inbounds nuw float, ptr %out, i64 %o.wide
  store float %x, ptr %dst.out, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @runtime_bound(
; CHECK:       loop:
; CHECK-NOT:     cp.async.wait
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     cp.async.wait
; CHECK:         br i1 %more, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; for (p = threadIdx.x; p < 1024; p += blockDim.x)
;   s[p] = base + p < n ? in[base + p] : 0.0f;
define ptx_kernel void @guarded(ptr noundef writeonly captures(none) %out, ptr noundef readonly captures(none) %in, i32 noundef %n) #0 {
entry:
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %ctaid, 10
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %latch ]
  %i = or disjoint i32 %p, %base
  %in.range = icmp slt i32 %i, %n
  br i1 %in.range, label %load, label %latch

load:
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds float, ptr %in, i64 %i.wide
  %v = load float, ptr %src, align 4
  br label %latch

latch:
  %value = phi float [ %v, %load ], [ 0.0, %loop ]
  %p.wide = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %value, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = xor i32 %tid, 1023
  %r.wide = zext nneg i32 %r to i64
  %at = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %r.wide
  %x = load float, ptr %at, align 4
  %o = or disjoint i32 %base, %tid
  %o.wide = zext i32 %o to i64
  %dst.out = getelementptr inbounds nuw float, ptr %out, i64 %o.wide
  store float %x, ptr %dst.out, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @guarded(
; CHECK:       latch:
; CHECK:         %ferry.source.bytes = phi i32 [ 4, %load ], [ 0, %loop ]
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %ferry.source.bytes)
; CHECK-NOT:     cp.async.wait
; CHECK:         br i1 %more, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; for (p = threadIdx.x; p < 256; p += blockDim.x) s4[p] = in[base + p];  (float4)
define ptx_kernel void @sixteen_bytes(ptr noundef writeonly captures(none) %out, ptr noundef readonly align 16 captures(none) %in) #0 {
entry:
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %ctaid, 8
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %i = or disjoint i32 %p, %base
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds <4 x float>, ptr %in, i64 %i.wide
  %v = load <4 x float>, ptr %src, align 16
  %p.wide = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw <4 x float>, ptr addrspacecast (ptr addrspace(3) @s4 to ptr), i64 %p.wide
  store <4 x float> %v, ptr %dst, align 16
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 256
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = xor i32 %tid, 255
  %r.wide = zext nneg i32 %r to i64
  %at = getelementptr inbounds nuw <4 x float>, ptr addrspacecast (ptr addrspace(3) @s4 to ptr), i64 %r.wide
  %x = load <4 x float>, ptr %at, align 16
  %o = or disjoint i32 %base, %tid
  %o.wide = zext i32 %o to i64
  %dst.out = getelementptr inbounds nuw <4 x float>, ptr %out, i64 %o.wide
  store <4 x float> %x, ptr %dst.out, align 16
  ret void
}

; CHECK-LABEL: define ptx_kernel void @sixteen_bytes(
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK-NOT:     cp.async.wait
; CHECK:         br i1 %more, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)

; for (p = ...) { s[p] = a[base + p]; s2[p] = b[base + p]; }
define ptx_kernel void @two_arrays(ptr noundef writeonly captures(none) %out, ptr noundef readonly captures(none) %a, ptr noundef readonly captures(none) %b) #0 {
entry:
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %ctaid, 10
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %i = or disjoint i32 %p, %base
  %i.wide = sext i32 %i to i64
  %src.a = getelementptr inbounds float, ptr %a, i64 %i.wide
  %va = load float, ptr %src.a, align 4
  %p.wide = zext nneg i32 %p to i64
  %dst.a = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %va, ptr %dst.a, align 4
  %src.b = getelementptr inbounds float, ptr %b, i64 %i.wide
  %vb = load float, ptr %src.b, align 4
  %dst.b = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s2 to ptr), i64 %p.wide
  store float %vb, ptr %dst.b, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %exit

exit:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r.wide = zext nneg i32 %tid to i64
  %at = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %r.wide
  %x = load float, ptr %at, align 4
  %at2 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s2 to ptr), i64 %r.wide
  %y = load float, ptr %at2, align 4
  %sum = fadd float %x, %y
  %o = or disjoint i32 %base, %tid
  %o.wide = zext i32 %o to i64
  %dst.out = getelementptr inbounds nuw float, ptr %out, i64 %o.wide
  store float %sum, ptr %dst.out, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_arrays(
; CHECK:       loop:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     cp.async.wait
; CHECK:         br i1 %more, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; for (k = 0; k < tiles; k++) {
;   for (p = threadIdx.x; p < 1024; p += blockDim.x) s[p] = in[k * 1024 + p];
;   __syncthreads(); acc += s[1023 - threadIdx.x]; __syncthreads();
; }
define ptx_kernel void @in_outer_loop(ptr noundef writeonly captures(none) %out, ptr noundef readonly captures(none) %in, i32 noundef %tiles) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %r = xor i32 %tid, 1023
  %r.wide = zext nneg i32 %r to i64
  %at = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %r.wide
  br label %outer

outer:
  %k = phi i32 [ 0, %entry ], [ %k.next, %phase ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %phase ]
  %base = shl i32 %k, 10
  br label %loop

loop:
  %p = phi i32 [ %tid, %outer ], [ %p.next, %loop ]
  %i = add i32 %p, %base
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds float, ptr %in, i64 %i.wide
  %v = load float, ptr %src, align 4
  %p.wide = zext nneg i32 %p to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %p.wide
  store float %v, ptr %dst, align 4
  %p.next = add nuw nsw i32 %p, %ntid
  %more = icmp samesign ult i32 %p.next, 1024
  br i1 %more, label %loop, label %phase

phase:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = load float, ptr %at, align 4
  %acc.next = fadd float %acc, %x
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %k.next = add nuw nsw i32 %k, 1
  %again = icmp slt i32 %k.next, %tiles
  br i1 %again, label %outer, label %exit

exit:
  %tid.wide = zext nneg i32 %tid to i64
  %dst.out = getelementptr inbounds nuw float, ptr %out, i64 %tid.wide
  store float %acc.next, ptr %dst.out, align 4
  ret void
}

; ALONE-LABEL: define ptx_kernel void @in_outer_loop(
; ALONE:       loop:
; ALONE:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; ALONE-NOT:     cp.async.wait
; ALONE:         br i1 %more, label %loop, label %phase
; ALONE:       phase:
; ALONE-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; ALONE-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; ALONE-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; ALONE-NEXT:    %x = load float, ptr %at, align 4
; ALONE-NEXT:    %acc.next = fadd float %acc, %x
; ALONE-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; RING-LABEL: define ptx_kernel void @in_outer_loop(
; RING:       loop:
; RING:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; RING-NOT:     cp.async.wait
; RING:         br i1 %more, label %loop, label %phase
; RING:       phase:
; RING:         call void @llvm.nvvm.cp.async.commit.group()
; RING-NEXT:    br label
; RING:         call void @llvm.nvvm.cp.async.commit.group()
; RING-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 1)
; RING-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; RINGREMARK:          remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 2 stages
; RINGREMARK-COUNT-6:  in a loop with no barrier to per-thread cp.async; every iteration's copy is in flight until one wait before the barrier after the loop
; RINGREMARK-NOT:      remark:

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async; every iteration's copy is in flight until one wait before the barrier after the loop
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async; every iteration's copy is in flight until one wait before the barrier after the loop
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy (guarded: a source size of 0 where the guard fails) in a loop with no barrier to per-thread cp.async; every iteration's copy is in flight until one wait before the barrier after the loop
; REMARK-NEXT: remark: <unknown>:0:0: converted a 16-byte global-to-shared copy in a loop with no barrier to per-thread cp.async; every iteration's copy is in flight until one wait before the barrier after the loop
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async; every iteration's copy is in flight until one wait before the barrier after the loop
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async; every iteration's copy is in flight until one wait before the barrier after the loop
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy in a loop with no barrier to per-thread cp.async; every iteration's copy is in flight until one wait before the barrier after the loop
; REMARK-NOT:  remark:

; PTX-LABEL: .entry constant_bound(
; PTX:         cp.async.ca.shared.global [%{{r|rd}}{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry sixteen_bytes(
; PTX:         cp.async.cg.shared.global [%{{r|rd}}{{[0-9]+}}], [%rd{{[0-9]+}}], 16;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
