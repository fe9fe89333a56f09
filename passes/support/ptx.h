/* Every asynchronous-copy PTX instruction ferry emits, one function each,
 * for every pass that emits it: ferry-lower (the explicit memcpy_async),
 * ferry-async-copy (per-thread, collective and bulk forms), ferry-pipeline
 * and ferry-prefetch. NVVM intrinsics where LLVM 22 has them; inline PTX
 * only where it does not: cp.async with .L2::cache_hint, fence.acq_rel.cta
 * (LLVM has the instruction only as an IR fence, whose ordering of plain
 * accesses the optimizer need not keep), and prefetch.global.L2 (selected
 * from sm_90 only). Every inline asm is volatile and clobbers memory, so the
 * optimizer neither drops nor reorders it.
 *
 * Nothing here calls the runtime library: -mlink-builtin-bitcode links only
 * the runtime functions a module already called before ferry-lower ran, so
 * a new call would stay undefined. Pointers may be in any address space; the
 * functions convert them to the instruction's (an addrspacecast, or nothing
 * where the pointer already is in it; the caller has proved the space). */
#ifndef FERRY_PASSES_PTX_H
#define FERRY_PASSES_PTX_H

#include <llvm-c/Core.h>

struct ferry_ptx {
  LLVMModuleRef module;
  LLVMBuilderRef builder;
};

/* isspacep.shared / isspacep.global of a pointer: an i1. */
LLVMValueRef ferry_ptx_is_shared(struct ferry_ptx *ptx, LLVMValueRef pointer);
LLVMValueRef ferry_ptx_is_global(struct ferry_ptx *ptx, LLVMValueRef pointer);

/* cp.async of `width` (4, 8 or 16) bytes, .cg for 16 and .ca below; with
 * .L2::cache_hint and the 64-bit policy when `policy` is not NULL. */
void ferry_ptx_cp_async(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                        unsigned width, LLVMValueRef policy);

/* cp.async of `width` bytes that reads only `source_bytes` (i32) of them
 * and fills the rest with zeros (the src-size operand). */
void ferry_ptx_cp_async_fill(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                             unsigned width, LLVMValueRef source_bytes);

/* cp.async of `width` bytes that reads its source where `reads` (an i1)
 * holds and fills all of them with zeros elsewhere, reading nothing (the
 * ignore-src predicate): the same as ferry_ptx_cp_async_fill with 0 or
 * `width` bytes, but what decides is the predicate the instruction takes,
 * which a src-size register would cost a select and a comparison a copy
 * to rebuild. Needs PTX ISA 7.5 (target.h:
 * ferry_target_has_cp_async_ignore_src). */
void ferry_ptx_cp_async_unless(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                               unsigned width, LLVMValueRef reads);

/* cp.async of `width` bytes issued only where `issues` (an i1) holds:
 * elsewhere nothing is issued, read or written (a guard predicate, any
 * PTX ISA with cp.async), so the destination keeps what it held. */
void ferry_ptx_cp_async_if(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                           unsigned width, LLVMValueRef issues);

/* cp.async.commit_group; cp.async.wait_group `pending` (an immediate);
 * cp.async.wait_all. */
void ferry_ptx_commit_group(struct ferry_ptx *ptx);
void ferry_ptx_wait_group(struct ferry_ptx *ptx, unsigned pending);
void ferry_ptx_wait_all(struct ferry_ptx *ptx);

/* cp.async.mbarrier.arrive.shared.b64: one more expected arrival on the
 * barrier's current phase, made when this thread's prior cp.async land. */
void ferry_ptx_cp_async_arrive(struct ferry_ptx *ptx, LLVMValueRef barrier);

/* fence.proxy.async.shared::cta: orders this thread's earlier generic-proxy
 * accesses of shared memory before later async-proxy (bulk copy) ones. */
void ferry_ptx_fence_proxy_async(struct ferry_ptx *ptx);

/* fence.acq_rel.cta. */
void ferry_ptx_fence_block(struct ferry_ptx *ptx);

/* prefetch.global.L2 [source]: inline PTX, since LLVM 22 selects its
 * intrinsic only from sm_90 on while the instruction exists from sm_20. */
void ferry_ptx_prefetch_l2(struct ferry_ptx *ptx, LLVMValueRef source);

/* mbarrier.init.shared.b64 [barrier], count (i32). */
void ferry_ptx_mbarrier_init(struct ferry_ptx *ptx, LLVMValueRef barrier, LLVMValueRef count);

/* mbarrier.expect_tx.relaxed.cta.shared.b64 [barrier], bytes (i32). */
void ferry_ptx_expect_tx(struct ferry_ptx *ptx, LLVMValueRef barrier, LLVMValueRef bytes);

/* mbarrier.arrive (release, CTA scope) on [barrier]: one arrival. */
void ferry_ptx_mbarrier_arrive(struct ferry_ptx *ptx, LLVMValueRef barrier);

/* mbarrier.try_wait.parity (acquire, CTA scope) on [barrier], parity
 * (i32): an i1, true once the phase of that parity has completed. */
LLVMValueRef ferry_ptx_mbarrier_try_wait_parity(struct ferry_ptx *ptx, LLVMValueRef barrier,
                                                LLVMValueRef parity);

/* cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
 * [destination], [source], bytes (i32), [barrier] (with .L2::cache_hint
 * when `policy` is not NULL). The destination is this CTA's own shared
 * memory, named in the cluster's window. */
void ferry_ptx_bulk_copy(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                         LLVMValueRef bytes, LLVMValueRef barrier, LLVMValueRef policy);

/* barrier.cta.sync.aligned.all 0 (bar.sync 0), ferry's own block barrier. */
void ferry_ptx_block_barrier(struct ferry_ptx *ptx);

/* The thread's linear index in its block, and the block's thread count
 * (i64), from %tid and %ntid. */
LLVMValueRef ferry_ptx_block_rank(struct ferry_ptx *ptx);
LLVMValueRef ferry_ptx_block_size(struct ferry_ptx *ptx);

/* The blocks of the launch a multiprocessor holds (i64): the grid's blocks
 * (%nctaid, in 64 bits) over %nsmid, rounded up, at most FERRY_SM_THREADS
 * over `threads` (the block's, i64), at least 1. Registers or shared
 * memory may hold fewer; %nsmid may exceed the multiprocessors where their
 * identifiers are not contiguous, and then this is low by the rounding. */
LLVMValueRef ferry_ptx_blocks_per_sm(struct ferry_ptx *ptx, LLVMValueRef threads);

#endif
