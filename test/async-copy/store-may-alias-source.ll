; A store that may overwrite the source between the copy and the barrier:
; cp.async may read the source after the store. Distinct kernel parameters
; may point into the same buffer unless one is noalias; noalias does not
; separate a parameter from itself, nor from a pointer loaded from memory;
; a __device__ variable may be what a parameter points to. Where the
; store's address is known at the copy (two parameters, the same parameter,
; the __device__ variable), the copy is versioned on this thread's run-time
; test that its source misses the store's bytes: cp.async in ferry.global,
; the load and store as written in ferry.plain. A store through a pointer
; loaded after the copy keeps the copy as it is.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@device_var = addrspace(1) global [256 x i32] zeroinitializer, align 4

; __global__ void k(int *out, const int *in): out may alias in.
define ptx_kernel void @two_params(ptr noundef writeonly captures(none) %out, ptr noundef readonly captures(none) %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 0, ptr %o, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_params(
; CHECK:         br i1 %{{[0-9]+}}, label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK:       ferry.join:
; CHECK:         store i32 0, ptr %o, align 4
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; The source parameter is noalias, but the store goes through the source
; parameter itself (another element: the analysis does not compare offsets).
define ptx_kernel void @same_param(ptr noalias noundef captures(none) %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %neighbour = getelementptr inbounds nuw i32, ptr %src, i64 1
  store i32 0, ptr %neighbour, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @same_param(
; CHECK:         br i1 %{{[0-9]+}}, label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK:       ferry.join:
; CHECK:         store i32 0, ptr %neighbour, align 4
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; The source is noalias, but the store goes through a pointer loaded from
; memory, which might have been derived from the source.
define ptx_kernel void @loaded_pointer(ptr noalias noundef readonly captures(none) %in, ptr noundef readonly captures(none) %table) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %p = load ptr, ptr %table, align 8
  store i32 0, ptr %p, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @loaded_pointer(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    %p = load ptr, ptr %table, align 8
; CHECK-NEXT:    store i32 0, ptr %p, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; A kernel parameter may point to a __device__ variable.
define ptx_kernel void @device_variable(ptr noundef readonly captures(none) %in) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  %d = getelementptr inbounds nuw i32, ptr addrspace(1) @device_var, i64 %idx
  store i32 0, ptr addrspace(1) %d, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @device_variable(
; CHECK:         br i1 %{{[0-9]+}}, label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK:       ferry.join:
; CHECK:         store i32 0, ptr addrspace(1) %d, align 4
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on a run-time test that its source misses what the store writes before the barrier (where it does not, the copy runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on a run-time test
; REMARK-NEXT: remark: <unknown>:0:0: not converted: a store that may alias the source stands between the copy and the barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on a run-time test
; REMARK-NOT:  remark:

; The assembly holds the test, cp.async on one side, the copy as written on the other.
; PTX-LABEL: .entry two_params(
; PTX:         setp.{{gt|lt|le|ge}}.u64
; PTX:         cp.async.ca.shared.global
; PTX:         ld.global.b32
; PTX:         st.shared.b32
; PTX:         cp.async.wait_group 0;
; PTX:         bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
