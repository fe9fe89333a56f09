; The cost model: a copy whose block writes the destination's shared array
; again between the consumer barrier and the next barrier (it computes in
; place, as a tree reduction or a sorting network does) stays plain, with
; a missed remark: as a single-stage cp.async such kernels measured slower
; than legacy on an H100 (bench/reduction.cu 0.87-0.92x, bench/
; bitonic_sort.cu 0.965-0.994x). Here one compare-exchange step of a
; sorting network: two loads of the destination for one copy (below the
; reuse limit), no loop, so only this rule keeps it plain.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null
; The rule is the cost model's: without it the copy is converted.
; RUN: %opt -passes=ferry-async-copy -ferry-cost-model=false -S %s -o - \
; RUN:   | FileCheck --check-prefix=OFF %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

; __global__ void in_place(const int *g, int *out) {
;   __shared__ int s[256];
;   int t = threadIdx.x, i = blockIdx.x * 256 + t;
;   s[t] = g[i];
;   __syncthreads();
;   int x = s[t], y = s[t ^ 1];
;   if ((x > y) == ((t & 1) == 0)) s[t] = y;
;   __syncthreads();
;   out[i] = s[t];
; }
define dso_local ptx_kernel void @in_place(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = shl i32 %ctaid, 8
  %i = add i32 %first, %t
  %i.wide = sext i32 %i to i64
  %src = getelementptr inbounds i32, ptr %g, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %t.wide
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %x = load i32, ptr %dst, align 4, !tbaa !0
  %partner = xor i32 %t, 1
  %partner.wide = zext nneg i32 %partner to i64
  %p = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %partner.wide
  %y = load i32, ptr %p, align 4, !tbaa !0
  %odd = trunc i32 %t to i1
  %le = icmp sle i32 %x, %y
  %keep = xor i1 %le, %odd
  br i1 %keep, label %done, label %swap

swap:
  store i32 %y, ptr %dst, align 4, !tbaa !0
  br label %done

done:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %r = load i32, ptr %dst, align 4, !tbaa !0
  %o = getelementptr inbounds i32, ptr %out, i64 %i.wide
  store i32 %r, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @in_place(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK:         store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:       }

; OFF-LABEL: define dso_local ptx_kernel void @in_place(
; OFF:         call void @llvm.nvvm.cp.async.ca.shared.global.4(

; REMARK:      remark: <unknown>:0:0: not converted: cost model: the block writes the destination buffer again after the barrier (it computes in place in shared memory, as in a tree reduction or a sorting network
; REMARK-NOT:  remark: {{.*}}converted a

; PTX-LABEL: .entry in_place(
; PTX-NOT:     cp.async
; PTX:         ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
