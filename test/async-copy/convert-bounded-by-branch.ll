; A branch bounds the thread's index: under `if (threadIdx.x < 128)`,
; mirror[t] and mirror[255 - t] are 4 * (255 - 2t) >= 4 bytes apart, so
; both copies convert (with no launch bounds: convert-blockdim-offsets.ll
; proves the same from __launch_bounds__). Under the same branch, mirror[t]
; and mirror[254 - t] meet at t = 127: both stay, with remarks. A bound on
; the other side, `threadIdx.x >= 640` (the constant on the left of the
; comparison, the copies on its false edge), puts s[t] and s[1279 - t]
; apart: 4 * (1279 - 2t) <= -4.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@mirror = internal addrspace(3) global [256 x float] poison, align 4
@s = internal addrspace(3) global [1024 x float] poison, align 4

define ptx_kernel void @mirrored_under_branch(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %t, 128
  br i1 %low, label %copy, label %done

copy:
  %t.64 = zext nneg i32 %t to i64
  %src0 = getelementptr inbounds nuw float, ptr %g, i64 %t.64
  %v0 = load float, ptr %src0, align 4
  %dst0 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @mirror to ptr), i64 %t.64
  store float %v0, ptr %dst0, align 4
  %back = sub nuw nsw i64 255, %t.64
  %src1 = getelementptr inbounds nuw float, ptr %g, i64 %back
  %v1 = load float, ptr %src1, align 4
  %dst1 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @mirror to ptr), i64 %back
  store float %v1, ptr %dst1, align 4
  br label %done

done:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @mirrored_under_branch(
; CHECK-COUNT-2: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store float
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @meets_under_branch(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %t, 128
  br i1 %low, label %copy, label %done

copy:
  %t.64 = zext nneg i32 %t to i64
  %src0 = getelementptr inbounds nuw float, ptr %g, i64 %t.64
  %v0 = load float, ptr %src0, align 4
  %dst0 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @mirror to ptr), i64 %t.64
  store float %v0, ptr %dst0, align 4
  %back = sub nuw nsw i64 254, %t.64
  %src1 = getelementptr inbounds nuw float, ptr %g, i64 %back
  %v1 = load float, ptr %src1, align 4
  %dst1 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @mirror to ptr), i64 %back
  store float %v1, ptr %dst1, align 4
  br label %done

done:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @meets_under_branch(
; CHECK-NOT:     cp.async
; CHECK:         store float %v0, ptr %dst0, align 4
; CHECK:         store float %v1, ptr %dst1, align 4

; if (!(640 > t)) { s[t] = ...; s[1279 - t] = ...; }
define ptx_kernel void @lower_bound(ptr noundef readonly captures(none) %g) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %high = icmp ugt i32 640, %t
  br i1 %high, label %done, label %copy

copy:
  %t.64 = zext nneg i32 %t to i64
  %src0 = getelementptr inbounds nuw float, ptr %g, i64 %t.64
  %v0 = load float, ptr %src0, align 4
  %dst0 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %t.64
  store float %v0, ptr %dst0, align 4
  %back = sub nuw nsw i64 1279, %t.64
  %src1 = getelementptr inbounds nuw float, ptr %g, i64 %back
  %v1 = load float, ptr %src1, align 4
  %dst1 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %back
  store float %v1, ptr %dst1, align 4
  br label %done

done:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @lower_bound(
; CHECK-COUNT-2: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NOT:     store float
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread may write the destination again before the barrier
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the thread may access the destination earlier with no barrier in between
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
