; A path from the copy that returns without a barrier refuses it; a path
; that ends in unreachable never completes and needs no wait; when every
; path ends so, no barrier follows at all.
;
; RUN: %opt -passes=ferry-print-consumer-barriers -disable-output %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

; CHECK-LABEL: consumer barriers of @returns
; CHECK-NEXT:    copy to %dst: not converted: a path from the copy returns without reaching a barrier{{$}}
define ptx_kernel void @returns(ptr %g) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  ret void
}

; CHECK-LABEL: consumer barriers of @returns_on_one_path
; CHECK-NEXT:    copy to %dst: not converted: a path from the copy returns without reaching a barrier{{$}}
define ptx_kernel void @returns_on_one_path(ptr %g, i1 %c) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  br i1 %c, label %sync, label %exit

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %exit

exit:
  ret void
}

; CHECK-LABEL: consumer barriers of @unreachable_on_one_path
; CHECK-NEXT:    copy to %dst: llvm.nvvm.barrier.cta.sync.aligned.all in %sync{{$}}
define ptx_kernel void @unreachable_on_one_path(ptr %g, i1 %c) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  br i1 %c, label %sync, label %impossible

impossible:
  unreachable

sync:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: consumer barriers of @only_unreachable
; CHECK-NEXT:    copy to %dst: not converted: no barrier follows the copy{{$}}
define ptx_kernel void @only_unreachable(ptr %g) {
entry:
  %v = load i32, ptr %g, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 1
  store i32 %v, ptr %dst, align 4
  unreachable
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
