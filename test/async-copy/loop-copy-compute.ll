; The seeds' copy-and-compute loop ("Without memcpy_async"), as clang 22
; emits it at -O3 for sm_80 (tools/demo/copy_compute.cu):
;
;   for (size_t batch = 0; batch < batch_sz; batch++) {
;     shared[local_idx] = global_in[global_idx];
;     __syncthreads(); // wait for all copies
;     compute(global_out + block_batch_idx, shared);
;     __syncthreads(); // wait for compute before shared is overwritten
;   }
;
; The copy's consumer is the first barrier of the loop body: the copy is
; issued asynchronously before it and a single commit + wait goes right
; before it; the second barrier (which the back edge reaches before the next
; copy) gets no wait. The compute reads shared memory only after the first
; barrier. The checks hold for either form of the conversion: the threads'
; elements are contiguous in threadIdx.x, so the block-collective form
; (16-byte chunks, the original copy kept as a run-time fallback) applies;
; the per-thread form is tested on its own elsewhere in this directory.
;
; RUN: %opt -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX-COPY %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

; CHECK-LABEL: define dso_local ptx_kernel void @_Z20without_memcpy_asyncPiPKimm(
; CHECK-NOT:     cp.async
; CHECK:       loop:
; CHECK-NOT:     @llvm.nvvm.barrier
; CHECK:         call void @llvm.nvvm.cp.async.{{ca.shared.global.4|cg.shared.global.16}}(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NOT:     @llvm.nvvm.barrier
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         %own = load i32, ptr %dst, align 4
; CHECK-NOT:     cp.async
; CHECK:         store i32 %result, ptr %out.ptr, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %batch.next = add nuw i64 %batch, 1
; CHECK-NOT:     cp.async
; CHECK:         br i1 %done, label %exit, label %loop
; CHECK-NOT:     cp.async
; CHECK:       }

; REMARK:     remark: <unknown>:0:0: converted {{a|the block's}} 4-byte global-to-shared cop
; REMARK-NOT: remark:

; llc lays the loop's blocks out in its own order: check that there is one
; commit + wait in the kernel, right before a barrier, and a cp.async.
; PTX-LABEL: .entry _Z20without_memcpy_asyncPiPKimm(
; PTX-NOT:     cp.async.commit_group
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-NOT:     cp.async.commit_group
; PTX:         ret;
; PTX-COPY: cp.async.{{ca|cg}}.shared.global [{{.+}}], [{{.+}}], {{4|16}};

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@shared = external dso_local local_unnamed_addr addrspace(3) global [0 x i32], align 4

define dso_local void @_Z7computePiPKi(ptr noundef writeonly captures(none) %0, ptr noundef readonly captures(none) %1) local_unnamed_addr #0 {
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = trunc nuw nsw i32 %3 to i16
  %6 = add nuw nsw i16 %5, 1
  %7 = trunc nuw nsw i32 %4 to i16
  %8 = urem i16 %6, %7
  %9 = zext nneg i32 %3 to i64
  %10 = getelementptr inbounds nuw i32, ptr %1, i64 %9
  %11 = load i32, ptr %10, align 4, !tbaa !6
  %12 = mul nsw i32 %11, 3
  %13 = zext nneg i16 %8 to i64
  %14 = getelementptr inbounds nuw i32, ptr %1, i64 %13
  %15 = load i32, ptr %14, align 4, !tbaa !6
  %16 = add nsw i32 %12, %15
  %17 = getelementptr inbounds nuw i32, ptr %0, i64 %9
  store i32 %16, ptr %17, align 4, !tbaa !6
  ret void
}

define dso_local ptx_kernel void @_Z20without_memcpy_asyncPiPKimm(ptr noundef writeonly captures(none) %global_out, ptr noundef readonly captures(none) %global_in, i64 noundef %size, i64 noundef %batch_sz) local_unnamed_addr #1 {
entry:
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %local_idx = zext nneg i32 %tid to i64
  %nctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %nctaid.wide = zext nneg i32 %nctaid to i64
  %ntid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ntid.wide = zext nneg i32 %ntid to i64
  %grid_size = mul nuw nsw i64 %nctaid.wide, %ntid.wide
  %in.thread = getelementptr i32, ptr %global_in, i64 %local_idx
  %out.thread = getelementptr i32, ptr %global_out, i64 %local_idx
  %no.batches = icmp eq i64 %batch_sz, 0
  br i1 %no.batches, label %exit, label %preheader

preheader:
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %block.first = mul i32 %ctaid, %ntid
  %block.first.wide = zext i32 %block.first to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @shared to ptr), i64 %local_idx
  %tid.16 = trunc nuw nsw i32 %tid to i16
  %next.16 = add nuw nsw i16 %tid.16, 1
  %ntid.16 = trunc nuw nsw i32 %ntid to i16
  br label %loop

exit:
  ret void

loop:
  %batch = phi i64 [ 0, %preheader ], [ %batch.next, %loop ]
  %batch.offset = mul i64 %grid_size, %batch
  %block_batch_idx = add i64 %batch.offset, %block.first.wide
  %src = getelementptr i32, ptr %in.thread, i64 %block_batch_idx
  %v = load i32, ptr %src, align 4, !tbaa !6
  store i32 %v, ptr %dst, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %next = urem i16 %next.16, %ntid.16
  %own = load i32, ptr %dst, align 4, !tbaa !6
  %own3 = mul nsw i32 %own, 3
  %next.wide = zext nneg i16 %next to i64
  %next.ptr = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @shared to ptr), i64 %next.wide
  %neighbour = load i32, ptr %next.ptr, align 4, !tbaa !6
  %result = add nsw i32 %own3, %neighbour
  %out.ptr = getelementptr i32, ptr %out.thread, i64 %block_batch_idx
  store i32 %result, ptr %out.ptr, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %batch.next = add nuw i64 %batch, 1
  %done = icmp eq i64 %batch.next, %batch_sz
  br i1 %done, label %exit, label %loop, !llvm.loop !11
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #2

declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3

declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
attributes #1 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4, !5}
!llvm.errno.tbaa = !{!6}
!nvvmir.version = !{!10}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{i32 2, i32 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
