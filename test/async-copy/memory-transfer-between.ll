; llvm.memset/memcpy/memmove between the copy and the barrier have exactly
; known effects (operand 0 written, operand 1 read): clearing another shared
; array does not stop the conversion; clearing the destination's array,
; reading it, or writing over the source does.
;
; The copies write sh[255 - i]: the threads' elements are not contiguous in
; threadIdx.x, so the block-collective form does not apply and the per-thread
; form is the one under test.
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

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@histogram = internal addrspace(3) global [64 x i32] poison, align 4

define ptx_kernel void @clear_other(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  call void @llvm.memset.p3.i64(ptr addrspace(3) align 4 @histogram, i8 0, i64 256, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @clear_other(
; CHECK-NOT:     load i32
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.memset.p3.i64(ptr addrspace(3) align 4 @histogram, i8 0, i64 256, i1 false)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @clear_destination(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  call void @llvm.memset.p3.i64(ptr addrspace(3) align 4 @sh, i8 0, i64 1024, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @clear_destination(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    call void @llvm.memset.p3.i64(

define ptx_kernel void @read_destination(ptr noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  call void @llvm.memcpy.p0.p3.i64(ptr align 4 %out, ptr addrspace(3) align 4 @sh, i64 1024, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @read_destination(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    call void @llvm.memcpy.p0.p3.i64(

define ptx_kernel void @overwrite_source(ptr noundef captures(none) %g, ptr noundef readonly captures(none) %next) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  call void @llvm.memmove.p0.p0.i64(ptr align 4 %g, ptr align 4 %next, i64 1024, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @overwrite_source(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    call void @llvm.memmove.p0.p0.i64(
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    ret void

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread may write the destination again before the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread may read the destination before the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: a store that may alias the source stands between the copy and the barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry clear_other(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry clear_destination(
; PTX-NOT:     cp.async
; PTX-LABEL: .entry read_destination(
; PTX-NOT:     cp.async
; PTX-LABEL: .entry overwrite_source(
; PTX-NOT:     cp.async

declare void @llvm.memset.p3.i64(ptr addrspace(3), i8, i64, i1 immarg)
declare void @llvm.memcpy.p0.p3.i64(ptr, ptr addrspace(3), i64, i1 immarg)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
