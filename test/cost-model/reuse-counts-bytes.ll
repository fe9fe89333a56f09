; The cost model weighs bytes, not loads: the bytes a thread reads from the
; destination buffer after the barrier, over the bytes it copies. A 4-byte
; copy read back through two 16-byte vector loads is read 8 times over
; (32 bytes for 4) and stays untouched; a 16-byte (float4) copy read back
; through eight 4-byte loads is read 2 times over (32 bytes for 16) and
; becomes cp.async.cg.
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

%struct.float4 = type { float, float, float, float }

@sh.floats = internal unnamed_addr addrspace(3) global [256 x float] undef, align 16
@sh.float4s = internal unnamed_addr addrspace(3) global [256 x %struct.float4] undef, align 16

; sh[tx] = g[tx]; __syncthreads();
; float4 a = ((float4 *)sh)[tx / 4 ^ 1], b = ((float4 *)sh)[tx / 4 ^ 2];
define dso_local ptx_kernel void @vector_reads(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %tx.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh.floats to ptr), i64 %tx.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %quad = lshr i32 %tx, 2
  %qa = xor i32 %quad, 1
  %qa.wide = zext nneg i32 %qa to i64
  %pa = getelementptr inbounds nuw <4 x float>, ptr addrspacecast (ptr addrspace(3) @sh.floats to ptr), i64 %qa.wide
  %a = load <4 x float>, ptr %pa, align 16
  %qb = xor i32 %quad, 2
  %qb.wide = zext nneg i32 %qb to i64
  %pb = getelementptr inbounds nuw <4 x float>, ptr addrspacecast (ptr addrspace(3) @sh.floats to ptr), i64 %qb.wide
  %b = load <4 x float>, ptr %pb, align 16
  %s = fadd <4 x float> %a, %b
  %o = getelementptr inbounds nuw <4 x float>, ptr %out, i64 %tx.wide
  store <4 x float> %s, ptr %o, align 16
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @vector_reads(
; CHECK-NOT:     cp.async
; CHECK-NOT:     ferry.
; CHECK:         %v = load float, ptr %src, align 4
; CHECK:         store float %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; sh4[tx] = g4[tx]; __syncthreads();
; for k < 8 (unrolled): acc += ((float *)sh4)[(4 * tx + k) & 1023];
define dso_local ptx_kernel void @scalar_reads_of_float4(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tx = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx.wide = zext nneg i32 %tx to i64
  %src = getelementptr inbounds nuw %struct.float4, ptr %g, i64 %tx.wide
  %dst = getelementptr inbounds nuw %struct.float4, ptr addrspacecast (ptr addrspace(3) @sh.float4s to ptr), i64 %tx.wide
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %dst, ptr noundef nonnull align 16 dereferenceable(16) %src, i64 16, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %p0 = getelementptr inbounds nuw i8, ptr %dst, i64 4
  %x0 = load float, ptr %p0, align 4, !tbaa !0
  %p1 = getelementptr inbounds nuw i8, ptr %dst, i64 8
  %x1 = load float, ptr %p1, align 4, !tbaa !0
  %p2 = getelementptr inbounds nuw i8, ptr %dst, i64 12
  %x2 = load float, ptr %p2, align 4, !tbaa !0
  %p3 = getelementptr inbounds nuw i8, ptr %dst, i64 16
  %x3 = load float, ptr %p3, align 4, !tbaa !0
  %p4 = getelementptr inbounds nuw i8, ptr %dst, i64 20
  %x4 = load float, ptr %p4, align 4, !tbaa !0
  %p5 = getelementptr inbounds nuw i8, ptr %dst, i64 24
  %x5 = load float, ptr %p5, align 4, !tbaa !0
  %p6 = getelementptr inbounds nuw i8, ptr %dst, i64 28
  %x6 = load float, ptr %p6, align 4, !tbaa !0
  %x7 = load float, ptr %dst, align 4, !tbaa !0
  %s0 = fadd float %x0, %x1
  %s1 = fadd float %x2, %x3
  %s2 = fadd float %x4, %x5
  %s3 = fadd float %x6, %x7
  %s4 = fadd float %s0, %s1
  %s5 = fadd float %s2, %s3
  %s = fadd float %s4, %s5
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tx.wide
  store float %s, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @scalar_reads_of_float4(
; CHECK-NOT:     llvm.memcpy
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: not converted: cost model: each thread reads 8 times as many bytes of the destination buffer as it copies, after the barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry vector_reads(
; PTX-NOT:     cp.async
; PTX:         ret;
; PTX-LABEL: .entry scalar_reads_of_float4(
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
