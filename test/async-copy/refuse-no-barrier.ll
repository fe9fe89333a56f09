; A copy with no barrier after it on some path: nothing would wait for the
; cp.async before the data is used (or the kernel ends), so the copy stays.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

; sh[i] = g[i]; return;
define ptx_kernel void @returns(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @returns(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    ret void

; sh[i] = g[i]; if (early) return; __syncthreads();
define ptx_kernel void @early_return(ptr noundef readonly captures(none) %g, i1 %early) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  br i1 %early, label %exit, label %sync

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @early_return(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    br i1 %early, label %exit, label %sync
; CHECK:       sync:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; A device function whose caller has the barrier: the path returns first.
define void @device_copy(ptr addrspace(1) noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr addrspace(1) %g, i64 %idx
  %v = load i32, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspace(3) @sh, i64 %idx
  store i32 %v, ptr addrspace(3) %dst, align 4
  ret void
}

; CHECK-LABEL: define void @device_copy(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr addrspace(1) %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr addrspace(3) %dst, align 4
; CHECK-NEXT:    ret void
; CHECK-NOT:     cp.async

; REMARK-COUNT-3: remark: <unknown>:0:0: not converted: a path from the copy returns without reaching a barrier
; REMARK-NOT:     remark:

; PTX-LABEL: .entry returns(
; PTX-NOT:     cp.async
; PTX:         ld.global.b32
; PTX:         st.shared.b32
; PTX-NOT:     cp.async

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
