/* Emitting one thread's part of a converted copy, wherever a pass needs it:
 * in place of the original copy, or (pipelining) for a later iteration in a
 * slot of a ring. */
#ifndef FERRY_PASSES_COPY_EMIT_H
#define FERRY_PASSES_COPY_EMIT_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

struct ferry_copy_form {
  unsigned size;            /* bytes per element */
  unsigned align;           /* alignment both sides are known to have */
  bool collective;          /* 16-byte chunks over rows (collective_copy.h) */
  int64_t row_stride;       /* collective: destination bytes between rows; 0: one row */
  /* collective: a narrow source index (tid.x + row-uniform terms) whose
   * row must not wrap, and whether it is sign-extended; NULL when none. */
  LLVMValueRef source_index;
  bool source_index_signed;
  /* collective: deal the chunks of all rows out over the block's linear
   * thread index (collective_copy.h) */
  bool linear;
  /* collective: every row's first source / destination byte is proved
   * 16-byte aligned, so the run-time check leaves that side out */
  bool source_rows_aligned;
  bool destination_rows_aligned;
  /* collective, sm_90: the mbarrier that bulk copies complete on
   * (bulk_copy.h), or NULL for 16-byte chunks only; and the row bytes from
   * which a row is copied in bulk (smaller rows take the chunks), or 0 for
   * every row in bulk. */
  LLVMValueRef bulk_mbarrier;
  unsigned bulk_min_bytes;
};

/* Emits, before `before`, the copy of this thread's element from `source`
 * (a global pointer) to `destination` (a shared pointer): a per-thread
 * cp.async, or the collective form (a uniform alignment check choosing
 * 16-byte chunks or a plain load and store). When `guard` is not NULL the
 * copy happens only where it is true. May split the block of `before`. */
void ferry_emit_copy(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef before,
                     LLVMValueRef destination, LLVMValueRef source,
                     const struct ferry_copy_form *form, LLVMValueRef guard);

/* cp.async.commit_group; cp.async.wait_group pending; before `before`. */
void ferry_emit_commit_and_wait(LLVMModuleRef module, LLVMBuilderRef builder,
                                LLVMValueRef before, unsigned pending);

#endif
