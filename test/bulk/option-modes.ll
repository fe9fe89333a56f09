; -ferry-bulk=auto|always|never on sm_90a, for a kernel under
; __launch_bounds__(16), whose 4-byte rows are at most 64 bytes: auto
; keeps 16-byte chunks, saying why; always copies every row in
; bulk (no size test); never keeps chunks, saying it is off.
;   extern "C" __global__ void __launch_bounds__(16) copy_small(float *o, const float *g) {
;     __shared__ float sh[1024];
;     unsigned t = threadIdx.x;
;     sh[t] = g[blockIdx.x * blockDim.x + t];
;     __syncthreads();
;     o[t] = sh[t ^ 1];
;   }
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -ferry-bulk=auto -passes=ferry-async-copy -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.auto.ll 2>%t.auto.remarks
; RUN: FileCheck --check-prefix=CHUNKS %s < %t.auto.ll
; RUN: FileCheck --check-prefix=AUTO-REMARK %s < %t.auto.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.auto.ll -o %t.auto.ptx
; RUN: %ptxas -arch=sm_90a %t.auto.ptx -o /dev/null
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -ferry-bulk=always -passes=ferry-async-copy -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.always.ll 2>%t.always.remarks
; RUN: FileCheck --check-prefix=ALWAYS %s < %t.always.ll
; RUN: FileCheck --check-prefix=ALWAYS-REMARK %s < %t.always.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.always.ll -o %t.always.ptx
; RUN: FileCheck --check-prefix=ALWAYS-PTX %s < %t.always.ptx
; RUN: %ptxas -arch=sm_90a %t.always.ptx -o /dev/null
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -ferry-bulk=never -passes=ferry-async-copy -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -pass-remarks-analysis=ferry -S %s -o %t.never.ll 2>%t.never.remarks
; RUN: FileCheck --check-prefix=CHUNKS %s < %t.never.ll
; RUN: FileCheck --check-prefix=NEVER-REMARK %s < %t.never.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.never.ll -o %t.never.ptx
; RUN: %ptxas -arch=sm_90a %t.never.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ10copy_smallE2sh = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @copy_small(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds nuw float, ptr %1, i64 %8
  %10 = load float, ptr %9, align 4, !tbaa !11
  %11 = zext nneg i32 %3 to i64
  %12 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ10copy_smallE2sh to ptr), i64 %11
  store float %10, ptr %12, align 4, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %13 = xor i32 %3, 1
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @_ZZ10copy_smallE2sh to ptr), i64 %14
  %16 = load float, ptr %15, align 4, !tbaa !11
  %17 = getelementptr inbounds nuw float, ptr %0, i64 %11
  store float %16, ptr %17, align 4, !tbaa !11
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "nvvm.maxntid"="16" "stack-protector-buffer-size"="8" "target-cpu"="sm_90a" "target-features"="+ptx88,+sm_90a" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.errno.tbaa = !{!6}
!nvvmir.version = !{!10}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{i32 2, i32 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !8, i64 0}

; CHUNKS-NOT:   mbarrier
; CHUNKS-LABEL: define dso_local ptx_kernel void @copy_small(
; CHUNKS-NOT:     mbarrier
; CHUNKS:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHUNKS-NOT:     mbarrier

; AUTO-REMARK:      remark: <unknown>:0:0: 16-byte cp.async.cg chunks, not cp.async.bulk: a row is at most 64 bytes (__launch_bounds__ (nvvm.maxntid)), below the 128 from which one bulk copy pays (-ferry-bulk=auto)
; AUTO-REMARK-NEXT: remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks
; AUTO-REMARK-NOT:  remark:

; ALWAYS-LABEL: define dso_local ptx_kernel void @copy_small(
; ALWAYS-NOT:     ferry.copy.size
; ALWAYS-NOT:     cp.async.cg
; ALWAYS:         call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(
; ALWAYS-NOT:     cp.async.cg
; ALWAYS:         call i1 @llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta(

; ALWAYS-REMARK:      remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*4 bytes completed on an mbarrier, issued by the row's first thread
; ALWAYS-REMARK-NOT:  remark:

; ALWAYS-PTX-LABEL: .entry copy_small(
; ALWAYS-PTX-NOT:     cp.async.cg
; ALWAYS-PTX:         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes

; NEVER-REMARK:      remark: <unknown>:0:0: 16-byte cp.async.cg chunks, not cp.async.bulk: off (-ferry-bulk=never)
; NEVER-REMARK-NEXT: remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks
; NEVER-REMARK-NOT:  remark:
