; A source not provably global whose base pointer is the same in every
; thread of the block (issue 13, shape 8): loaded from a kernel's by-value
; struct parameter that the kernel only reads (clang 22: `ptr byval`), or
; from a __constant__ table at a uniform index. 2-byte elements, which one
; thread's cp.async cannot move, take the block-collective form: the
; uniform check before the chunks also tests isspacep.global of the base,
; so where the base is not global (a __shared__ array, say) the whole block
; runs the copy as written. The remark names the block-uniform test.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Args = type { ptr, i32 }

@table = dso_local addrspace(4) externally_initialized constant [4 x ptr] zeroinitializer, align 8
@s.struct = internal unnamed_addr addrspace(3) global [256 x i16] undef, align 2
@s.table = internal unnamed_addr addrspace(3) global [256 x i16] undef, align 2

; struct Args { const unsigned short *src; int n; };
; __global__ void from_struct(Args a, unsigned short *out) {
;   s[threadIdx.x] = a.src[blockIdx.x * 256 + threadIdx.x]; __syncthreads(); ...
define dso_local ptx_kernel void @from_struct(ptr noundef readonly byval(%struct.Args) align 8 captures(none) %a, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %src.base = load ptr, ptr %a, align 8
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = shl i32 %ctaid, 8
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %first, %tid
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds nuw i16, ptr %src.base, i64 %i.wide
  %v = load i16, ptr %src, align 2
  %t.wide = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s.struct to ptr), i64 %t.wide
  store i16 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = sub nsw i32 255, %tid
  %r.wide = zext i32 %r to i64
  %mirror = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s.struct to ptr), i64 %r.wide
  %w = load i16, ptr %mirror, align 2
  %o = getelementptr inbounds nuw i16, ptr %out, i64 %i.wide
  store i16 %w, ptr %o, align 2
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @from_struct(
; CHECK-NOT:     isspacep
; CHECK:         %[[GLOBAL:[0-9]+]] = call i1 @llvm.nvvm.isspacep.global(ptr %src.base)
; CHECK-NEXT:    %ferry.source.global = and i1 %ferry.row.no.wrap, %[[GLOBAL]]
; CHECK-NEXT:    br i1 %ferry.source.global, label %ferry.copy.chunked, label %ferry.copy.original
; CHECK:       ferry.copy.issue:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:       ferry.copy.original:
; CHECK-NEXT:    load i16, ptr %src, align 2
; CHECK-NEXT:    store i16 {{.*}}, ptr %dst, align 2
; CHECK-NOT:     isspacep
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; __constant__ const unsigned short *table[4];
; __global__ void from_table(int which, unsigned short *out) {
;   s[threadIdx.x] = table[which][blockIdx.x * 256 + threadIdx.x]; __syncthreads(); ...
define dso_local ptx_kernel void @from_table(i32 noundef %which, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %k = sext i32 %which to i64
  %entry.at = getelementptr inbounds ptr, ptr addrspacecast (ptr addrspace(4) @table to ptr), i64 %k
  %src.base = load ptr, ptr %entry.at, align 8
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = shl i32 %ctaid, 8
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %first, %tid
  %i.wide = zext i32 %i to i64
  %src = getelementptr inbounds nuw i16, ptr %src.base, i64 %i.wide
  %v = load i16, ptr %src, align 2
  %t.wide = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s.table to ptr), i64 %t.wide
  store i16 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = sub nsw i32 255, %tid
  %r.wide = zext i32 %r to i64
  %mirror = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @s.table to ptr), i64 %r.wide
  %w = load i16, ptr %mirror, align 2
  %o = getelementptr inbounds nuw i16, ptr %out, i64 %i.wide
  store i16 %w, ptr %o, align 2
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @from_table(
; CHECK-NOT:     isspacep
; CHECK:         %[[GLOBAL:[0-9]+]] = call i1 @llvm.nvvm.isspacep.global(ptr %src.base)
; CHECK-NEXT:    %ferry.source.global = and i1 %ferry.row.no.wrap, %[[GLOBAL]]
; CHECK-NEXT:    br i1 %ferry.source.global, label %ferry.copy.chunked, label %ferry.copy.original
; CHECK:       ferry.copy.issue:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:       ferry.copy.original:
; CHECK-NEXT:    load i16, ptr %src, align 2
; CHECK-NEXT:    store i16 {{.*}}, ptr %dst, align 2
; CHECK-NOT:     isspacep
; CHECK:         call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:      remark: <unknown>:0:0: converted the block's 2-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements (the original copy stays as the fallback when a uniform alignment check fails); they complete before the next barrier; versioned on one block-uniform run-time isspacep.global test of the source's base pointer (where it fails, the whole block runs the copy as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 2-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements (the original copy stays as the fallback when a uniform alignment check fails); they complete before the next barrier; versioned on one block-uniform run-time isspacep.global test of the source's base pointer (where it fails, the whole block runs the copy as written)
; REMARK-NOT:  remark:

; The NVPTX backend itself takes a pointer loaded from a kernel's by-value
; parameter as global (only the host passes it) and folds the test away.
; PTX-LABEL: .entry from_struct(
; PTX-NOT:     isspacep.global
; PTX:         cp.async.cg.shared.global
; PTX-LABEL: .entry from_table(
; PTX:         isspacep.global
; PTX:         cp.async.cg.shared.global

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
