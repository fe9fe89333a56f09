; Every form of CTA barrier clang emits is a consumer: __syncthreads()
; (barrier.cta.sync.aligned.all), __syncthreads_count/and/or()
; (barrier.cta.red.*), bar.sync with a thread count, the non-aligned
; barrier.sync, and old-style barrier0 (upgraded on parse). bar.arrive,
; __syncwarp, fences and cluster barriers are not barriers the copy can wait
; at: they refuse it.
;
; RUN: %opt -passes=ferry-print-consumer-barriers -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

; CHECK-LABEL: consumer barriers of @syncthreads_count
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.red.popc.aligned.all in %entry{{$}}
define ptx_kernel void @syncthreads_count(ptr %g, i1 %p) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  %n = tail call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 %p)
  ret void
}

; CHECK-LABEL: consumer barriers of @syncthreads_and_or
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.red.and.aligned.all in %entry{{$}}
; CHECK-NEXT:    copy to %dst2: llvm.nvvm.barrier.cta.red.or.aligned.all in %entry{{$}}
define ptx_kernel void @syncthreads_and_or(ptr %g, i1 %p) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  %all = tail call i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1 %p)
  %w = load i32, ptr %g, align 4
  %dst2 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 2
  store i32 %w, ptr %dst2, align 4
  %any = tail call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1 %p)
  ret void
}

; CHECK-LABEL: consumer barriers of @named_barriers
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.count in %entry{{$}}
; CHECK-NEXT:    copy to %dst2: llvm.nvvm.barrier.cta.sync.all in %entry{{$}}
; CHECK-NEXT:    copy to %dst3: llvm.nvvm.barrier.cta.sync.aligned.all in %entry{{$}}
define ptx_kernel void @named_barriers(ptr %g) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 1, i32 128)
  %w = load i32, ptr %g, align 4
  %dst2 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 2
  store i32 %w, ptr %dst2, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
  %x = load i32, ptr %g, align 4
  %dst3 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 3
  store i32 %x, ptr %dst3, align 4
  tail call void @llvm.nvvm.barrier0()
  ret void
}

; CHECK-LABEL: consumer barriers of @not_barriers
; CHECK-NEXT:    copy to %a: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier{{$}}
; CHECK-NEXT:    copy to %b: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier{{$}}
; CHECK-NEXT:    copy to %c: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier{{$}}
; CHECK-NEXT:    copy to %d: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier{{$}}
; CHECK-NEXT:    copy to %e: not converted: the thread synchronises by other means (fence, __syncwarp, bar.arrive or an asynchronous-copy operation) before the barrier{{$}}
define ptx_kernel void @not_barriers(ptr %g) {
entry:
  %v1 = load i32, ptr %g, align 4
  %a = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v1, ptr %a, align 4
  tail call void @llvm.nvvm.barrier.cta.arrive.aligned.count(i32 1, i32 128)
  %v2 = load i32, ptr %g, align 4
  %b = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 2
  store i32 %v2, ptr %b, align 4
  tail call void @llvm.nvvm.bar.warp.sync(i32 -1)
  %v3 = load i32, ptr %g, align 4
  %c = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 3
  store i32 %v3, ptr %c, align 4
  fence syncscope("block") acq_rel
  %v4 = load i32, ptr %g, align 4
  %d = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 4
  store i32 %v4, ptr %d, align 4
  tail call void @llvm.nvvm.barrier.cluster.arrive()
  tail call void @llvm.nvvm.barrier.cluster.wait()
  %v5 = load i32, ptr %g, align 4
  %e = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 5
  store i32 %v5, ptr %e, align 4
  tail call void @llvm.nvvm.membar.cta()
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32, i1)
declare i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32, i1)
declare i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32, i1)
declare void @llvm.nvvm.barrier.cta.sync.aligned.count(i32, i32)
declare void @llvm.nvvm.barrier.cta.sync.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.cta.arrive.aligned.count(i32, i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.barrier.cluster.arrive()
declare void @llvm.nvvm.barrier.cluster.wait()
declare void @llvm.nvvm.membar.cta()
