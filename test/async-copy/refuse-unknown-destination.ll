; A copy from global memory to a destination whose address space cannot be
; proved shared stays as it is: cp.async writes only shared memory. A device
; function's parameter or a pointer loaded from memory could point anywhere.
; A copy whose source is not known to be global either is no candidate at
; all and draws no remark.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@lut = addrspace(1) global [256 x i32] zeroinitializer, align 4
@tile.pointer = internal addrspace(3) global ptr poison, align 8

; __device__ int lut[256];
; __device__ void load_tile(int *tile) { tile[i] = lut[i]; __syncthreads(); }
define void @load_tile(ptr noundef writeonly captures(none) %tile) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(1) @lut to ptr), i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr %tile, i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define void @load_tile(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; The destination pointer is read from shared memory.
define ptx_kernel void @loaded_destination(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %tile = load ptr, ptr addrspace(3) @tile.pointer, align 8
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr %tile, i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @loaded_destination(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; Neither side known: not a candidate, no remark.
define void @copy_unknown(ptr noundef writeonly captures(none) %to, ptr noundef readonly captures(none) %from) #0 {
entry:
  %v = load i32, ptr %from, align 4
  store i32 %v, ptr %to, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define void @copy_unknown(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = load i32, ptr %from, align 4
; CHECK-NEXT:    store i32 %v, ptr %to, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async

; REMARK-COUNT-2: remark: <unknown>:0:0: not converted: cannot prove the destination is shared memory
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
