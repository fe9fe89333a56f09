; A per-thread copy of 4, 8 or 16 bytes whose alignment to its size is not
; proved is versioned on this thread's run-time test of the sides not
; proved: cp.async where the low bits are zero, the copy as written (moved
; into the fallback block) where they are not; the commit and wait before
; the barrier run on both paths (an empty group where nothing was issued).
; The test is of the address's base where every other term of its offset
; is a multiple of the size: a kernel parameter or a global is tested once,
; at the entry, for every copy from it (the tensor-core GEMMs' 512 int4
; copies: one test); another base is tested at the copy.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy,verify -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [256 x <4 x i32>] undef, align 16
@dynamic = external addrspace(3) global [0 x [80 x half]], align 2
@dynamic_words = external addrspace(3) global [0 x i32], align 2

; *(int4 *)&tile[255 - t] = *(const int4 *)&a[8 * t], a a `const half *`:
; clang marks the load with half's alignment. Only the source is tested,
; through the parameter's low bits, at the entry.
define ptx_kernel void @int4_from_half(ptr noundef readonly captures(none) %a) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %e = shl nuw nsw i64 %idx, 3
  %src = getelementptr inbounds nuw half, ptr %a, i64 %e
  %v = load <4 x i32>, ptr %src, align 2
  %dst = getelementptr inbounds nuw <4 x i32>, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %rev
  store <4 x i32> %v, ptr %dst, align 16
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @int4_from_half(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %[[BITS:[0-9]+]] = ptrtoint ptr %a to i64
; CHECK-NEXT:    %[[LOW:[0-9]+]] = and i64 %[[BITS]], 15
; CHECK-NEXT:    %[[TEST:ferry.aligned[0-9]*]] = icmp eq i64 %[[LOW]], 0
; CHECK:         br i1 %[[TEST]], label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}})
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load <4 x i32>, ptr %src, align 2
; CHECK-NEXT:    store <4 x i32> %v, ptr %dst, align 16
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.join:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; The tensor-core GEMMs' shape: int4 memcpys from an int4 pointer (clang
; marks it 16) into rows of an extern __shared__ half array (marked 2;
; its storage is the launch's), two copies 80 halves (160 bytes) apart.
; Only the destination is tested, through the extern array's low bits,
; once at the entry for both copies.
define ptx_kernel void @int4_into_extern(ptr noundef readonly captures(none) %a) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %row = lshr i32 %tid, 3
  %lane = and i32 %tid, 7
  %row.64 = zext nneg i32 %row to i64
  %lane.64 = zext nneg i32 %lane to i64
  %g = getelementptr inbounds nuw <4 x i32>, ptr %a, i64 %lane.64
  %line = getelementptr inbounds nuw [80 x half], ptr addrspacecast (ptr addrspace(3) @dynamic to ptr), i64 %row.64
  %d0 = getelementptr inbounds nuw <4 x i32>, ptr %line, i64 %lane.64
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 2 dereferenceable(16) %d0, ptr noundef nonnull align 16 dereferenceable(16) %g, i64 16, i1 false)
  %g1 = getelementptr inbounds nuw i8, ptr %g, i64 8192
  %d1 = getelementptr inbounds nuw i8, ptr %d0, i64 5120
  tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 2 dereferenceable(16) %d1, ptr noundef nonnull align 16 dereferenceable(16) %g1, i64 16, i1 false)
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @int4_into_extern(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %[[LOW:[0-9]+]] = and i64 ptrtoint (ptr addrspace(3) @dynamic to i64), 15
; CHECK-NEXT:    %[[TEST:ferry.aligned[0-9]*]] = icmp eq i64 %[[LOW]], 0
; CHECK-NOT:     ptrtoint
; CHECK:         br i1 %[[TEST]], label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK-NEXT:    addrspacecast ptr %d0 to ptr addrspace(3)
; CHECK-NEXT:    addrspacecast ptr %g to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:       ferry.plain:
; CHECK-NEXT:    tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 2 dereferenceable(16) %d0, ptr noundef nonnull align 16 dereferenceable(16) %g, i64 16, i1 false)
; CHECK-NOT:     ptrtoint
; CHECK:         br i1 %[[TEST]], label %ferry.global{{[0-9]+}}, label %ferry.plain{{[0-9]+}}
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:         tail call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 2 dereferenceable(16) %d1, ptr noundef nonnull align 16 dereferenceable(16) %g1, i64 16, i1 false)
; CHECK:         call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

