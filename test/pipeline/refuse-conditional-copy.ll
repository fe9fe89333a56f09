; The copy runs only in odd iterations. Issued S-1 iterations ahead at the
; copy's own place, and unconditionally in the prologue, it would run in
; the wrong iterations: the loop is not pipelined.
;
;   for (long b = 0; b < n; b++) {
;     if (b & 1) tile[t] = in[b * 128 + t];
;     __syncthreads();
;     acc += tile[(t + 1) % 128];
;     __syncthreads();
;   }
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-analysis=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.ptx
; RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [128 x i32] poison, align 4

; REMARK: remark: <unknown>:0:0: the copy loop is not pipelined: the copy does not run in every iteration of the loop
; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier

; CHECK-NOT:   ferry.ring
; CHECK-LABEL: define ptx_kernel void @odd_iterations(
; CHECK-NOT:     ferry.iteration
; CHECK:       copy:
; CHECK-NEXT:    %offset = shl i64 %b, 9
; CHECK-NEXT:    %src = getelementptr i8, ptr %src.row, i64 %offset
; CHECK-NEXT:    {{%.*}} = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       sync:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
define ptx_kernel void @odd_iterations(ptr noalias %out, ptr noalias %in, i64 %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nonempty = icmp sgt i64 %n, 0
  br i1 %nonempty, label %preheader, label %done

preheader:
  %t1 = add nuw nsw i32 %t, 1
  %next = and i32 %t1, 127
  %next.wide = zext nneg i32 %next to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %next.wide
  %t.wide = zext nneg i32 %t to i64
  %src.row = getelementptr i32, ptr %in, i64 %t.wide
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  br label %loop

loop:
  %b = phi i64 [ 0, %preheader ], [ %b.next, %latch ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %latch ]
  %odd.bit = and i64 %b, 1
  %odd = icmp ne i64 %odd.bit, 0
  br i1 %odd, label %copy, label %sync

copy:
  %offset = shl i64 %b, 9
  %src = getelementptr i8, ptr %src.row, i64 %offset
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  br label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %old = load i32, ptr %neighbour, align 4
  %acc.next = add nsw i32 %old, %acc
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %latch

latch:
  %b.next = add nuw nsw i64 %b, 1
  %end = icmp eq i64 %b.next, %n
  br i1 %end, label %exit, label %loop

exit:
  store i32 %acc.next, ptr %out, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
