; After the barrier, each thread takes one arm of an if/else; each arm
; reads the destination 4 times. No thread reads it more than 4 times, so
; the copy is converted.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal unnamed_addr addrspace(3) global [256 x float] undef, align 16

; sh[tx] = g[tx]; __syncthreads();
; if (n > 0) r = sh[tx+1] + sh[tx+2] + sh[tx+3] + sh[tx+4];
; else       r = sh[tx-1] + sh[tx-2] + sh[tx-3] + sh[tx-4];
define dso_local ptx_kernel void @branches(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %then, label %else

then:
  %p0 = getelementptr inbounds float, ptr %dst, i64 1
  %a0 = load float, ptr %p0, align 4, !tbaa !0
  %p1 = getelementptr inbounds float, ptr %dst, i64 2
  %a1 = load float, ptr %p1, align 4, !tbaa !0
  %p2 = getelementptr inbounds float, ptr %dst, i64 3
  %a2 = load float, ptr %p2, align 4, !tbaa !0
  %p3 = getelementptr inbounds float, ptr %dst, i64 4
  %a3 = load float, ptr %p3, align 4, !tbaa !0
  %s0 = fadd float %a0, %a1
  %s1 = fadd float %a2, %a3
  %sa = fadd float %s0, %s1
  br label %join

else:
  %q0 = getelementptr inbounds float, ptr %dst, i64 -1
  %b0 = load float, ptr %q0, align 4, !tbaa !0
  %q1 = getelementptr inbounds float, ptr %dst, i64 -2
  %b1 = load float, ptr %q1, align 4, !tbaa !0
  %q2 = getelementptr inbounds float, ptr %dst, i64 -3
  %b2 = load float, ptr %q2, align 4, !tbaa !0
  %q3 = getelementptr inbounds float, ptr %dst, i64 -4
  %b3 = load float, ptr %q3, align 4, !tbaa !0
  %t0 = fadd float %b0, %b1
  %t1 = fadd float %b2, %b3
  %sb = fadd float %t0, %t1
  br label %join

join:
  %r = phi float [ %sa, %then ], [ %sb, %else ]
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %r, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @branches(
; CHECK-NOT:     load float, ptr %src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
