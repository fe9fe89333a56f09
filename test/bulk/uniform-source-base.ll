; sm_90a: a source not provably global whose base pointer is uniform (a
; pointer loaded from a __constant__ table at a kernel argument's index:
; issue 13, shape 8) takes the bulk form like a global one: the uniform
; check before the row's cp.async.bulk also tests isspacep.global of the
; base, so the whole block copies as written where it is not global (no
; row then announces bytes to the mbarrier; every row still arrives).
;
; RUN: %opt -ferry-bulk=auto -passes=ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = dso_local addrspace(4) externally_initialized constant [4 x ptr] zeroinitializer, align 8
@sh = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 1

; __constant__ const char *table[4];
; __global__ void copy_char(int which, char *out) {
;   sh[tx] = table[which][bx * nx + tx]; __syncthreads(); out[tx] = sh[tx ^ 1];
define dso_local ptx_kernel void @copy_char(i32 noundef %which, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %k = sext i32 %which to i64
  %entry.at = getelementptr inbounds ptr, ptr addrspacecast (ptr addrspace(4) @table to ptr), i64 %k
  %src.base = load ptr, ptr %entry.at, align 8
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %block = mul nuw nsw i32 %ctaid, %ntid
  %i = add nuw nsw i32 %block, %tid
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i8, ptr %src.base, i64 %i.wide
  %v = load i8, ptr %src, align 1
  %tid.wide = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tid.wide
  store i8 %v, ptr %dst, align 1
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tid, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %other.wide
  %w = load i8, ptr %peer, align 1
  %o = getelementptr inbounds nuw i8, ptr %out, i64 %tid.wide
  store i8 %w, ptr %o, align 1
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @copy_char(
; CHECK:         call void @llvm.nvvm.mbarrier.init.shared(
; CHECK-NOT:     load i8, ptr %src
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK-NEXT:    [[GLOBAL:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %src.base)
; CHECK-NEXT:    %ferry.source.global = and i1 %ferry.aligned, [[GLOBAL]]
; CHECK-NEXT:    br i1 %ferry.source.global, label %ferry.copy.size, label %ferry.copy.original
; CHECK:       ferry.copy.original:
; CHECK-NEXT:    [[V:%.*]] = load i8, ptr %src, align 1
; CHECK-NEXT:    store i8 [[V]], ptr %dst, align 1
; CHECK:       ferry.bulk.issue:
; CHECK:         call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(
; CHECK:         call i64 @llvm.nvvm.mbarrier.arrive.scope.cta.space.cta(
; CHECK-NOT:     isspacep
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*1 bytes completed on an mbarrier when that is at least 128 bytes, else to 16-byte cp.async.cg chunks (the original copy stays as the fallback when a uniform alignment check fails); they complete before the next barrier; versioned on one block-uniform run-time isspacep.global test of the source's base pointer (where it fails, the whole block runs the copy as written)
; REMARK-NOT:  remark:

; PTX-LABEL: .entry copy_char(
; PTX:         isspacep.global
; PTX:         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_90a" "target-features"="+ptx80,+sm_90a" "uniform-work-group-size"="true" }
