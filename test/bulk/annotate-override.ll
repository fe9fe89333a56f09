; Per-kernel choice, annotate("ferry:bulk=...") on sm_90a: never_bulk's
; "never" keeps 16-byte chunks (the default would choose bulk: a 1024-byte
; array); always_bulk's "always" copies every row in bulk although
; __launch_bounds__(64) bounds its rows to 64 bytes, below the threshold.
;   extern "C" __global__ void __attribute__((annotate("ferry:bulk=never")))
;   never_bulk(char *o, const char *g) { ... sh[t] = g[blockIdx.x * blockDim.x + t]; ... }
;   extern "C" __global__ void __launch_bounds__(64) __attribute__((annotate("ferry:bulk=always")))
;   always_bulk(char *o, const char *g) { (the same) }
;
; RUN: %opt -ferry-lone-copy=false -ferry-bulk=auto -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ10never_bulkE2sh = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 1
@_ZZ11always_bulkE2sh = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 1
@.str = private unnamed_addr constant [17 x i8] c"ferry:bulk=never\00", section "llvm.metadata"
@.str1 = private unnamed_addr constant [12 x i8] c"annotate.cu\00", section "llvm.metadata"
@.str2 = private unnamed_addr constant [18 x i8] c"ferry:bulk=always\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @never_bulk, ptr @.str, ptr @.str1, i32 1, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @always_bulk, ptr @.str2, ptr @.str1, i32 8, ptr null }], section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @never_bulk(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1) #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds nuw i8, ptr %1, i64 %8
  %10 = load i8, ptr %9, align 1, !tbaa !11
  %11 = zext nneg i32 %3 to i64
  %12 = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @_ZZ10never_bulkE2sh to ptr), i64 %11
  store i8 %10, ptr %12, align 1, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %13 = xor i32 %3, 1
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @_ZZ10never_bulkE2sh to ptr), i64 %14
  %16 = load i8, ptr %15, align 1, !tbaa !11
  %17 = getelementptr inbounds nuw i8, ptr %0, i64 %11
  store i8 %16, ptr %17, align 1, !tbaa !11
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @always_bulk(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1) #2 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds nuw i8, ptr %1, i64 %8
  %10 = load i8, ptr %9, align 1, !tbaa !11
  %11 = zext nneg i32 %3 to i64
  %12 = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @_ZZ11always_bulkE2sh to ptr), i64 %11
  store i8 %10, ptr %12, align 1, !tbaa !11
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %13 = xor i32 %3, 1
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @_ZZ11always_bulkE2sh to ptr), i64 %14
  %16 = load i8, ptr %15, align 1, !tbaa !11
  %17 = getelementptr inbounds nuw i8, ptr %0, i64 %11
  store i8 %16, ptr %17, align 1, !tbaa !11
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90a" "target-features"="+ptx88,+sm_90a" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "nvvm.maxntid"="64" "stack-protector-buffer-size"="8" "target-cpu"="sm_90a" "target-features"="+ptx88,+sm_90a" "uniform-work-group-size"="true" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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

; CHECK:       @ferry.mbarrier =
; CHECK-NOT:   @ferry.mbarrier{{[0-9]}}
; CHECK-LABEL: define dso_local ptx_kernel void @never_bulk(
; CHECK-NOT:     mbarrier
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK-NOT:     mbarrier
; CHECK:         ret void
; CHECK-LABEL: define dso_local ptx_kernel void @always_bulk(
; CHECK-NOT:     ferry.copy.size
; CHECK-NOT:     cp.async.cg
; CHECK:         call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(
; CHECK-NOT:     cp.async.cg
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: 16-byte cp.async.cg chunks, not cp.async.bulk: off (annotate("ferry:bulk=never"))
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies to 16-byte cp.async.cg chunks
; REMARK-NEXT: remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*1 bytes completed on an mbarrier, issued by the row's first thread
; REMARK-NOT:  remark:

; PTX-LABEL: .entry never_bulk(
; PTX-NOT:     mbarrier
; PTX-LABEL: .entry always_bulk(
; PTX:         cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
