; sm_90a, the copy in a loop (pipelining off, -ferry-stages=1): every
; iteration is one phase of the mbarrier, so the parity each thread waits
; for is a phi at the loop header, 0 on entry and flipped after each wait.
; The loop's second barrier is no consumer barrier: nothing waits there.
;   extern "C" __global__ void loop_rows(unsigned char *__restrict__ out,
;                                        const unsigned char *__restrict__ in, int n) {
;     __shared__ unsigned char tile[1024];
;     unsigned t = threadIdx.x;
;     for (int b = 0; b < n; b++) {
;       tile[t] = in[(size_t)b * blockDim.x + t];
;       __syncthreads();
;       out[(size_t)b * blockDim.x + t] = tile[blockDim.x - 1 - t] + 1;
;       __syncthreads();
;     }
;   }
;
; RUN: %opt -ferry-stages=1 -ferry-bulk=auto -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ9loop_rowsE4tile = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @loop_rows(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %17

5:                                                ; preds = %3
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = zext nneg i32 %7 to i64
  %9 = zext nneg i32 %6 to i64
  %10 = getelementptr inbounds nuw i8, ptr %1, i64 %9
  %11 = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @_ZZ9loop_rowsE4tile to ptr), i64 %9
  %12 = xor i32 %6, -1
  %13 = add nsw i32 %7, %12
  %14 = zext i32 %13 to i64
  %15 = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @_ZZ9loop_rowsE4tile to ptr), i64 %14
  %16 = getelementptr inbounds nuw i8, ptr %0, i64 %9
  br label %18

17:                                               ; preds = %18, %3
  ret void

18:                                               ; preds = %5, %18
  %19 = phi i32 [ 0, %5 ], [ %27, %18 ]
  %20 = zext nneg i32 %19 to i64
  %21 = mul nuw nsw i64 %20, %8
  %22 = getelementptr inbounds nuw i8, ptr %10, i64 %21
  %23 = load i8, ptr %22, align 1, !tbaa !11
  store i8 %23, ptr %11, align 1, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %24 = load i8, ptr %15, align 1, !tbaa !11
  %25 = add i8 %24, 1
  %26 = getelementptr inbounds nuw i8, ptr %16, i64 %21
  store i8 %25, ptr %26, align 1, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %27 = add nuw nsw i32 %19, 1
  %28 = icmp eq i32 %27, %2
  br i1 %28, label %17, label %18, !llvm.loop !12
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

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
!11 = !{!8, !8, i64 0}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}

; CHECK-LABEL: define dso_local ptx_kernel void @loop_rows(
; CHECK:         call void @llvm.nvvm.mbarrier.init.shared(
; CHECK:         call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         [[PARITY:%ferry.parity[0-9]*]] = phi i32 [ 0, %{{[0-9]+}} ], [ [[NEXT:%ferry.parity.next[0-9]*]], %ferry.bulk.waited ]
; CHECK:         call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(
; CHECK:       ferry.join:
; CHECK:         [[NEXT]] = xor i32 [[PARITY]], 1
; CHECK-NOT:     xor i32 [[PARITY]], 1
; CHECK:       ferry.bulk.wait:
; CHECK-NEXT:    call i1 @llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta(ptr addrspace(3) @ferry.mbarrier, i32 [[PARITY]])
; CHECK:       ferry.bulk.waited:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     mbarrier
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     call {{.*}}mbarrier

; REMARK:      remark: <unknown>:0:0: the copy loop is not pipelined: pipelining is off (-ferry-stages=1)
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*1 bytes completed on an mbarrier when that is at least 128 bytes
; REMARK-NOT:  remark:

; PTX-LABEL: .entry loop_rows(
; PTX-DAG:     mbarrier.try_wait.parity.shared.b64 {{%p[0-9]+}}, [ferry_$_mbarrier], [[P:%r[0-9]+]];
; PTX-DAG:     xor.b32 {{%r[0-9]+}}, [[P]], 1;
