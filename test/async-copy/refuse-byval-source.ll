; A kernel parameter passed by value (a struct argument, `byval`) lives in
; the kernel's parameter space, not in global memory: a generic pointer to
; it is not a global address, and cp.async.ca.shared.global from it reads
; the wrong memory (llc emits cvta.param followed by cvta.to.global). The
; copy must stay as it is.
;
; struct S { int a[256]; };
; __global__ void k(S s, int *out) { sh[255 - i] = s.a[i]; __syncthreads(); ... }
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S = type { [256 x i32] }

@sh = internal addrspace(3) global [256 x i32] poison, align 4

define ptx_kernel void @by_value(ptr noundef readonly byval(%struct.S) align 4 captures(none) %s, ptr noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %s, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @by_value(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async

; REMARK:     remark: <unknown>:0:0: not converted: the source is in param memory; cp.async reads only global memory
; REMARK-NOT: remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
