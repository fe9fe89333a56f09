; 16-byte elements (float4, int4, double2), aligned to 16, become
; cp.async.cg.shared.global.16 (.cg: 16-byte copies bypass L1).
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

@shf4 = internal addrspace(3) global [256 x <4 x float>] poison, align 16
@shi4 = internal addrspace(3) global [256 x <4 x i32>] poison, align 16
@shd2 = internal addrspace(3) global [256 x <2 x double>] poison, align 16

define ptx_kernel void @copy_float4(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw <4 x float>, ptr %g, i64 %idx
  %v = load <4 x float>, ptr %src, align 16
  %dst = getelementptr inbounds nuw <4 x float>, ptr addrspacecast (ptr addrspace(3) @shf4 to ptr), i64 %idx
  store <4 x float> %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @copy_float4(
; CHECK-NOT:     load <4 x float>
; CHECK-NOT:     store <4 x float>
; CHECK:         [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]])
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @copy_int4(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw <4 x i32>, ptr %g, i64 %idx
  %v = load <4 x i32>, ptr %src, align 16
  %dst = getelementptr inbounds nuw <4 x i32>, ptr addrspacecast (ptr addrspace(3) @shi4 to ptr), i64 %idx
  store <4 x i32> %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @copy_int4(
; CHECK-NOT:     load <4 x i32>
; CHECK-NOT:     store <4 x i32>
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @copy_double2(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw <2 x double>, ptr %g, i64 %idx
  %v = load <2 x double>, ptr %src, align 16
  %dst = getelementptr inbounds nuw <2 x double>, ptr addrspacecast (ptr addrspace(3) @shd2 to ptr), i64 %idx
  store <2 x double> %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @copy_double2(
; CHECK-NOT:     load <2 x double>
; CHECK-NOT:     store <2 x double>
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK-COUNT-3: remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier
; REMARK-NOT:     remark:

; PTX-LABEL: .entry copy_float4(
; PTX-NOT:     ld.global
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry copy_int4(
; PTX-NOT:     ld.global
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry copy_double2(
; PTX-NOT:     ld.global
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
