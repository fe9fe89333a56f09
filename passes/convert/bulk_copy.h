/* The sm_90 bulk form of a block-collective copy (rule 4 of DESIGN.md §
 * Automatic conversion): one cp.async.bulk per row, issued by the row's
 * first thread, completed on a pass-owned mbarrier in shared memory that
 * every thread waits on, by phase parity, before the consumer barrier. */
#ifndef FERRY_PASSES_BULK_COPY_H
#define FERRY_PASSES_BULK_COPY_H

#include "util.h"

#include <llvm-c/Core.h>

/* A new `ferry.mbarrier` (i64, addrspace(3), align 8) for the kernel fn. */
LLVMValueRef ferry_bulk_mbarrier(LLVMModuleRef module, LLVMValueRef fn);

/* At the builder's position, in a block of its own: when `leader` holds,
 * announces `row_bytes` to the mbarrier (expect_tx) and issues one
 * cp.async.bulk of them from row_source (global) to row_destination
 * (shared); then branches to join. row_bytes is an i64, a multiple of 16;
 * both addresses are 16-byte aligned (the caller has checked). */
void ferry_emit_bulk_row(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef mbarrier,
                         LLVMValueRef row_destination, LLVMValueRef row_source,
                         LLVMValueRef row_bytes, LLVMValueRef leader, LLVMBasicBlockRef join);

/* Completes the form in fn, after every copy has been emitted: initialises
 * the mbarrier once per block at the kernel's entry (thread 0, then a
 * bar.sync of all threads), and before each of `barriers` (the consumer
 * barriers of the bulk copies, each reached by all threads of the block or
 * by none) has the first thread of each row arrive and every thread wait
 * for the phase by its parity. */
struct ferry_analyses;
void ferry_bulk_finish(LLVMModuleRef module, LLVMBuilderRef builder,
                       struct ferry_analyses *analyses, LLVMValueRef mbarrier,
                       const struct ferry_vec *barriers);

#endif
