; sm_90a, two copies (two arrays) before one barrier: each is a bulk copy
; of its own row that announces its own bytes (expect_tx) on the one
; mbarrier; the barrier has one arrival per row and one wait.
;   extern "C" __global__ void two_copies(short *__restrict__ out, const short *__restrict__ a,
;                                         const short *__restrict__ b) {
;     __shared__ short sa[512], sb[512];
;     unsigned t = threadIdx.x;
;     size_t base = (size_t)blockIdx.x * blockDim.x;
;     sa[t] = a[base + t];
;     sb[t] = b[base + t];
;     __syncthreads();
;     out[base + t] = sa[blockDim.x - 1 - t] * sb[t];
;   }
;
; RUN: %opt -ferry-bulk=auto -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ10two_copiesE2sa = internal unnamed_addr addrspace(3) global [512 x i16] undef, align 2
@_ZZ10two_copiesE2sb = internal unnamed_addr addrspace(3) global [512 x i16] undef, align 2

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @two_copies(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = zext nneg i32 %5 to i64
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = zext nneg i32 %7 to i64
  %9 = mul nuw nsw i64 %6, %8
  %10 = zext nneg i32 %4 to i64
  %11 = add nuw nsw i64 %9, %10
  %12 = getelementptr inbounds nuw i16, ptr %1, i64 %11
  %13 = load i16, ptr %12, align 2, !tbaa !11
  %14 = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @_ZZ10two_copiesE2sa to ptr), i64 %10
  store i16 %13, ptr %14, align 2, !tbaa !11
  %15 = getelementptr inbounds nuw i16, ptr %2, i64 %11
  %16 = load i16, ptr %15, align 2, !tbaa !11
  %17 = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @_ZZ10two_copiesE2sb to ptr), i64 %10
  store i16 %16, ptr %17, align 2, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %18 = xor i32 %4, -1
  %19 = add nsw i32 %7, %18
  %20 = zext i32 %19 to i64
  %21 = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @_ZZ10two_copiesE2sa to ptr), i64 %20
  %22 = load i16, ptr %21, align 2, !tbaa !11
  %23 = load i16, ptr %17, align 2, !tbaa !11
  %24 = mul i16 %23, %22
  %25 = getelementptr inbounds nuw i16, ptr %0, i64 %11
  store i16 %24, ptr %25, align 2, !tbaa !11
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

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90a" "target-features"="+ptx88,+sm_90a" "uniform-work-group-size"="true" }
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
!12 = !{!"short", !8, i64 0}

; CHECK:       @ferry.mbarrier =
; CHECK-NOT:   @ferry.mbarrier{{[0-9]}}
; CHECK-LABEL: define dso_local ptx_kernel void @two_copies(
; CHECK-COUNT-2: call void @llvm.nvvm.mbarrier.expect.tx.scope.cta.space.cta(ptr addrspace(3) @ferry.mbarrier,
; CHECK-NOT:     call void @llvm.nvvm.mbarrier.expect.tx
; CHECK:         call i64 @llvm.nvvm.mbarrier.arrive.scope.cta.space.cta(ptr addrspace(3) @ferry.mbarrier, i32 1)
; CHECK-NOT:     mbarrier.arrive
; CHECK:         call i1 @llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta(ptr addrspace(3) @ferry.mbarrier, i32 0)
; CHECK-NOT:     mbarrier
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted the block's 2-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 2-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk
; REMARK-NOT:  remark:

; PTX-LABEL: .entry two_copies(
; PTX-COUNT-2: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
