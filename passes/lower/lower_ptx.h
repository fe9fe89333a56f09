/* The PTX instructions ferry-lower emits, one function each: NVVM
 * intrinsics where LLVM 22 has them, inline PTX where it does not (the
 * L2::cache_hint form of cp.async, the sm_90 bulk copy, expect_tx and the
 * proxy fence). Nothing here calls the runtime library: -mlink-builtin-
 * bitcode links only the runtime functions a module already called before
 * ferry-lower ran, so a new call would stay undefined. Pointers are generic
 * (address space 0); the functions convert them to the instruction's space. */
#ifndef FERRY_PASSES_LOWER_PTX_H
#define FERRY_PASSES_LOWER_PTX_H

#include <llvm-c/Core.h>

struct ferry_ptx {
  LLVMModuleRef module;
  LLVMBuilderRef builder;
};

/* isspacep.shared / isspacep.global of a generic pointer: an i1. */
LLVMValueRef ferry_ptx_is_shared(struct ferry_ptx *ptx, LLVMValueRef pointer);
LLVMValueRef ferry_ptx_is_global(struct ferry_ptx *ptx, LLVMValueRef pointer);

/* cp.async of `width` (4, 8 or 16) bytes, .cg for 16 and .ca below; with
 * .L2::cache_hint and the 64-bit policy when `policy` is not NULL. */
void ferry_ptx_cp_async(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                        unsigned width, LLVMValueRef policy);

/* cp.async.mbarrier.arrive.shared.b64: one more expected arrival on the
 * barrier's current phase, made when this thread's prior cp.async land. */
void ferry_ptx_cp_async_arrive(struct ferry_ptx *ptx, LLVMValueRef barrier);

/* fence.proxy.async.shared::cta: orders this thread's earlier generic-proxy
 * accesses of shared memory before later async-proxy (bulk copy) ones. */
void ferry_ptx_fence_proxy_async(struct ferry_ptx *ptx);

/* prefetch.global.L2 [source]: inline PTX, since LLVM 22 selects its
 * intrinsic only from sm_90 on while the instruction exists from sm_20. */
void ferry_ptx_prefetch_l2(struct ferry_ptx *ptx, LLVMValueRef source);

/* fence.acq_rel.cta. */
void ferry_ptx_fence_block(struct ferry_ptx *ptx);

/* mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [barrier], bytes (i32). */
void ferry_ptx_expect_tx(struct ferry_ptx *ptx, LLVMValueRef barrier, LLVMValueRef bytes);

/* cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
 * [destination], [source], bytes (i32), [barrier] (with .L2::cache_hint
 * when `policy` is not NULL). */
void ferry_ptx_bulk_copy(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                         LLVMValueRef bytes, LLVMValueRef barrier, LLVMValueRef policy);

/* The thread's linear index in its block, and the block's thread count
 * (i64), from %tid and %ntid. */
LLVMValueRef ferry_ptx_block_rank(struct ferry_ptx *ptx);
LLVMValueRef ferry_ptx_block_size(struct ferry_ptx *ptx);

#endif
