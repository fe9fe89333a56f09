; The copy is followed by a branch (on a uniform kernel argument) to two
; different barriers, __syncthreads() on one side and __syncthreads_count()
; on the other. Each is a consumer barrier: a commit + wait goes right
; before each of them, and none before the branch.
;
; The copies write sh[255 - i]: the threads' elements are not contiguous in
; threadIdx.x, so the block-collective form does not apply and the per-thread
; form is the one under test.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
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

@sh = internal addrspace(3) global [256 x i32] poison, align 4

define ptx_kernel void @two_barriers(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i1 noundef %count) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  br i1 %count, label %counting, label %plain

plain:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = load i32, ptr %dst, align 4
  br label %exit

counting:
  %positive = icmp sgt i32 %tid, 3
  %n = tail call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 %positive)
  br label %exit

exit:
  %result = phi i32 [ %r, %plain ], [ %n, %counting ]
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %result, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_barriers(
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    br i1 %count, label %counting, label %plain
; CHECK:       plain:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:       counting:
; CHECK-NEXT:    %positive = icmp sgt i32 %tid, 3
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    %n = tail call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 %positive)
; CHECK:       exit:
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:     remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT: remark:

; PTX-LABEL: .entry two_barriers(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NOT:     cp.async.wait_group
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.red.popc.u32
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32, i1)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
