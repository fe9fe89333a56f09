; Guarded copies that stay as written, each with a remark: cp.async with a
; source size of 0 fills with zero bits, so the other value must be all
; zeros: 1 is not, nor is -0.0 (its sign bit is set), nor a value unknown
; at compile time; a merge of two loads is no guarded copy; 2-byte
; elements have no per-thread cp.async, and the block-collective form does
; not take guarded copies; a load whose block does not go straight to the
; store's could see its source written on the way; a select lane by lane
; (a vector condition) zero-fills only some lanes.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@w = internal addrspace(3) global [256 x i32] poison, align 4
@f = internal addrspace(3) global [256 x float] poison, align 4
@h = internal addrspace(3) global [256 x i16] poison, align 2
@v = internal addrspace(3) global [256 x <4 x i32>] poison, align 16

; s[t] = t < n ? g[t] : 1;
define ptx_kernel void @else_one(ptr noundef readonly captures(none) %g, i32 noundef %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %in = icmp slt i32 %t, %n
  br i1 %in, label %load, label %merge
load:
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %t.64
  %x = load i32, ptr %src, align 4
  br label %merge
merge:
  %value = phi i32 [ %x, %load ], [ 1, %entry ]
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @w to ptr), i64 %t.64
  store i32 %value, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @else_one(
; CHECK-NOT:     cp.async
; CHECK:         %x = load i32, ptr %src, align 4
; CHECK:         store i32 %value, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; s[t] = t < n ? g[t] : -0.0f;
define ptx_kernel void @else_negative_zero(ptr noundef readonly captures(none) %g, i32 noundef %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %in = icmp slt i32 %t, %n
  br i1 %in, label %load, label %merge
load:
  %src = getelementptr inbounds nuw float, ptr %g, i64 %t.64
  %x = load float, ptr %src, align 4
  br label %merge
merge:
  %value = phi float [ %x, %load ], [ -0.000000e+00, %entry ]
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @f to ptr), i64 %t.64
  store float %value, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @else_negative_zero(
; CHECK-NOT:     cp.async
; CHECK:         %x = load float, ptr %src, align 4
; CHECK:         store float %value, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; s[t] = t < n ? g[t] : fill;   (select: the load runs anyway)
define ptx_kernel void @else_unknown(ptr noundef readonly captures(none) %g, i32 noundef %n, float %fill) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %t.64
  %x = load float, ptr %src, align 4
  %in = icmp slt i32 %t, %n
  %value = select i1 %in, float %x, float %fill
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @f to ptr), i64 %t.64
  store float %value, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @else_unknown(
; CHECK-NOT:     cp.async
; CHECK:         store float %value, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; s[t] = t < n ? g[t] : g[t + 256];
define ptx_kernel void @two_loads(ptr noundef readonly captures(none) %g, i32 noundef %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %in = icmp slt i32 %t, %n
  br i1 %in, label %near, label %far
near:
  %src = getelementptr inbounds nuw float, ptr %g, i64 %t.64
  %x = load float, ptr %src, align 4
  br label %merge
far:
  %u.64 = add nuw nsw i64 %t.64, 256
  %src.far = getelementptr inbounds nuw float, ptr %g, i64 %u.64
  %y = load float, ptr %src.far, align 4
  br label %merge
merge:
  %value = phi float [ %x, %near ], [ %y, %far ]
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @f to ptr), i64 %t.64
  store float %value, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_loads(
; CHECK-NOT:     cp.async
; CHECK:         store float %value, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; s[t] = t < n ? g[t] : 0, 2-byte elements.
define ptx_kernel void @two_bytes(ptr noundef readonly captures(none) %g, i32 noundef %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %in = icmp slt i32 %t, %n
  br i1 %in, label %load, label %merge
load:
  %src = getelementptr inbounds nuw i16, ptr %g, i64 %t.64
  %x = load i16, ptr %src, align 2
  br label %merge
merge:
  %value = phi i16 [ %x, %load ], [ 0, %entry ]
  %dst = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @h to ptr), i64 %t.64
  store i16 %value, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @two_bytes(
; CHECK-NOT:     cp.async
; CHECK:         store i16 %value, ptr %dst, align 2
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; The load's block goes on to another block before the store's.
define ptx_kernel void @load_not_next(ptr noundef readonly captures(none) %g, i32 noundef %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %in = icmp slt i32 %t, %n
  br i1 %in, label %load, label %merge
load:
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %t.64
  %x = load i32, ptr %src, align 4
  br label %between
between:
  br label %merge
merge:
  %value = phi i32 [ %x, %between ], [ 0, %entry ]
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @w to ptr), i64 %t.64
  store i32 %value, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @load_not_next(
; CHECK-NOT:     cp.async
; CHECK:         store i32 %value, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; s[t] = select <4 x i1> %lanes, g[t], zero: lane by lane.
define ptx_kernel void @lanes(ptr noundef readonly captures(none) %g, <4 x i1> %lanes) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %src = getelementptr inbounds nuw <4 x i32>, ptr %g, i64 %t.64
  %x = load <4 x i32>, ptr %src, align 16
  %value = select <4 x i1> %lanes, <4 x i32> %x, <4 x i32> zeroinitializer
  %dst = getelementptr inbounds nuw <4 x i32>, ptr addrspacecast (ptr addrspace(3) @v to ptr), i64 %t.64
  store <4 x i32> %value, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @lanes(
; CHECK-NOT:     cp.async
; CHECK:         store <4 x i32> %value, ptr %dst, align 16
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:      remark: <unknown>:0:0: not converted: the stored value is the loaded one on some paths and not zero (all-zero bits: 0 or +0.0) on others; cp.async fills only with zeros where it reads nothing
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the stored value is the loaded one on some paths and not zero (all-zero bits: 0 or +0.0) on others; cp.async fills only with zeros where it reads nothing
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the stored value is the loaded one on some paths and not zero (all-zero bits: 0 or +0.0) on others; cp.async fills only with zeros where it reads nothing
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the stored value merges loads of several paths; a guarded copy converts where one path loads and the others store zero
; REMARK-NEXT: remark: <unknown>:0:0: not converted: 2-byte elements; a per-thread cp.async copies 4, 8 or 16 bytes; the block-collective form does not apply: a guarded copy's zeros are filled by the thread that guards them
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the guarded load, the value's merge and the store are not in blocks that follow one another
; REMARK-NEXT: remark: <unknown>:0:0: not converted: the stored value selects lane by lane between the loaded vector and another; cp.async fills zeros for the whole element or none
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
