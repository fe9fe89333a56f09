; sm_90a: 1-, 2-, 4- and 8-byte elements (-ferry-collective=always, so that
; 4 and 8 bytes take the collective form too): a row is blockDim.x*size
; bytes; each kernel copies it in bulk when it is at least 128 bytes
; (a run-time test: blockDim.x is unknown), else in 16-byte chunks.
; The template from CUDA:
;   template <typename T> __device__ void copy_row(T *out, const T *g) {
;     __shared__ T sh[512];
;     unsigned t = threadIdx.x;
;     sh[t] = g[blockIdx.x * blockDim.x + t];
;     __syncthreads();
;     out[t] = sh[t ^ 1];
;   }
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -ferry-bulk=auto -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

$_ZZ8copy_rowIcEvPT_PKS0_E2sh = comdat any

$_ZZ8copy_rowIsEvPT_PKS0_E2sh = comdat any

$_ZZ8copy_rowIiEvPT_PKS0_E2sh = comdat any

$_ZZ8copy_rowIxEvPT_PKS0_E2sh = comdat any

@_ZZ8copy_rowIcEvPT_PKS0_E2sh = linkonce_odr dso_local local_unnamed_addr addrspace(3) global [512 x i8] undef, comdat, align 1
@_ZZ8copy_rowIsEvPT_PKS0_E2sh = linkonce_odr dso_local local_unnamed_addr addrspace(3) global [512 x i16] undef, comdat, align 2
@_ZZ8copy_rowIiEvPT_PKS0_E2sh = linkonce_odr dso_local local_unnamed_addr addrspace(3) global [512 x i32] undef, comdat, align 4
@_ZZ8copy_rowIxEvPT_PKS0_E2sh = linkonce_odr dso_local local_unnamed_addr addrspace(3) global [512 x i64] undef, comdat, align 8

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @copy_1(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds nuw i8, ptr %1, i64 %8
  %10 = load i8, ptr %9, align 1, !tbaa !11
  %11 = zext nneg i32 %3 to i64
  %12 = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @_ZZ8copy_rowIcEvPT_PKS0_E2sh to ptr), i64 %11
  store i8 %10, ptr %12, align 1, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %13 = xor i32 %3, 1
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @_ZZ8copy_rowIcEvPT_PKS0_E2sh to ptr), i64 %14
  %16 = load i8, ptr %15, align 1, !tbaa !11
  %17 = getelementptr inbounds nuw i8, ptr %0, i64 %11
  store i8 %16, ptr %17, align 1, !tbaa !11
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @copy_2(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds nuw i16, ptr %1, i64 %8
  %10 = load i16, ptr %9, align 2, !tbaa !12
  %11 = zext nneg i32 %3 to i64
  %12 = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @_ZZ8copy_rowIsEvPT_PKS0_E2sh to ptr), i64 %11
  store i16 %10, ptr %12, align 2, !tbaa !12
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %13 = xor i32 %3, 1
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds nuw i16, ptr addrspacecast (ptr addrspace(3) @_ZZ8copy_rowIsEvPT_PKS0_E2sh to ptr), i64 %14
  %16 = load i16, ptr %15, align 2, !tbaa !12
  %17 = getelementptr inbounds nuw i16, ptr %0, i64 %11
  store i16 %16, ptr %17, align 2, !tbaa !12
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @copy_4(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds nuw i32, ptr %1, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !6
  %11 = zext nneg i32 %3 to i64
  %12 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ8copy_rowIiEvPT_PKS0_E2sh to ptr), i64 %11
  store i32 %10, ptr %12, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %13 = xor i32 %3, 1
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ8copy_rowIiEvPT_PKS0_E2sh to ptr), i64 %14
  %16 = load i32, ptr %15, align 4, !tbaa !6
  %17 = getelementptr inbounds nuw i32, ptr %0, i64 %11
  store i32 %16, ptr %17, align 4, !tbaa !6
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @copy_8(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds nuw i64, ptr %1, i64 %8
  %10 = load i64, ptr %9, align 8, !tbaa !14
  %11 = zext nneg i32 %3 to i64
  %12 = getelementptr inbounds nuw i64, ptr addrspacecast (ptr addrspace(3) @_ZZ8copy_rowIxEvPT_PKS0_E2sh to ptr), i64 %11
  store i64 %10, ptr %12, align 8, !tbaa !14
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %13 = xor i32 %3, 1
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds nuw i64, ptr addrspacecast (ptr addrspace(3) @_ZZ8copy_rowIxEvPT_PKS0_E2sh to ptr), i64 %14
  %16 = load i64, ptr %15, align 8, !tbaa !14
  %17 = getelementptr inbounds nuw i64, ptr %0, i64 %11
  store i64 %16, ptr %17, align 8, !tbaa !14
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
!11 = !{!8, !8, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"short", !8, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"long long", !8, i64 0}

; Each kernel has its own mbarrier.
; CHECK-DAG:   @ferry.mbarrier = internal addrspace(3) global i64 undef, align 8
; CHECK-DAG:   @ferry.mbarrier1 = internal addrspace(3) global i64 undef, align 8
; CHECK-DAG:   @ferry.mbarrier2 = internal addrspace(3) global i64 undef, align 8
; CHECK-DAG:   @ferry.mbarrier3 = internal addrspace(3) global i64 undef, align 8

; CHECK-LABEL: define dso_local ptx_kernel void @copy_1(
; CHECK:         %ferry.row.bytes = mul i64 {{%.*}}, 1
; CHECK:         %ferry.row.large = icmp uge i64 %ferry.row.bytes, 128
; CHECK:         call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(
; CHECK:         call i1 @llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta(
; CHECK-LABEL: define dso_local ptx_kernel void @copy_2(
; CHECK:         %ferry.row.bytes = mul i64 {{%.*}}, 2
; CHECK:         %ferry.row.large = icmp uge i64 %ferry.row.bytes, 128
; CHECK:         call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(
; CHECK-LABEL: define dso_local ptx_kernel void @copy_4(
; CHECK:         %ferry.row.bytes = mul i64 {{%.*}}, 4
; CHECK:         %ferry.row.large = icmp uge i64 %ferry.row.bytes, 128
; CHECK:         call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(
; CHECK-LABEL: define dso_local ptx_kernel void @copy_8(
; CHECK:         %ferry.row.bytes = mul i64 {{%.*}}, 8
; CHECK:         %ferry.row.large = icmp uge i64 %ferry.row.bytes, 128
; CHECK:         call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(

; REMARK:      remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*1 bytes completed on an mbarrier when that is at least 128 bytes, else to 16-byte cp.async.cg chunks
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 2-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*2 bytes
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*4 bytes
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 8-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*8 bytes
; REMARK-NOT:  remark:

; PTX-LABEL: .entry copy_1(
; PTX:         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
; PTX-LABEL: .entry copy_2(
; PTX:         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
; PTX-LABEL: .entry copy_4(
; PTX:         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
; PTX-LABEL: .entry copy_8(
; PTX:         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
