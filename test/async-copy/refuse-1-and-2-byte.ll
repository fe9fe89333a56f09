; 1- and 2-byte elements (char, short, half, bfloat): a per-thread
; cp.async copies 4, 8 or 16 bytes, so these stay as they are. Other sizes
; (3-, 12-byte values) are refused as well.
;
; The copies write sh[255 - i]: the threads' elements are not contiguous in
; threadIdx.x, so the block-collective form does not apply and the per-thread
; form is the one under test.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [1024 x i8] poison, align 16

define ptx_kernel void @char(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %idx
  %v = load i8, ptr %src, align 16
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i8 %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @char(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i8, ptr %src, align 16
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i8 %v, ptr %dst, align 16
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @short(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i16, ptr %g, i64 %idx
  %v = load i16, ptr %src, align 2
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i16 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @short(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i16, ptr %src, align 2
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i16 %v, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @half(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw half, ptr %g, i64 %idx
  %v = load half, ptr %src, align 2
  %dst = getelementptr inbounds nuw half, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store half %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @half(
; CHECK-NOT:     cp.async
; CHECK:         %v = load half, ptr %src, align 2
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store half %v, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

define ptx_kernel void @bfloat(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw bfloat, ptr %g, i64 %idx
  %v = load bfloat, ptr %src, align 2
  %dst = getelementptr inbounds nuw bfloat, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store bfloat %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @bfloat(
; CHECK-NOT:     cp.async
; CHECK:         %v = load bfloat, ptr %src, align 2
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store bfloat %v, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; float3: 12 bytes.
define ptx_kernel void @float3(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw <3 x float>, ptr %g, i64 %idx
  %v = load <3 x float>, ptr %src, align 16
  %dst = getelementptr inbounds nuw <3 x float>, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store <3 x float> %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @float3(
; CHECK-NOT:     cp.async
; CHECK:         %v = load <3 x float>, ptr %src, align 16
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store <3 x float> %v, ptr %dst, align 16
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; i24: 3 bytes.
define ptx_kernel void @i24(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i24, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i24 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @i24(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i24, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i24 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async

; REMARK:      remark: <unknown>:0:0: not converted: 1-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the element type is not a 1-, 2-, 4-, 8- or 16-byte value
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the element type is not a 1-, 2-, 4-, 8- or 16-byte value
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
