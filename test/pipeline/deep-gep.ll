; A compute read reaches the tile through a GEP of 18 indices (a 17-level
; array, each level but the last of one element). The ring's rewrite
; rebuilds every access from its slot with all of its indices: it used to
; keep the first 16 only, and so read element 0 of the slot for every
; thread. The loop is pipelined and the read keeps its thread's element.
;
; RUN: %opt -passes=ferry-pipeline,ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [256 x i32]]]]]]]]]]]]]]]]] undef, align 4

define dso_local ptx_kernel void @stream(ptr noalias noundef readonly captures(none) %in, ptr noalias noundef writeonly captures(none) %out, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %t = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %preheader, label %exit

preheader:
  %t.wide = zext nneg i32 %t to i64
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %t.wide
  %deep = getelementptr inbounds [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [1 x [256 x i32]]]]]]]]]]]]]]]]], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 %t.wide
  br label %loop

loop:
  %b = phi i32 [ 0, %preheader ], [ %b.next, %loop ]
  %first = mul nsw i32 %b, 256
  %i = add nuw nsw i32 %first, %t
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i32, ptr %in, i64 %i.wide
  %v = load i32, ptr %src, align 4
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %own = load i32, ptr %deep, align 4
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %i.wide
  store i32 %own, ptr %o, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %b.next = add nuw nsw i32 %b, 1
  %done = icmp eq i32 %b.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" }

; CHECK-LABEL: define dso_local ptx_kernel void @stream(
; CHECK:         %ferry.slot = getelementptr
; CHECK:         [[SLOT:%[0-9]+]] = addrspacecast ptr addrspace(3) %ferry.slot to ptr
; CHECK-NEXT:    [[ELEMENT:%[0-9]+]] = getelementptr {{.*}}, ptr [[SLOT]], i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 %t.wide
; CHECK-NEXT:    %own = load i32, ptr [[ELEMENT]], align 4

; REMARK: remark: {{.*}}pipelined its loop over 16 stages
