; A source not provably global takes the block-collective form only when
; its base pointer is the same in every thread (uniform-source-base.ll).
; Here it is not, and 2-byte elements stay as written, with a remark: the
; base is loaded from a by-value struct parameter that the kernel writes
; (the backend then gives each thread its own copy of the parameter), from
; a __constant__ table at an index that depends on the thread, and from
; global memory (which another block may write while the kernel runs).
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Args = type { ptr, i32 }

@table = dso_local addrspace(4) externally_initialized constant [4 x ptr] zeroinitializer, align 8
@s = internal unnamed_addr addrspace(3) global [256 x i16] undef, align 16

; s[t] = a.src[t]; __syncthreads(); a.n = 0;
define dso_local ptx_kernel void @byval_written(ptr noundef byval(%struct.Args) align 8 captures(none) %a) local_unnamed_addr #0 {
entry:
  %n.at = getelementptr inbounds nuw i8, ptr %a, i64 8
  %src.base = load ptr, ptr %a, align 8
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i16, ptr %src.base, i64 %t.wide
  %v = load i16, ptr %src, align 2
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %t.wide
  store i16 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store i32 0, ptr %n.at, align 8
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @byval_written(
; CHECK-NOT:     isspacep
; CHECK-NOT:     cp.async
; CHECK:         store i16 %v, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; s[t] = table[t & 3][t];
define dso_local ptx_kernel void @table_at_thread() local_unnamed_addr #0 {
entry:
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %k = and i32 %tid, 3
  %k.wide = zext nneg i32 %k to i64
  %entry.at = getelementptr inbounds nuw ptr, ptr addrspacecast (ptr addrspace(4) @table to ptr), i64 %k.wide
  %src.base = load ptr, ptr %entry.at, align 8
  %t.wide = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i16, ptr %src.base, i64 %t.wide
  %v = load i16, ptr %src, align 2
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %t.wide
  store i16 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @table_at_thread(
; CHECK-NOT:     isspacep
; CHECK-NOT:     cp.async
; CHECK:         store i16 %v, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; s[t] = (*batch)[t];
define dso_local ptx_kernel void @from_global(ptr noundef readonly captures(none) %batch) local_unnamed_addr #0 {
entry:
  %src.base = load ptr, ptr %batch, align 8
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i16, ptr %src.base, i64 %t.wide
  %v = load i16, ptr %src, align 2
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %t.wide
  store i16 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @from_global(
; CHECK-NOT:     isspacep
; CHECK-NOT:     cp.async
; CHECK:         store i16 %v, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK-COUNT-3: remark: <unknown>:0:0: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; a copy versioned on each thread's isspacep.global test (its source not provably global, its base not uniform) converts only per thread
; REMARK-NOT:     remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
