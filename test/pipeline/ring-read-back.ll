; A copy whose loaded value has other uses (issue 13, shape 5) in a loop of
; the ring's shape: the copy joins the ring, and the value's use in
; iteration i reads it back from iteration i's slot, where this thread's
; element of the copy landed, after the wait and the barrier (the same
; slot the compute's own load of the tile is redirected to): one load just
; after the barrier serves both uses.
;
;   for (int k = 0; k < n; k++) {
;     float v = in[k * 128 + t];
;     s[t] = v;
;     __syncthreads();
;     acc += s[127 - t] * v;
;     sum += v;
;     __syncthreads();
;   }
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy,verify -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.ptx
; RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [128 x float] poison, align 4

; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca and pipelined its loop over 16 stages: {{.*}}; the loaded value's other uses read it back from the iteration's slot after the barrier
; REMARK-NOT: remark:

; CHECK-LABEL: define ptx_kernel void @ring_read_back(
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:         %ferry.iteration = phi i32
; CHECK:         %ferry.slot.compute = and i32 %ferry.iteration, 15
; CHECK:         [[SLOT:%ferry.slot]] = getelementptr [16 x [128 x float]], ptr addrspace(3) @s.ferry.ring, i32 0, i32 %ferry.slot.compute
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 15)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    [[TILE:%[0-9a-z.]+]] = addrspacecast ptr addrspace(3) [[SLOT]] to ptr
; CHECK-NEXT:    [[MINE:%[0-9a-z.]+]] = getelementptr float, ptr [[TILE]], i64 %t.wide
; CHECK-NEXT:    %ferry.read.back = load float, ptr [[MINE]], align 4
; CHECK-NOT:     load float, ptr %src
; CHECK:         %other = load float
; CHECK-NEXT:    %product = fmul contract float %ferry.read.back, %other
; CHECK-NEXT:    %acc.next = fadd contract float %acc, %product
; CHECK-NEXT:    %sum.next = fadd contract float %sum, %ferry.read.back
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     ferry.read.back
; CHECK:         %ferry.runs = icmp ugt i32 {{%.*}}, 15
; CHECK-NOT:     ferry.read.back
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     ferry.read.back
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    br i1 %end, label %exit, label %loop
; CHECK-NOT:     ferry.read.back
; CHECK:         call void @llvm.nvvm.cp.async.wait.all()
define ptx_kernel void @ring_read_back(ptr noalias %out, ptr noalias %in, i32 %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nonempty = icmp sgt i32 %n, 0
  %t.wide = zext nneg i32 %t to i64
  br i1 %nonempty, label %preheader, label %done

preheader:
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %t.wide
  %mirror = sub nsw i32 127, %t
  %mirror.wide = sext i32 %mirror to i64
  %opposite = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %mirror.wide
  br label %loop

loop:
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %loop ]
  %sum = phi float [ 0.0, %preheader ], [ %sum.next, %loop ]
  %k = phi i32 [ 0, %preheader ], [ %k.next, %loop ]
  %row = shl nsw i32 %k, 7
  %index = add nuw nsw i32 %row, %t
  %index.wide = zext nneg i32 %index to i64
  %src = getelementptr inbounds nuw float, ptr %in, i64 %index.wide
  %v = load float, ptr %src, align 4
  store float %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = load float, ptr %opposite, align 4
  %product = fmul contract float %v, %other
  %acc.next = fadd contract float %acc, %product
  %sum.next = fadd contract float %sum, %v
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %k.next = add nuw nsw i32 %k, 1
  %end = icmp eq i32 %k.next, %n
  br i1 %end, label %exit, label %loop

exit:
  %result = phi float [ %acc.next, %loop ]
  %total = phi float [ %sum.next, %loop ]
  %both = fadd contract float %result, %total
  %out.t = getelementptr inbounds nuw float, ptr %out, i64 %t.wide
  store float %both, ptr %out.t, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
