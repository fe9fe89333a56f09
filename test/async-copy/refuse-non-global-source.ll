; A source in local memory (an alloca, generic or addrspace(5)), in shared
; memory (a shared-to-shared copy) or in kernel parameter space
; (addrspace(101)): cp.async reads only global memory, so the copy stays.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@staging = internal addrspace(3) global [256 x i32] poison, align 4

; int local[4]; ...; sh[i] = local[i & 3];
define ptx_kernel void @local_array(i32 %seed) #0 {
entry:
  %local = alloca [4 x i32], align 4
  store i32 %seed, ptr %local, align 4
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 3
  %lane.wide = zext nneg i32 %lane to i64
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %local, i64 %lane.wide
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @local_array(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @typed_local(ptr addrspace(5) %local) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %v = load i32, ptr addrspace(5) %local, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @typed_local(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr addrspace(5) %local, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; sh[i] = staging[i]: shared to shared.
define ptx_kernel void @shared_to_shared() #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @staging to ptr), i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @shared_to_shared(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; A kernel parameter read in parameter space.
define ptx_kernel void @param_space(ptr addrspace(101) %params) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %v = load i32, ptr addrspace(101) %params, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @param_space(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr addrspace(101) %params, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async

; REMARK:      remark: <unknown>:0:0: not converted: the source is in local memory; cp.async reads only global memory
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the source is in local memory; cp.async reads only global memory
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the source is in shared memory; cp.async reads only global memory
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the source is in param memory; cp.async reads only global memory
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
