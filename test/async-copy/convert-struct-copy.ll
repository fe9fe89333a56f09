; Struct copies over 16 bytes (clang's llvm.memcpy of a struct assignment)
; are split into per-thread cp.async of 16 bytes, or 8 or 4 where the
; alignment both sides are known to have is less: 32 bytes aligned to 16
; become 2 cp.async.cg of 16, 48 bytes aligned to 8 become 6 cp.async.ca of
; 8, 20 bytes aligned to 4 become 5 cp.async.ca of 4, and 40 bytes aligned
; to 16 become 5 cp.async.ca of 8 (16 does not divide 40). All wait at the
; barrier as one copy does.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
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

%struct.Eight = type { [8 x float] }
%struct.Six = type { [6 x double] }
%struct.Five = type { [5 x i32] }
%struct.FiveDoubles = type { [5 x double] }

@eights = internal addrspace(3) global [256 x %struct.Eight] poison, align 16
@sixes = internal addrspace(3) global [256 x %struct.Six] poison, align 8
@fives = internal addrspace(3) global [256 x %struct.Five] poison, align 4
@forties = internal addrspace(3) global [256 x %struct.FiveDoubles] poison, align 16

define ptx_kernel void @thirty_two(ptr noundef readonly align 16 captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.Eight, ptr %g, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Eight, ptr addrspacecast (ptr addrspace(3) @eights to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %dst, ptr noundef nonnull align 16 dereferenceable(32) %src, i64 32, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @thirty_two(
; CHECK-NOT:     llvm.memcpy
; CHECK:         [[TO:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[FROM:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[TO]], ptr addrspace(1) [[FROM]])
; CHECK-NEXT:    [[TO16:%.*]] = getelementptr i8, ptr addrspace(3) [[TO]], i64 16
; CHECK-NEXT:    [[FROM16:%.*]] = getelementptr i8, ptr addrspace(1) [[FROM]], i64 16
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[TO16]], ptr addrspace(1) [[FROM16]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @forty_eight(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.Six, ptr %g, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Six, ptr addrspacecast (ptr addrspace(3) @sixes to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 8 dereferenceable(48) %dst, ptr noundef nonnull align 8 dereferenceable(48) %src, i64 48, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @forty_eight(
; CHECK-NOT:     llvm.memcpy
; CHECK-COUNT-6: call void @llvm.nvvm.cp.async.ca.shared.global.8(
; CHECK-NOT:     cp.async.ca.shared
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()

define ptx_kernel void @twenty(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.Five, ptr %g, i64 %idx
  %dst = getelementptr inbounds nuw %struct.Five, ptr addrspacecast (ptr addrspace(3) @fives to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(20) %dst, ptr noundef nonnull align 4 dereferenceable(20) %src, i64 20, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @twenty(
; CHECK-NOT:     llvm.memcpy
; CHECK-COUNT-5: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     cp.async.ca.shared
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()

define ptx_kernel void @forty(ptr noundef readonly align 16 captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw %struct.FiveDoubles, ptr %g, i64 %idx
  %dst = getelementptr inbounds nuw %struct.FiveDoubles, ptr addrspacecast (ptr addrspace(3) @forties to ptr), i64 %rev
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(40) %dst, ptr noundef nonnull align 16 dereferenceable(40) %src, i64 40, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @forty(
; CHECK-NOT:     llvm.memcpy
; CHECK-COUNT-5: call void @llvm.nvvm.cp.async.ca.shared.global.8(
; CHECK-NOT:     cp.async.ca.shared
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()

; REMARK:      remark: <unknown>:0:0: converted a 32-byte global-to-shared struct copy to 2 cp.async.cg of 16 bytes; they complete before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 48-byte global-to-shared struct copy to 6 cp.async.ca of 8 bytes; they complete before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 20-byte global-to-shared struct copy to 5 cp.async.ca of 4 bytes; they complete before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 40-byte global-to-shared struct copy to 5 cp.async.ca of 8 bytes; they complete before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry thirty_two(
; PTX:         cp.async.cg.shared.global [[[TO:%rd[0-9]+]]+8160], [[[FROM:%rd[0-9]+]]], 16;
; PTX-NEXT:    cp.async.cg.shared.global [[[TO]]+8176], [[[FROM]]+16], 16;
; PTX-NEXT:    cp.async.commit_group;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
