; A 4-byte copy whose threads' elements are contiguous in threadIdx.x
; (sh[tid] = g[ctaid*ntid + tid]) in a kernel, over uniform base pointers,
; reached by every thread: the block's copies become 16-byte cp.async.cg
; chunks. Every thread computes the row's start (its own element minus
; 4*tid.x, for source and destination), checks uniformly that both row
; starts and the row's byte count ntid.x*4 are multiples of 16, and then
; either the first ntid.x*4/16 threads of row 0 (tid.y == 0, tid.z == 0)
; issue one chunk each at row + 16*tid.x, or (the check failed) every
; thread does the original copy, as an integer load and store. One commit +
; wait_group 0 goes before the barrier. The shared array, which the module
; defines, is raised to 16-byte alignment.
;
; A 4-byte element can also move by a per-thread cp.async, which the default
; -ferry-collective=auto keeps (option-modes.ll); -ferry-collective=always
; asks for the block-collective form wherever it applies.
;
; RUN: %opt -ferry-lone-copy=false -ferry-collective=always -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
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

; CHECK: @sh = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 16
@sh = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 4

; __global__ void copy_float(const float *g, float *out) {
;   __shared__ float sh[1024];
;   int tx = threadIdx.x, bx = blockIdx.x, nx = blockDim.x;
;   sh[tx] = g[bx * nx + tx];
;   __syncthreads();
;   out[tx] = sh[tx ^ 1];
; }
define dso_local ptx_kernel void @copy_float(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %block = mul nuw nsw i32 %ctaid, %ntid
  %i = add nuw nsw i32 %block, %tid
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw float, ptr %g, i64 %i.wide
  %v = load float, ptr %src, align 4, !tbaa !0
  %tid.wide = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tid.wide
  store float %v, ptr %dst, align 4, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tid, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %other.wide
  %w = load float, ptr %peer, align 4, !tbaa !0
  %o = getelementptr inbounds nuw float, ptr %out, i64 %tid.wide
  store float %w, ptr %o, align 4, !tbaa !0
  ret void
}

; CHECK-LABEL: define dso_local ptx_kernel void @copy_float(
; CHECK-NOT:     load float, ptr %src
; CHECK:         %dst = getelementptr inbounds nuw float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tid.wide
; CHECK-NEXT:    br label %[[HEAD:ferry.copy[0-9]*]]
; CHECK:       [[HEAD]]:
; CHECK-NEXT:    [[TIDX:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    [[TIDX64:%.*]] = zext i32 [[TIDX]] to i64
; CHECK-NEXT:    [[NTIDX:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:    [[NTIDX64:%.*]] = zext i32 [[NTIDX]] to i64
; CHECK-NEXT:    [[SCALED:%.*]] = mul i64 [[TIDX64]], 4
; CHECK-NEXT:    [[BACK:%.*]] = sub i64 0, [[SCALED]]
; CHECK-NEXT:    [[DST3:%.*]] = addrspacecast ptr %dst to ptr addrspace(3)
; CHECK-NEXT:    %ferry.row.dst = getelementptr i8, ptr addrspace(3) [[DST3]], i64 [[BACK]]
; CHECK-NEXT:    [[SRC1:%.*]] = addrspacecast ptr %src to ptr addrspace(1)
; CHECK-NEXT:    %ferry.row.src = getelementptr i8, ptr addrspace(1) [[SRC1]], i64 [[BACK]]
; CHECK-NEXT:    %ferry.row.bytes = mul i64 [[NTIDX64]], 4
; The destination rows are proved aligned (@sh, raised to 16, at offset
; 4*tid.x): the check tests the source row and the row's length alone.
; CHECK-NEXT:    [[SRCBITS:%.*]] = ptrtoint ptr addrspace(1) %ferry.row.src to i64
; CHECK-NEXT:    [[OR1:%.*]] = or i64 [[SRCBITS]], %ferry.row.bytes
; CHECK-NOT:     ptrtoint ptr addrspace(3) %ferry.row.dst
; CHECK-NEXT:    [[LOW:%.*]] = and i64 [[OR1]], 15
; CHECK-NEXT:    %ferry.aligned = icmp eq i64 [[LOW]], 0
; CHECK-NOT:     ferry.rows.apart
; CHECK-NEXT:    br i1 %ferry.aligned, label %[[CHUNKED:ferry.copy.chunked[0-9]*]], label %[[ORIGINAL:ferry.copy.original[0-9]*]]
; CHECK:       [[CHUNKED]]:
; CHECK-NEXT:    [[CHUNKS:%.*]] = lshr i64 %ferry.row.bytes, 4
; CHECK-NEXT:    [[INROW:%.*]] = icmp ult i64 [[TIDX64]], [[CHUNKS]]
; CHECK-NEXT:    [[TIDY:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; CHECK-NEXT:    [[TIDY64:%.*]] = zext i32 [[TIDY]] to i64
; CHECK-NEXT:    [[ROW0:%.*]] = icmp eq i64 [[TIDY64]], 0
; CHECK-NEXT:    [[AND1:%.*]] = and i1 [[INROW]], [[ROW0]]
; CHECK-NEXT:    [[TIDZ:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; CHECK-NEXT:    [[TIDZ64:%.*]] = zext i32 [[TIDZ]] to i64
; CHECK-NEXT:    [[PLANE0:%.*]] = icmp eq i64 [[TIDZ64]], 0
; CHECK-NEXT:    [[ISSUES:%.*]] = and i1 [[AND1]], [[PLANE0]]
; CHECK-NEXT:    br i1 [[ISSUES]], label %[[ISSUE:ferry.copy.issue[0-9]*]], label %[[JOIN:ferry.join[0-9]*]]
; CHECK:       [[ISSUE]]:
; CHECK-NEXT:    [[CHUNK:%.*]] = shl i64 [[TIDX64]], 4
; CHECK-NEXT:    [[TO:%.*]] = getelementptr i8, ptr addrspace(3) %ferry.row.dst, i64 [[CHUNK]]
; CHECK-NEXT:    [[FROM:%.*]] = getelementptr i8, ptr addrspace(1) %ferry.row.src, i64 [[CHUNK]]
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) [[TO]], ptr addrspace(1) [[FROM]])
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[ORIGINAL]]:
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr %src, align 4
; CHECK-NEXT:    store i32 [[V]], ptr %dst, align 4
; CHECK-NEXT:    br label %[[JOIN]]
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     cp.async
; CHECK:         ret void
; CHECK-NEXT:  }

; REMARK:      remark: <unknown>:0:0: converted the block's 4-byte global-to-shared copies to 16-byte cp.async.cg chunks over blockDim.x elements (the original copy stays as the fallback when a uniform alignment check fails); they complete before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry copy_float(
; PTX-NOT:     cp.async.ca
; PTX:         cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
; PTX:         cp.async.commit_group;
; PTX-NEXT:    cp.async.wait_group 0;
; PTX-NEXT:    bar.sync 0;
; PTX-NOT:     cp.async
; PTX:         ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
