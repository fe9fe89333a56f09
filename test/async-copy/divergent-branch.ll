; A copy under a divergent branch (if (threadIdx.x < n) sh[i] = g[i];)
; followed by __syncthreads() after the branch: the cp.async stays in the
; conditional block, and the commit + wait go in the merge block right
; before the barrier, where every thread passes.
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

define ptx_kernel void @guarded(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %n) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  %in.range = icmp ult i32 %tid, %n
  br i1 %in.range, label %copy, label %merge

copy:
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  br label %merge

merge:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = load i32, ptr %dst, align 4
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %r, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @guarded(
; CHECK:       copy:
; CHECK-NEXT:    %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    br label %merge
; CHECK:       merge:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %r = load i32, ptr %dst, align 4
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:     remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT: remark:

; The cp.async is skipped by the threads out of range; the wait is not.
; PTX-LABEL: .entry guarded(
; PTX:         @{{%p[0-9]+}} bra [[MERGE:\$L__BB[0-9_]+]];
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX:       [[MERGE]]:
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
