; A source whose address space cannot be proved global (issue 13, shape 8):
; a generic pointer loaded from memory (a struct, a __constant__ table), made
; from an integer, a non-kernel function's parameter, or a select of a global
; and a shared pointer could point anywhere; cp.async reads only global
; memory. The copy is versioned on a run-time isspacep.global test: of each
; thread's source, or of the source's base pointer where that is the same in
; every thread of the block (an integer or a select of a kernel's
; parameters: one block-uniform test): cp.async where it holds, the load and store as written (moved into
; the fallback block) where it does not; the wait before the barrier runs
; either way (an empty group where nothing was issued).
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@other = internal addrspace(3) global [256 x i32] poison, align 4

; struct Batch { const int *data; }; sh[i] = batch->data[i];
define ptx_kernel void @loaded_pointer(ptr noundef readonly captures(none) %batch) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %data = load ptr, ptr %batch, align 8
  %src = getelementptr inbounds nuw i32, ptr %data, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @loaded_pointer(
; CHECK:         %[[TEST:[0-9]+]] = call i1 @llvm.nvvm.isspacep.global(ptr %src)
; CHECK-NEXT:    br i1 %[[TEST]], label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}})
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.join:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)


; An address passed as an integer.
define ptx_kernel void @from_integer(i64 noundef %address) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %base = inttoptr i64 %address to ptr
  %src = getelementptr inbounds nuw i32, ptr %base, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @from_integer(
; CHECK:         %[[TEST:[0-9]+]] = call i1 @llvm.nvvm.isspacep.global(ptr %base)
; CHECK-NEXT:    br i1 %[[TEST]], label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}})
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.join:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)


; A device function's parameter: its caller may pass any pointer.
define void @device_function(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define void @device_function(
; CHECK:         %[[TEST:[0-9]+]] = call i1 @llvm.nvvm.isspacep.global(ptr %src)
; CHECK-NEXT:    br i1 %[[TEST]], label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}})
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.join:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)


; The source is global on one side of the select and shared on the other.
define ptx_kernel void @mixed_select(ptr noundef readonly captures(none) %g, i1 %from.shared) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %base = select i1 %from.shared, ptr addrspacecast (ptr addrspace(3) @other to ptr), ptr %g
  %src = getelementptr inbounds nuw i32, ptr %base, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @mixed_select(
; CHECK:         %[[TEST:[0-9]+]] = call i1 @llvm.nvvm.isspacep.global(ptr %base)
; CHECK-NEXT:    br i1 %[[TEST]], label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}})
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.join:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)



; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on a run-time isspacep.global test of the source (where it fails, the copy runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on one block-uniform run-time isspacep.global test of the source's base pointer (where it fails, the whole block runs the copy as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on a run-time isspacep.global test of the source (where it fails, the copy runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on one block-uniform run-time isspacep.global test of the source's base pointer (where it fails, the whole block runs the copy as written)
; REMARK-NOT:     remark:

; PTX: isspacep.global
; PTX: cp.async.ca.shared.global

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
