; Two tiles loaded before one barrier (As[tx][ty] = A[...]; Bs[tx][ty] =
; B[...]; __syncthreads();): both copies become cp.async and share one
; commit_group + wait_group 0, placed once before the barrier. The tiles are
; stored transposed, so the threads' elements are not contiguous in
; threadIdx.x: the block-collective form does not apply, the per-thread form
; does.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
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

@As = internal addrspace(3) global [16 x [16 x float]] poison, align 4
@Bs = internal addrspace(3) global [16 x [16 x float]] poison, align 4

define ptx_kernel void @tiles(ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef writeonly captures(none) %C) #0 {
entry:
  %tx = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext nneg i32 %tx to i64
  %y = zext nneg i32 %ty to i64
  %row = shl nuw nsw i64 %y, 4
  %i = add nuw nsw i64 %row, %x
  %a.src = getelementptr inbounds nuw float, ptr %A, i64 %i
  %a = load float, ptr %a.src, align 4
  %a.dst = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 %x, i64 %y
  store float %a, ptr %a.dst, align 4
  %b.src = getelementptr inbounds nuw float, ptr %B, i64 %i
  %b = load float, ptr %b.src, align 4
  %b.dst = getelementptr inbounds nuw [16 x float], ptr addrspacecast (ptr addrspace(3) @Bs to ptr), i64 %x, i64 %y
  store float %b, ptr %b.dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %a.use = load float, ptr %a.dst, align 4
  %b.use = load float, ptr %b.dst, align 4
  %sum = fadd float %a.use, %b.use
  %c.dst = getelementptr inbounds nuw float, ptr %C, i64 %i
  store float %sum, ptr %c.dst, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @tiles(
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NOT:     call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NOT:     store float
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         %a.use = load float, ptr %a.dst, align 4
; CHECK-NEXT:    %b.use = load float, ptr %b.dst, align 4
; CHECK-NOT:     cp.async
; CHECK:         store float %sum, ptr %c.dst, align 4
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }

; REMARK-COUNT-2: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:     remark:

; PTX-LABEL: .entry tiles(
; PTX-NOT:     ld.global
; PTX-NOT:     cp.async.commit_group
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NOT:     cp.async.commit_group
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-NOT:     cp.async
; PTX:         ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
