; A copy whose loaded value has other uses (issue 13, shape 5):
; v = g[i]; s[t] = v; __syncthreads(); ... use(v). The copy becomes a
; cp.async and each other use reads v back from s[t] just before it (a load
; of the copy's destination, no second global load): the uses come after
; the copy's one __syncthreads(), with no other barrier between, and from
; that barrier to the next no code writes the destination's array, so no
; thread can change s[t] before it is read. Also: uses in a later block,
; two uses, 16-byte elements.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; The passes in clang's order: ferry-pipeline and ferry-prefetch leave a
; value read back's copies to ferry-async-copy (not in a ring, no prefetch).
; RUN: %opt -ferry-lone-copy=false -passes=ferry-pipeline,ferry-prefetch,ferry-async-copy,verify -pass-remarks=ferry \
; RUN:   -pass-remarks-missed=ferry -S %s -o %t.all.ll 2>%t.all.remarks
; RUN: FileCheck %s < %t.all.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.all.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@sh2 = internal addrspace(3) global [256 x i32] poison, align 4
@sh4 = internal addrspace(3) global [256 x <4 x i32>] poison, align 16

; sh[t] = v = g[t]; __syncthreads(); out[t] = 2 * v;
define ptx_kernel void @also_computed(ptr noalias noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %twice = shl i32 %v, 1
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %twice, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @also_computed(
; CHECK-NOT:     load i32, ptr %src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    %ferry.read.back = load i32, ptr %dst, align 4
; CHECK-NEXT:    %twice = shl i32 %ferry.read.back, 1

; Two uses, one in a later block: each reads back before itself.
define ptx_kernel void @later_block(ptr noalias noundef readonly captures(none) %g, ptr noalias noundef writeonly captures(none) %out, i1 %c) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  store i32 %v, ptr %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %mirror = sub nuw nsw i64 255, %idx
  %at = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %mirror
  %w = load i32, ptr %at, align 4
  %sum = add i32 %w, %v
  br i1 %c, label %then, label %done

then:
  %x = xor i32 %sum, %v
  br label %done

done:
  %r = phi i32 [ %x, %then ], [ %sum, %entry ]
  %o = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %r, ptr %o, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @later_block(
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         %ferry.read.back{{[0-9]*}} = load i32, ptr %dst, align 4
; CHECK-NEXT:    %sum = add i32 %w, %ferry.read.back{{[0-9]*}}
; CHECK:       then:
; CHECK-NEXT:    %ferry.read.back{{[0-9]*}} = load i32, ptr %dst, align 4
; CHECK-NEXT:    %x = xor i32 %sum, %ferry.read.back{{[0-9]*}}

; 16 bytes: sh4[t] = v = g[t]; __syncthreads(); out[t] = v + sh4[255 - t];
define ptx_kernel void @sixteen_bytes(ptr noalias noundef readonly align 16 captures(none) %g, ptr noalias noundef writeonly align 16 captures(none) %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %src = getelementptr inbounds nuw <4 x i32>, ptr %g, i64 %idx
  %v = load <4 x i32>, ptr %src, align 16
  %dst = getelementptr inbounds nuw <4 x i32>, ptr addrspacecast (ptr addrspace(3) @sh4 to ptr), i64 %idx
  store <4 x i32> %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %mirror = sub nuw nsw i64 255, %idx
  %at = getelementptr inbounds nuw <4 x i32>, ptr addrspacecast (ptr addrspace(3) @sh4 to ptr), i64 %mirror
  %w = load <4 x i32>, ptr %at, align 16
  %sum = add <4 x i32> %w, %v
  %o = getelementptr inbounds nuw <4 x i32>, ptr %out, i64 %idx
  store <4 x i32> %sum, ptr %o, align 16
  ret void
}

; CHECK-LABEL: define ptx_kernel void @sixteen_bytes(
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:         tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         %ferry.read.back = load <4 x i32>, ptr %dst, align 16
; CHECK-NEXT:    %sum = add <4 x i32> %w, %ferry.read.back

; REMARK:      remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; the loaded value's other uses read it back from shared memory after the barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; the loaded value's other uses read it back from shared memory after the barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier; the loaded value's other uses read it back from shared memory after the barrier
; REMARK-NOT:  remark:

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
