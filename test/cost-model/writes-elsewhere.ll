; The in-place rule's negatives (cost_model.c, writes-in-place.ll): the
; same compare-exchange writing its result to another __shared__ array
; (as the DCT's row pass does), a write to the destination only after the
; next barrier, in a later phase, and an in-place write after a copy in a
; loop (the streaming shape, where the rule was not measured): all three
; copies become cp.async.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
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

@s.other = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@r.other = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@s.later = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4
@s.loop = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

; __global__ void other_array(const int *g, int *out) {
;   __shared__ int s[256], r[256];
;   int t = threadIdx.x, i = blockIdx.x * 256 + t;
;   s[t] = g[i];
;   __syncthreads();
;   int x = s[t], y = s[t ^ 1];
;   r[t] = (x > y) == ((t & 1) == 0) ? y : x;
;   __syncthreads();
;   out[i] = r[t];
; }
define dso_local ptx_kernel void @other_array(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = shl i32 %ctaid, 8
  %i = add i32 %first, %t
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %g, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @s.other to ptr), i64 %t.wide
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = load i32, ptr %dst, align 4, !tbaa !0
  %partner = xor i32 %t, 1
  %partner.wide = zext nneg i32 %partner to i64
  %p = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @s.other to ptr), i64 %partner.wide
  %y = load i32, ptr %p, align 4, !tbaa !0
  %odd = trunc i32 %t to i1
  %le = icmp sle i32 %x, %y
  %keep = xor i1 %le, %odd
  %min.or.max = select i1 %keep, i32 %x, i32 %y
  %q = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @r.other to ptr), i64 %t.wide
  store i32 %min.or.max, ptr %q, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = load i32, ptr %q, align 4, !tbaa !0
  %o = getelementptr inbounds i32, ptr %out, i64 %i.wide
  store i32 %r, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @other_array(
; CHECK-NOT:     load i32, ptr %src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:       }

; __global__ void next_phase(const int *g, int *out) {
;   __shared__ int s[256];
;   int t = threadIdx.x, i = blockIdx.x * 256 + t;
;   s[t] = g[i];
;   __syncthreads();
;   int x = s[t] + s[t ^ 1];
;   __syncthreads();
;   s[t] = x;
;   __syncthreads();
;   out[i] = s[t ^ 1];
; }
define dso_local ptx_kernel void @next_phase(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = shl i32 %ctaid, 8
  %i = add i32 %first, %t
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %g, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @s.later to ptr), i64 %t.wide
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = load i32, ptr %dst, align 4, !tbaa !0
  %partner = xor i32 %t, 1
  %partner.wide = zext nneg i32 %partner to i64
  %p = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @s.later to ptr), i64 %partner.wide
  %y = load i32, ptr %p, align 4, !tbaa !0
  %sum = add nsw i32 %y, %x
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store i32 %sum, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = load i32, ptr %p, align 4, !tbaa !0
  %o = getelementptr inbounds i32, ptr %out, i64 %i.wide
  store i32 %r, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @next_phase(
; CHECK-NOT:     load i32, ptr %src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         store i32 %sum, ptr %dst, align 4
; CHECK:       }

; __global__ void in_loop(const int *g, int *out, int n) {
;   __shared__ int s[256];
;   int t = threadIdx.x, acc = 0;
;   for (int b = 0; b < n; b++) {
;     s[t] = g[b * 256 + t];
;     __syncthreads();
;     int x = s[t] + s[t ^ 1];
;     s[t] = x;
;     acc += x;
;     __syncthreads();
;   }
;   out[blockIdx.x * 256 + t] = acc;
; }
define dso_local ptx_kernel void @in_loop(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @s.loop to ptr), i64 %t.wide
  %partner = xor i32 %t, 1
  %partner.wide = zext nneg i32 %partner to i64
  %p = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @s.loop to ptr), i64 %partner.wide
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %exit

loop:
  %b = phi i32 [ 0, %entry ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %first = shl nsw i32 %b, 8
  %i = add nuw nsw i32 %first, %t
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = load i32, ptr %dst, align 4, !tbaa !0
  %y = load i32, ptr %p, align 4, !tbaa !0
  %sum = add nsw i32 %y, %x
  store i32 %sum, ptr %dst, align 4, !tbaa !0
  %acc.next = add nsw i32 %acc, %sum
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw nsw i32 %b, 1
  %done = icmp eq i32 %b.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %row = shl i32 %ctaid, 8
  %j = add i32 %row, %t
  %j.wide = zext i32 %j to i64
  %o = getelementptr inbounds i32, ptr %out, i64 %j.wide
  store i32 %r, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @in_loop(
; CHECK:       loop:
; CHECK-NOT:     load i32, ptr %src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         store i32 %sum, ptr %dst, align 4
; CHECK:       }

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark: {{.*}}not converted

; PTX-LABEL: .entry other_array(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-LABEL: .entry next_phase(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-LABEL: .entry in_loop(
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
