; A 4-byte copy from global to shared memory followed by __syncthreads()
; becomes cp.async.ca.shared.global.4, with one commit_group + wait_group 0
; right before the barrier. The remark carries the store's source location.
;
; The copies write sh[255 - i]: the threads' elements are not contiguous in
; threadIdx.x, so the block-collective form does not apply and the per-thread
; form is the one under test.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -S %s -o %t.ll 2>%t.remarks
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

@sh = internal addrspace(3) global [256 x i32] poison, align 4
@shf = internal addrspace(3) global [256 x float] poison, align 4

; __global__ void copy_int(const int *g) {
;   __shared__ int sh[256];
;   sh[threadIdx.x] = g[threadIdx.x];
;   __syncthreads();
;   ...
; }
define ptx_kernel void @copy_int(ptr noundef readonly captures(none) %g) #0 !dbg !5 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !8
  %idx = zext nneg i32 %tid to i64, !dbg !8
  %rev = sub nuw nsw i64 255, %idx, !dbg !8
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx, !dbg !8
  %v = load i32, ptr %src, align 4, !dbg !8
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev, !dbg !9
  store i32 %v, ptr %dst, align 4, !dbg !9
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !10
  ret void, !dbg !11
}

; CHECK-LABEL: define ptx_kernel void @copy_int(
; CHECK-NOT:     load i32
; CHECK:         %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev
; CHECK-NEXT:    [[DST:%.*]] = addrspacecast ptr %dst to ptr addrspace(3), !dbg [[STORE_LOC:![0-9]+]]
; CHECK-NEXT:    [[SRC:%.*]] = addrspacecast ptr %src to ptr addrspace(1), !dbg [[STORE_LOC]]
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) [[DST]], ptr addrspace(1) [[SRC]]), !dbg [[STORE_LOC]]
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group(), !dbg [[BARRIER_LOC:![0-9]+]]
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0), !dbg [[BARRIER_LOC]]
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg [[BARRIER_LOC]]
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }

; Pointers already typed global and shared: no casts are needed.
define ptx_kernel void @copy_float_typed(ptr addrspace(1) noundef readonly captures(none) %g) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %rev = sub nuw nsw i64 255, %idx
  %src = getelementptr inbounds nuw float, ptr addrspace(1) %g, i64 %idx
  %v = load float, ptr addrspace(1) %src, align 4
  %dst = getelementptr inbounds nuw float, ptr addrspace(3) @shf, i64 %rev
  store float %v, ptr addrspace(3) %dst, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define ptx_kernel void @copy_float_typed(
; CHECK-NOT:     load float
; CHECK-NOT:     addrspacecast
; CHECK:         %dst = getelementptr inbounds nuw float, ptr addrspace(3) @shf, i64 %rev
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %dst, ptr addrspace(1) %src)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT:    ret void

; CHECK: [[STORE_LOC]] = !DILocation(line: 3, column: 19,
; CHECK: [[BARRIER_LOC]] = !DILocation(line: 4, column: 3,

; REMARK:     remark: copy.cu:3:19: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NEXT: remark: <unknown>:0:0: converted a 4-byte global-to-shared copy to cp.async.ca; it completes before the next barrier
; REMARK-NOT: remark:

; copy_int carries .loc lines between the instructions.
; PTX-LABEL: .entry copy_int(
; PTX-NOT:     ld.global
; PTX-NOT:     st.shared
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    .loc 1 4 3
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX:         ret;
; PTX-LABEL: .entry copy_float_typed(
; PTX-NOT:     ld.global
; PTX-NOT:     st.shared
; PTX:         cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
; PTX-NEXT:    cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-NEXT:    ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly)
!1 = !DIFile(filename: "copy.cu", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 2}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "copy_int", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 3, column: 21, scope: !5)
!9 = !DILocation(line: 3, column: 19, scope: !5)
!10 = !DILocation(line: 4, column: 3, scope: !5)
!11 = !DILocation(line: 5, column: 1, scope: !5)
