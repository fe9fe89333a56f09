; The device half keeps each kernel exactly as written and adds the
; converted kernel as a second entry, the kernel's name followed by __ferry
; (here __ferry_trial: its one copy is a single-stage 4-byte one, which the
; rules alone leave as written, variant-trial.ll), with the same parameters; the static __shared__ array only the kernel
; uses is copied for the variant (its alignment may change there). A kernel
; nothing converts gets no variant. Both modules assemble.
;
; RUN: %opt -ferry-lone-copy=false -passes=ferry-dispatch-variants,ferry-pipeline,ferry-async-copy,ferry-dispatch-finish \
; RUN:   -pass-remarks=ferry -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.sm80.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm80.ptx
; RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 %t.ll -o %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x i32] poison, align 4

; CHECK: @sh = internal addrspace(3) global [256 x i32] poison, align 4
; CHECK: @sh__ferry = internal addrspace(3) global [256 x i32] poison, align 4

; __global__ void copy_int(const int *g, int *out) {
;   __shared__ int sh[256];
;   sh[255 - threadIdx.x] = g[threadIdx.x];
;   __syncthreads();
;   out[threadIdx.x] = sh[threadIdx.x];
; }
define ptx_kernel void @copy_int(ptr noundef readonly captures(none) %g, ptr noundef %out) #0 !dbg !5 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !8
  %idx = zext nneg i32 %tid to i64, !dbg !8
  %rev = sub nuw nsw i64 255, %idx, !dbg !8
  %src = getelementptr inbounds nuw i32, ptr %g, i64 %idx, !dbg !8
  %v = load i32, ptr %src, align 4, !dbg !8
  %dst = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %rev, !dbg !9
  store i32 %v, ptr %dst, align 4, !dbg !9
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !10
  %back = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %idx
  %w = load i32, ptr %back, align 4
  %to = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %w, ptr %to, align 4
  ret void, !dbg !11
}

; The original, as written.
; CHECK-LABEL: define ptx_kernel void @copy_int(
; CHECK-NOT:     cp.async
; CHECK:         %v = load i32, ptr %src, align 4
; CHECK:         store i32 %v, ptr %dst, align 4
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void

; Nothing to convert (the store is not a copy): no variant.
define ptx_kernel void @fill(ptr noundef %out) #0 {
entry:
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %to = getelementptr inbounds nuw i32, ptr %out, i64 %idx
  store i32 %tid, ptr %to, align 4
  ret void
}
; CHECK-LABEL: define ptx_kernel void @fill(
; CHECK-NOT:   @fill__ferry

; The variant: the same parameters, converted, on its own array.
; CHECK-LABEL: define ptx_kernel void @copy_int__ferry_trial(ptr noundef readonly captures(none) %g, ptr noundef %out) #{{[0-9]+}}
; CHECK-NOT:     load i32, ptr %src
; CHECK:         call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) {{%.*}}, ptr addrspace(1) {{%.*}})
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:         getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @sh__ferry to ptr), i64 %idx
; CHECK-NOT:   define
; CHECK-NOT:   ferry-variant
; CHECK-NOT:   @fill__ferry

; REMARK-DAG: remark: copy.cu:3:19: converted a 4-byte global-to-shared copy to cp.async.ca
; REMARK-DAG: remark: copy.cu:1:0: the kernel stays as written and its converted copy is the variant copy_int__ferry_trial: each launch through the kernel's launch stub
; REMARK-DAG: remark: <unknown>:0:0: no variant: ferry converted nothing in the kernel, whose launches run it as written

; PTX: .visible .entry copy_int(
; PTX-NOT: cp.async
; PTX: .visible .entry fill(
; PTX-NOT: cp.async
; PTX: .visible .entry copy_int__ferry_trial(
; PTX: cp.async.ca.shared.global

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