; An 8-byte copy from a pointer loaded from memory at an odd word offset
; (its base an instruction, and 4 * t + 4 not a multiple of 8): each
; thread tests its own source at the copy; the destination is proved.
define ptx_kernel void @double_from_loaded_pointer(ptr noundef readonly captures(none) %table) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %base = load ptr addrspace(1), ptr %table, align 8
  %w = shl nuw nsw i64 %idx, 2
  %w1 = add nuw nsw i64 %w, 4
  %src = getelementptr inbounds nuw i8, ptr addrspace(1) %base, i64 %w1
  %v = load i64, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds nuw i64, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 %rev
  store i64 %v, ptr %dst, align 8
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @double_from_loaded_pointer(
; CHECK-NOT:     ferry.aligned
; CHECK:         %dst = getelementptr
; CHECK-NEXT:    %[[BITS:[0-9]+]] = ptrtoint ptr addrspace(1) %src to i64
; CHECK-NEXT:    %[[LOW:[0-9]+]] = and i64 %[[BITS]], 7
; CHECK-NEXT:    %[[TEST:ferry.aligned[0-9]*]] = icmp eq i64 %[[LOW]], 0
; CHECK-NEXT:    br i1 %[[TEST]], label %ferry.global, label %ferry.plain
; CHECK:       ferry.global:
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.8(
; CHECK:       ferry.plain:
; CHECK-NEXT:    %v = load i64, ptr addrspace(1) %src, align 4
; CHECK-NEXT:    store i64 %v, ptr %dst, align 8

; A 4-byte copy aligned to 2 on both sides (words of an int array marked 2,
; into an extern __shared__ array declared with 2; the block-collective
; form does not apply: the elements are reversed): both tested, at the
; entry, and both must hold.
define ptx_kernel void @word_both_sides(ptr noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx
  %v = load i32, ptr %src, align 2
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @dynamic_words to ptr), i64 %rev
  store i32 %v, ptr %dst, align 2
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @word_both_sides(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %[[DLOW:[0-9]+]] = and i64 ptrtoint (ptr addrspace(3) @dynamic_words to i64), 3
; CHECK-NEXT:    %[[DESTINATION:ferry.aligned[0-9]*]] = icmp eq i64 %[[DLOW]], 0
; CHECK-NEXT:    %[[BITS:[0-9]+]] = ptrtoint ptr %g to i64
; CHECK-NEXT:    %[[LOW:[0-9]+]] = and i64 %[[BITS]], 3
; CHECK-NEXT:    %[[SOURCE:ferry.aligned[0-9]*]] = icmp eq i64 %[[LOW]], 0
; CHECK:         %[[BOTH:ferry.aligned[0-9]*]] = and i1 %[[SOURCE]], %[[DESTINATION]]
; CHECK-NEXT:    br i1 %[[BOTH]], label %ferry.global, label %ferry.plain
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(

; REMARK:      remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier; versioned on this thread's run-time test that its source address is 16-byte aligned, which the compile proves only to 2 bytes (where it is not, the copy runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier; versioned on this thread's run-time test that its destination address is 16-byte aligned, which the compile proves only to 2 bytes (where it is not, the copy runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: converted a 16-byte global-to-shared copy to cp.async.cg; it completes before the next barrier; versioned on this thread's run-time test that its destination address is 16-byte aligned, which the compile proves only to 2 bytes (where it is not, the copy runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: per-thread cp.async versioned on a run-time alignment test: the block-collective form does not apply: a base pointer differs between threads
; REMARK-NEXT: remark: <unknown>:0:0: converted an 8-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on this thread's run-time test that its source address is 8-byte aligned, which the compile proves only to 4 bytes (where it is not, the copy runs as written)
; REMARK-NEXT: remark: <unknown>:0:0: per-thread cp.async versioned on a run-time alignment test: the block-collective form does not apply: {{.+}}
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier; versioned on this thread's run-time test that its source and destination addresses are 4-byte aligned, which the compile proves only to 2 bytes (where they are not, the copy runs as written)
; REMARK-NOT:  remark:

; One test at the entry of @int4_into_extern for its two copies; each copy
; branches on it, cp.async.cg on one side, the copy as written on the other.
; PTX-LABEL: .entry int4_from_half(
; PTX:         and.b64 {{.+}}, 15;
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-LABEL: .entry int4_into_extern(
; PTX:         and.b64 {{.+}}, 15;
; PTX-NOT:     and.b64 {{.+}}, 15;
; PTX:         cp.async.cg.shared.global
; PTX-NOT:     and.b64 {{.+}}, 15;
; PTX:         cp.async.cg.shared.global
; PTX-NOT:     and.b64 {{.+}}, 15;
; PTX:         bar.sync 0;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg)

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
