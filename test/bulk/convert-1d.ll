; sm_90a, a 1-D range of 1-byte elements (blockDim.x unknown): the block's
; copies become one cp.async.bulk of the row, issued by thread (0,0,0),
; when a uniform check finds the row, the source and the destination
; 16-byte aligned (else the original copy) and the row at least 128 bytes
; long (else 16-byte cp.async.cg chunks, waited by a cp.async group). The
; kernel's entry initialises the pass's mbarrier (thread 0, ntid.y
; arrivals, a proxy fence), then bar.sync 0; before the consumer barrier
; the first thread of each row arrives and every thread waits for phase
; parity 0.
;
; RUN: %opt -ferry-lone-copy=false -ferry-bulk=auto -passes=ferry-async-copy -pass-remarks=ferry -pass-remarks-missed=ferry \
; RUN:   -pass-remarks-analysis=ferry -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a %t.ll -o %t.sm90a.ptx
; RUN: FileCheck --check-prefix=PTX %s < %t.sm90a.ptx
; RUN: %ptxas -arch=sm_90a %t.sm90a.ptx -o /dev/null

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 1

; __global__ void copy_char(const char *g, char *out) {
;   __shared__ char sh[1024];
;   int tx = threadIdx.x, bx = blockIdx.x, nx = blockDim.x;
;   sh[tx] = g[bx * nx + tx];
;   __syncthreads();
;   out[tx] = sh[tx ^ 1];
; }
define dso_local ptx_kernel void @copy_char(ptr noundef readonly captures(none) %g, ptr noundef writeonly captures(none) %out) local_unnamed_addr #0 {
entry:
  %tid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %block = mul nuw nsw i32 %ctaid, %ntid
  %i = add nuw nsw i32 %block, %tid
  %i.wide = zext nneg i32 %i to i64
  %src = getelementptr inbounds nuw i8, ptr %g, i64 %i.wide
  %v = load i8, ptr %src, align 1, !tbaa !0
  %tid.wide = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %tid.wide
  store i8 %v, ptr %dst, align 1, !tbaa !0
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %other = xor i32 %tid, 1
  %other.wide = zext nneg i32 %other to i64
  %peer = getelementptr inbounds nuw i8, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i64 %other.wide
  %w = load i8, ptr %peer, align 1, !tbaa !0
  %o = getelementptr inbounds nuw i8, ptr %out, i64 %tid.wide
  store i8 %w, ptr %o, align 1, !tbaa !0
  ret void
}

