; -ferry-stages takes 0 (choose), 1 (off), 2, 4, 8 or 16, the counts
; annotate("ferry:stages=N") takes (test/pipeline/stages-per-kernel-invalid.cu).
; Any other value is an error, as the annotation's is: a count that is not a
; power of two (3), more than 16 (32), or not a number is refused when the
; option is parsed, before anything is compiled, with one line saying which
; counts work, through opt and through clang -mllvm alike.
;
; RUN: not %opt -ferry-stages=3 -passes=ferry-pipeline,ferry-async-copy -S %s -o %t.3.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=S3 %s
; S3: opt: for the --ferry-stages option: the stages must be 0 (ferry chooses), 1 (no pipelining), 2, 4, 8 or 16, not '3'
; RUN: not %opt -ferry-stages=32 -passes=ferry-pipeline,ferry-async-copy -S %s -o %t.32.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=S32 %s
; S32: opt: for the --ferry-stages option: the stages must be 0 (ferry chooses), 1 (no pipelining), 2, 4, 8 or 16, not '32'
; RUN: not %opt -ferry-stages=four -passes=ferry-pipeline -S %s -o %t.x.ll 2>&1 | FileCheck --check-prefix=WORD %s
; WORD: not 'four'
; RUN: not ls %t.3.ll %t.32.ll %t.x.ll
; RUN: not %clang -x cuda --cuda-path=%cuda_path -Wno-unknown-cuda-version --cuda-gpu-arch=sm_80 -O3 \
; RUN:   --cuda-device-only -S -fpass-plugin=%plugin -mllvm -ferry-stages=3 %ferry_src/test/ferry-cc/Inputs/kernel.cu -o %t.ptx 2>&1 \
; RUN:   | FileCheck --check-prefix=CLANG %s
; CLANG: clang (LLVM option parsing): for the --ferry-stages option: the stages must be 0 (ferry chooses), 1 (no pipelining), 2, 4, 8 or 16, not '3'
; CLANG-NOT: PLEASE
;
; A valid count pipelines the same loop (the module above is one it can).
; RUN: %opt -ferry-stages=4 -passes=ferry-pipeline,ferry-async-copy -S %s | FileCheck --check-prefix=S4 %s
; S4: ferry.ring

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [256 x i32] undef, align 4

; __global__ void stream(const int *__restrict__ in, int *__restrict__ out, int n) {
;   __shared__ int tile[256];
;   int t = threadIdx.x, acc = 0;
;   for (int b = 0; b < n; b++) {
;     tile[t] = in[b * 256 + t];
;     __syncthreads();
;     acc += tile[t] * 3 + tile[t ^ 1];
;     __syncthreads();
;   }
;   out[blockIdx.x * 256 + t] = acc;
; }
define dso_local ptx_kernel void @stream(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %t1 = xor i32 %t, 1
  %t1.wide = zext nneg i32 %t1 to i64
  %neighbour = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t1.wide
  br label %loop

loop:
  %b = phi i32 [ 0, %preheader ], [ %b.next, %loop ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %loop ]
  %first = mul nsw i32 %b, 256
  %i = add nuw nsw i32 %first, %t
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4, !tbaa !0
  store i32 %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %dst, align 4, !tbaa !0
  %own3 = mul nsw i32 %own, 3
  %next = load i32, ptr %neighbour, align 4, !tbaa !0
  %sum = add i32 %next, %acc
  %acc.next = add i32 %sum, %own3
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw nsw i32 %b, 1
  %done = icmp eq i32 %b.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4

exit:
  %result = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %o.first = mul i32 %ctaid, 256
  %o.i = add i32 %o.first, %t
  %o.i.wide = zext i32 %o.i to i64
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %o.i.wide
  store i32 %result, ptr %o, align 4, !tbaa !0
  ret void
}







declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
