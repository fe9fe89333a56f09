; Generic pointers whose address space is found by following them back:
; through a phi of two GEPs of a kernel parameter, a select of two shared
; arrays, and addrspacecast chains (global -> generic, shared -> generic).
;
; The copies write sh[255 - i]: the threads' elements are not contiguous in
; threadIdx.x, so the block-collective form does not apply and the per-thread
; form is the one under test.
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

@a = internal addrspace(3) global [256 x i32] poison, align 4
@b = internal addrspace(3) global [256 x i32] poison, align 4

; The source is a phi of two GEPs of the kernel's parameter: global.
define ptx_kernel void @phi_source(ptr noundef readonly captures(none) %g, i1 %flip) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  br i1 %flip, label %reversed, label %forward

forward:
  %src.f = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  br label %copy

reversed:
  %src.r = getelementptr inbounds nuw i32, ptr %g, i64 %rev
  br label %copy

copy:
  %src = phi ptr [ %src.f, %forward ], [ %src.r, %reversed ]
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @a to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @phi_source(
; CHECK:       copy:
; CHECK-NEXT:    %src = phi ptr [ %src.f, %forward ], [ %src.r, %reversed ]
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; The destination is a select between two shared arrays: shared.
define ptx_kernel void @select_destination(ptr noundef readonly captures(none) %g, i1 %second) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %base = select i1 %second, ptr addrspacecast (ptr addrspace(3) @b to ptr), ptr addrspacecast (ptr addrspace(3) @a to ptr)
  %dst = getelementptr inbounds nuw i32, ptr %base, i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @select_destination(
; CHECK-NOT:     load i32
; CHECK:         %base = select i1 %second
; CHECK-NEXT:    %dst = getelementptr inbounds nuw i32, ptr %base, i64 %rev
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; Instruction addrspacecast chains: a global pointer made generic, a shared
; pointer made generic, then GEPs of those.
define ptx_kernel void @cast_chains(ptr addrspace(1) noundef readonly captures(none) %g, ptr addrspace(3) %s) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %g.generic = addrspacecast ptr addrspace(1) %g to ptr
  %src = getelementptr inbounds nuw i32, ptr %g.generic, i64 %idx
  %v = load i32, ptr %src, align 4
  %s.generic = addrspacecast ptr addrspace(3) %s to ptr
  %row = getelementptr inbounds nuw i8, ptr %s.generic, i64 64
  %dst = getelementptr inbounds nuw i32, ptr %row, i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @cast_chains(
; CHECK-NOT:     load i32
; CHECK:         %dst = getelementptr inbounds nuw i32, ptr %row, i64 %rev
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK-COUNT-3: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:     remark:

; PTX-LABEL: .entry phi_source(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry select_destination(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry cast_chains(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
