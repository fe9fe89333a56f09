/* The chunk coordinates a thread issues in the linear form, shared by
 * the checked forms (copy_emit.c) and a versioned ring's unchecked chunks
 * (copy_emit_ring_chunks.c); private to those two files. */
#ifndef FERRY_PASSES_COPY_EMIT_CHUNKS_H
#define FERRY_PASSES_COPY_EMIT_CHUNKS_H

#include "copy_emit.h"

#include <stdint.h>

/* The chunk this thread issues in the linear form, from the special
 * registers alone: computed once, in the kernel's entry block, so that the
 * division stays out of loops. The block's chunks are numbered row by row,
 * chunks_per_row = ntid.x*size/16 to a row; thread L = tid.x + ntid.x*tid.y
 * of plane 0 issues chunk L when there is one. */
struct linear_chunk {
  LLVMValueRef row, column; /* i32: the row (a tid.y) and 16-byte chunk in it */
  LLVMValueRef issues;      /* i1 */
  LLVMValueRef ntid_x, row_bytes; /* i64 */
  /* For the unchecked form (emit_unchecked), i32: chunks per row, the rows
   * all the block's threads cover at once (ntid.y * 16/size), ntid.y,
   * ntid.x and tid.x; i1: whether the thread is one of row 0's first
   * chunks_per_row (plane 0), which issue a copy that is the same in every
   * row. */
  LLVMValueRef per_row, rows_per_pass, ntid_y32, ntid_x32, tid_x;
  LLVMValueRef first_row_issues;
  LLVMValueRef rows_apart;  /* i1: row_bytes <= row_stride */
};

/* fn's chunk coordinates for copies of one geometry, made once in its
 * entry block and kept in the cache (the division would otherwise be made
 * again for every copy and stage). */
struct linear_chunk ferry_linear_chunk(LLVMModuleRef module, struct ferry_emit_cache *cache,
                                       LLVMValueRef fn, unsigned size, int64_t row_stride);

#endif
