; A per-thread copy whose source is not provably global but whose base
; pointer is the same in every thread of the block (issue 13, shape 8:
; loaded from a kernel's by-value struct parameter, or from a __constant__
; table at a kernel argument's index) is versioned on one isspacep.global
; test of that base, not of each thread's source: the whole block takes the
; same branch. (A base loaded from global memory keeps the per-thread test:
; convert-unknown-source.ll, @loaded_pointer.)
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Args = type { ptr, i32 }

@table = dso_local addrspace(4) externally_initialized constant [4 x ptr] zeroinitializer, align 8
@sh = internal addrspace(3) global [256 x i32] poison, align 4

define ptx_kernel void @from_struct(ptr noundef readonly byval(%struct.Args) align 8 captures(none) %a) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %data = load ptr, ptr %a, align 8
  %src = getelementptr inbounds nuw i32, ptr %data, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @from_struct(
; CHECK:         %[[TEST:[0-9]+]] = call i1 @llvm.nvvm.isspacep.global(ptr %data)
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

define ptx_kernel void @from_table(i32 %which) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %k = sext i32 %which to i64
  %entry.at = getelementptr inbounds ptr, ptr addrspacecast (ptr addrspace(4) @table to ptr), i64 %k
  %data = load ptr, ptr %entry.at, align 8
  %src = getelementptr inbounds nuw i32, ptr %data, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @from_table(
; CHECK:         %[[TEST:[0-9]+]] = call i1 @llvm.nvvm.isspacep.global(ptr %data)
; CHECK-NEXT:    br i1 %[[TEST]], label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}})
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4

; REMARK-COUNT-2: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on one block-uniform run-time isspacep.global test of the source's base pointer (where it fails, the whole block runs the copy as written)
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
