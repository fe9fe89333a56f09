; What may stand between the copy and its barrier: reads and writes of other
; shared variables, of local memory, reads of global memory (the source
; included), and calls that touch no memory (special registers, math
; intrinsics, lifetime markers, llvm.assume). The copy is converted.
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

@tile = internal addrspace(3) global [256 x float] poison, align 4
@partial = internal addrspace(3) global [256 x float] poison, align 4
@scale = internal addrspace(3) global float poison, align 4

define ptx_kernel void @busy(ptr noundef readonly captures(none) %g, i64 %k) #0 {
entry:
  %scratch = alloca [4 x float], align 4
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw float, ptr %g, i64 %idx
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %rev
  store float %v, ptr %dst, align 4
  ; other shared variables
  %s = load float, ptr addrspacecast (ptr addrspace(3) @scale to ptr), align 4
  %p = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @partial to ptr), i64 %rev
  ; global memory, the source included, is only read
  %again = load float, ptr %src, align 4
  %far = getelementptr inbounds float, ptr %g, i64 %k
  %w = load float, ptr %far, align 4
  %m = tail call float @llvm.fma.f32(float %again, float %s, float %w)
  store float %m, ptr %p, align 4
  ; local memory
  call void @llvm.lifetime.start.p0(ptr %scratch)
  store float %m, ptr %scratch, align 4
  %back = load float, ptr %scratch, align 4
  call void @llvm.lifetime.end.p0(ptr %scratch)
  %positive = fcmp oge float %back, 0.0
  call void @llvm.assume(i1 %positive)
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @busy(
; CHECK-NOT:     load float, ptr %src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NOT:     cp.async
; CHECK:         store float %m, ptr %p, align 4
; CHECK:         %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:     remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT: remark:

; PTX-LABEL: .entry busy(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX:         st.shared.b32
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare float @llvm.fma.f32(float, float, float)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
declare void @llvm.assume(i1)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
