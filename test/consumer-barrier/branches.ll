; After a branch, each path's first barrier is a consumer: they are listed
; in the order the search finds them, each once however many paths reach
; it. A barrier on a path that does not start at the copy is not listed.
;
; RUN: %opt -passes=ferry-print-consumer-barriers -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

; CHECK-LABEL: consumer barriers of @two_barriers
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.all in %second llvm.nvvm.barrier.cta.sync.aligned.all in %first{{$}}
define ptx_kernel void @two_barriers(ptr %g, i1 %c) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  br i1 %c, label %first, label %second

first:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %exit

second:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %exit

exit:
  ret void
}

; A diamond whose arms meet at one barrier: listed once.
; CHECK-LABEL: consumer barriers of @diamond
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.all in %join{{$}}
define ptx_kernel void @diamond(ptr %g, i1 %c) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  br i1 %c, label %left, label %right

left:
  br label %join

right:
  br label %join

join:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; The copy is in one arm; the barrier in the other arm is not on its paths.
; CHECK-LABEL: consumer barriers of @copy_in_one_arm
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.all in %join{{$}}
define ptx_kernel void @copy_in_one_arm(ptr %g, i1 %c) {
entry:
  br i1 %c, label %copy, label %elsewhere

copy:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  br label %join

elsewhere:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %join

join:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; A switch with three destinations, one of which has no barrier before the
; join: the join's barrier is the consumer on that path.
; CHECK-LABEL: consumer barriers of @switch
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.all in %b llvm.nvvm.barrier.cta.sync.aligned.all in %a llvm.nvvm.barrier.cta.sync.aligned.all in %join{{$}}
define ptx_kernel void @switch(ptr %g, i32 %k) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  switch i32 %k, label %join [
    i32 0, label %a
    i32 1, label %b
  ]

a:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void

b:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void

join:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
