; The host half of a CUDA compile (an x86_64 module) passes through
; untouched, even when it holds the very shape of a device copy: the output
; is byte-identical to opt's without the pass, and no remark is emitted.
; The same holds for an NVPTX module that is not CUDA (nvptx64-nvidia-nvcl).
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ferry.ll 2>%t.remarks
; RUN: %opt -S %s -o %t.plain.ll
; RUN: diff %t.ferry.ll %t.plain.ll
; RUN: count 0 < %t.remarks
; RUN: FileCheck %s < %t.ferry.ll
;
; RUN: sed 's/^target triple = .*/target triple = "nvptx64-nvidia-nvcl"/' %s > %t.nvcl.ll
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %t.nvcl.ll -o %t.nvcl.ferry.ll 2>%t.nvcl.remarks
; RUN: %opt -S %t.nvcl.ll -o %t.nvcl.plain.ll
; RUN: diff %t.nvcl.ferry.ll %t.nvcl.plain.ll
; RUN: count 0 < %t.nvcl.remarks
;
; And with the triple made CUDA, the same module is converted: the copy is a
; real candidate.
; RUN: sed 's/^target triple = .*/target triple = "nvptx64-nvidia-cuda"/' %s > %t.cuda.ll
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -S %t.cuda.ll -o - | FileCheck --check-prefix=CUDA %s

target triple = "x86_64-unknown-linux-gnu"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

define ptx_kernel void @k(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK-NEXT:    %dst = getelementptr
; CHECK-NEXT:    store i32 %v, ptr %dst, align 4
; CHECK-NOT:     cp.async

; CUDA-LABEL: define ptx_kernel void @k(
; CUDA:         call void @llvm.nvvm.cp.async.ca.shared.global.4(

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