; CHECK:       @sh = internal unnamed_addr addrspace(3) global [1024 x i8] undef, align 16
; CHECK:       @ferry.mbarrier = internal addrspace(3) global i64 undef, align 8
; CHECK-LABEL: define dso_local ptx_kernel void @copy_char(
; CHECK-NEXT:  entry:
; CHECK:         %ferry.thread0 = and i1
; CHECK-NEXT:    br i1 %ferry.thread0, label %ferry.bulk.init, label %ferry.bulk.ready
; CHECK:       ferry.bulk.init:
; CHECK-NEXT:    [[NTIDY:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; CHECK-NEXT:    call void @llvm.nvvm.mbarrier.init.shared(ptr addrspace(3) @ferry.mbarrier, i32 [[NTIDY]])
; CHECK-NEXT:    call void @llvm.nvvm.fence.proxy.async.shared_cta()
; CHECK-NEXT:    br label %ferry.bulk.ready
; CHECK:       ferry.bulk.ready:
; CHECK-NEXT:    call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     load i8, ptr %src
; CHECK:         %ferry.row.bytes = mul i64 {{%.*}}, 1
; CHECK:         %ferry.aligned = icmp eq i64 {{%.*}}, 0
; CHECK-NEXT:    br i1 %ferry.aligned, label %ferry.copy.size, label %ferry.copy.original
; CHECK:       ferry.copy.size:
; CHECK-NEXT:    %ferry.row.large = icmp uge i64 %ferry.row.bytes, 128
; CHECK-NEXT:    br i1 %ferry.row.large, label %ferry.copy.bulk, label %ferry.copy.chunked
; CHECK:       ferry.copy.bulk:
; CHECK:         call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; CHECK:         call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
; CHECK:         br i1 {{%.*}}, label %ferry.bulk.issue, label %ferry.join
; CHECK:       ferry.copy.chunked:
; CHECK:         call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:       ferry.copy.original:
; CHECK-NEXT:    [[V:%.*]] = load i8, ptr %src, align 1
; CHECK-NEXT:    store i8 [[V]], ptr %dst, align 1
; CHECK:       ferry.bulk.issue:
; CHECK-NEXT:    call void @llvm.nvvm.fence.proxy.async.shared_cta()
; CHECK-NEXT:    %ferry.bulk.bytes = trunc i64 %ferry.row.bytes to i32
; CHECK-NEXT:    call void @llvm.nvvm.mbarrier.expect.tx.scope.cta.space.cta(ptr addrspace(3) @ferry.mbarrier, i32 %ferry.bulk.bytes)
; CHECK-NEXT:    [[TO:%.*]] = addrspacecast ptr addrspace(3) %ferry.row.dst to ptr addrspace(7)
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.bulk.global.to.shared.cluster(ptr addrspace(7) [[TO]], ptr addrspace(3) @ferry.mbarrier, ptr addrspace(1) %ferry.row.src, i32 %ferry.bulk.bytes, i16 0, i64 0, i1 false, i1 false)
; CHECK-NEXT:    br label %ferry.join
; CHECK:       ferry.join:
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT:    call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK:         %ferry.row.leader = and i1
; CHECK:         br i1 %ferry.row.leader, label %ferry.bulk.arrive, label %ferry.bulk.wait
; CHECK:       ferry.bulk.arrive:
; CHECK-NEXT:    call i64 @llvm.nvvm.mbarrier.arrive.scope.cta.space.cta(ptr addrspace(3) @ferry.mbarrier, i32 1)
; CHECK-NEXT:    br label %ferry.bulk.wait
; CHECK:       ferry.bulk.wait:
; CHECK-NEXT:    [[DONE:%.*]] = call i1 @llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta(ptr addrspace(3) @ferry.mbarrier, i32 0)
; CHECK-NEXT:    br i1 [[DONE]], label %ferry.bulk.waited, label %ferry.bulk.wait
; CHECK:       ferry.bulk.waited:
; CHECK-NEXT:    tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:     mbarrier
; CHECK:         ret void

; REMARK:      remark: <unknown>:0:0: converted the block's 1-byte global-to-shared copies over blockDim.x elements to a cp.async.bulk of blockDim.x*1 bytes completed on an mbarrier when that is at least 128 bytes, else to 16-byte cp.async.cg chunks (the original copy stays as the fallback when a uniform alignment check fails); they complete before the next barrier
; REMARK-NOT:  remark:

; PTX-LABEL: .entry copy_char(
; PTX:         mbarrier.init.shared.b64 [ferry_$_mbarrier], {{%r[0-9]+}};
; PTX-NEXT:    fence.proxy.async.shared::cta;
; PTX:         bar.sync 0;
; PTX-DAG:     mbarrier.expect_tx.relaxed.cta.shared.b64 [ferry_$_mbarrier], {{%r[0-9]+}};
; PTX-DAG:     cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [{{%rd[0-9]+}}], [{{%rd[0-9]+}}], {{%r[0-9]+}}, [ferry_$_mbarrier];
; PTX-DAG:     mbarrier.arrive.shared.b64
; PTX-DAG:     mbarrier.try_wait.parity.shared.b64 {{%p[0-9]+}}, [ferry_$_mbarrier], {{%r[0-9]+|0}};

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress noinline norecurse nounwind "target-cpu"="sm_90a" "target-features"="+ptx80,+sm_90a" "uniform-work-group-size"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"omnipotent char", !2, i64 0}
!2 = !{!"Simple C++ TBAA"}
