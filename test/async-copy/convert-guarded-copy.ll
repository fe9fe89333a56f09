; Guarded copies: `s[t] = i < n ? g[i] : 0` stores the loaded value where
; the guard holds and zero elsewhere. The optimizer leaves the load in a
; block of its own and merges the values with a phi (or, where the load
; runs anyway, a select). Each becomes one cp.async with a source size: the
; element's bytes where the load ran, 0 elsewhere, where cp.async reads
; nothing and fills the element with zeros. The load is gone: no address
; the original did not read is dereferenced (on the other paths the source
; operand is the kernel's parameter, never read with size 0).
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

@f = internal addrspace(3) global [256 x float] poison, align 4
@w = internal addrspace(3) global [256 x i32] poison, align 4
@v = internal addrspace(3) global [256 x <4 x float>] poison, align 16
@d = internal addrspace(3) global [256 x double] poison, align 8

; s[t] = i < n ? g[i] : 0.0f;   (clang -O3: a phi of the load and +0.0)
define ptx_kernel void @phi_float(ptr noundef readonly captures(none) %g, i32 noundef %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %t
  %in = icmp slt i32 %i, %n
  %i.64 = sext i32 %i to i64
  br i1 %in, label %load, label %merge

load:
  %src = getelementptr inbounds float, ptr %g, i64 %i.64
  %x = load float, ptr %src, align 4
  br label %merge

merge:
  %value = phi float [ %x, %load ], [ 0.000000e+00, %entry ]
  %t.64 = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @f to ptr), i64 %t.64
  store float %value, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @phi_float(
; CHECK:       load:
; CHECK-NEXT:    %src = getelementptr inbounds float, ptr %g, i64 %i.64
; CHECK-NEXT:    br label %merge
; CHECK:       merge:
; CHECK-NEXT:    [[SOURCE:%.*]] = phi ptr [ %src, %load ], [ %g, %entry ]
; CHECK-NEXT:    [[BYTES:%.*]] = phi i32 [ 4, %load ], [ 0, %entry ]
; CHECK-NOT:     phi float
; CHECK:         [[FROM:%.*]] = addrspacecast ptr [[SOURCE]] to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) {{%.*}}, ptr addrspace(1) [[FROM]], i32 [[BYTES]])
; CHECK-NOT:     store float
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; if (i < n) s[t] = g[i]; else s[t] = 0;   (the stores merged into one:
; the zero arm first in the phi, from two blocks)
define ptx_kernel void @phi_int_two_zero_paths(ptr noundef readonly captures(none) %g, i32 noundef %n, i32 noundef %m) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %in = icmp slt i32 %t, %n
  br i1 %in, label %check, label %merge

check:
  %also = icmp slt i32 %t, %m
  br i1 %also, label %load, label %merge

load:
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %t.64
  %x = load i32, ptr %src, align 4
  br label %merge

merge:
  %value = phi i32 [ 0, %entry ], [ 0, %check ], [ %x, %load ]
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @w to ptr), i64 %t.64
  store i32 %value, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @phi_int_two_zero_paths(
; CHECK:       merge:
; CHECK-NEXT:    [[SOURCE:%.*]] = phi ptr [ %g, %entry ], [ %g, %check ], [ %src, %load ]
; CHECK-NEXT:    [[BYTES:%.*]] = phi i32 [ 0, %entry ], [ 0, %check ], [ 4, %load ]
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}}, i32 [[BYTES]])
; CHECK-NOT:     store i32
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; The load runs anyway and a select picks: s[t] = c ? g[t] : 0 (16-byte
; vectors, the zero vector, the guard's false arm loading).
define ptx_kernel void @select_vector(ptr noundef readonly captures(none) %g, i32 noundef %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %src = getelementptr inbounds nuw <4 x float>, ptr %g, i64 %t.64
  %x = load <4 x float>, ptr %src, align 16
  %out = icmp sge i32 %t, %n
  %value = select i1 %out, <4 x float> zeroinitializer, <4 x float> %x
  %dst = getelementptr inbounds nuw <4 x float>, ptr addrspacecast (ptr addrspace(3) @v to ptr), i64 %t.64
  store <4 x float> %value, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @select_vector(
; CHECK-NOT:     load <4 x float>
; CHECK:         [[BYTES:%.*]] = select i1 %out, i32 0, i32 16
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}}, i32 [[BYTES]])
; CHECK-NOT:     store <4 x float>
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; double, 8 bytes: a phi with +0.0.
define ptx_kernel void @phi_double(ptr noundef readonly captures(none) %g, i32 noundef %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.64 = zext nneg i32 %t to i64
  %in = icmp slt i32 %t, %n
  br i1 %in, label %load, label %merge

load:
  %src = getelementptr inbounds nuw double, ptr %g, i64 %t.64
  %x = load double, ptr %src, align 8
  br label %merge

merge:
  %value = phi double [ %x, %load ], [ 0.000000e+00, %entry ]
  %dst = getelementptr inbounds nuw double, ptr addrspacecast (ptr addrspace(3) @d to ptr), i64 %t.64
  store double %value, ptr %dst, align 8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @phi_double(
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.8.s(
; CHECK-NOT:     store double
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:      remark: <unknown>:0:0: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails (it reads nothing and fills zeros); it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails
; REMARK-NEXT: remark: <unknown>:0:0: converted a guarded 16-byte global-to-shared copy to cp.async.cg with a source size of 0 where the guard fails
; REMARK-NEXT: remark: <unknown>:0:0: converted a guarded 8-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard fails
; REMARK-NOT:  remark:

; PTX-LABEL: .entry phi_float(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r{{[0-9]+}};
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry select_vector(
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16, %r{{[0-9]+}};
; PTX-LABEL: .entry phi_double(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 8, %r{{[0-9]+}};

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
