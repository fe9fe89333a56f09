;   for (long b = 0; b < n; b++) {
;     __syncthreads();
;     v = in[b * 128 + t];
;     tile[t] = v;
;     __syncthreads();
;     acc += v;
;   }
;   out[0] = acc; out[1] = v;
;
; A copy whose loaded value has other uses (issue 13, shape 5), one of them
; after the loop (the last iteration's v): as a single stage it is read
; back from tile[t] (the loop's last barrier is the copy's). In a ring
; the slot of the iteration that defined v is known only inside the loop:
; not pipelined, the copy converts as a single stage.
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy,verify -pass-remarks=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.ptx
; RUN: %ptxas -arch=sm_80 %t.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [128 x i32] poison, align 4

; REMARK: remark: <unknown>:0:0: the copy loop is not pipelined: the copy's loaded value is used after the loop, where the ring no longer knows the slot to read it back from
; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; the loaded value's other uses read it back from shared memory after the barrier

; CHECK-NOT:   ferry.ring
; CHECK-LABEL: define ptx_kernel void @read_back_after_loop(
; CHECK-NOT:     ferry.iteration
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    [[BACK:%ferry.read.back[0-9]*]] = load i32, ptr %dst, align 4
; CHECK-NEXT:    %acc.next = add nsw i32 [[BACK]], %acc
; CHECK:       exit:
; CHECK:         [[LAST:%ferry.read.back[0-9]*]] = load i32, ptr %dst, align 4
; CHECK-NEXT:    store i32 [[LAST]], ptr %out.1, align 4
define ptx_kernel void @read_back_after_loop(ptr noalias %out, ptr noalias %in, i64 %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nonempty = icmp sgt i64 %n, 0
  br i1 %nonempty, label %preheader, label %done

preheader:
  %t.wide = zext nneg i32 %t to i64
  %src.row = getelementptr i32, ptr %in, i64 %t.wide
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  br label %loop

loop:
  %b = phi i64 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %offset = shl i64 %b, 9
  %src = getelementptr i8, ptr %src.row, i64 %offset
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %acc.next = add nsw i32 %v, %acc
  %b.next = add nuw nsw i64 %b, 1
  %end = icmp eq i64 %b.next, %n
  br i1 %end, label %exit, label %loop

exit:
  store i32 %acc.next, ptr %out, align 4
  %out.1 = getelementptr inbounds nuw i32, ptr %out, i64 1
  store i32 %v, ptr %out.1, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
