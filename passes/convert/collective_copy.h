/* The block-collective form of a copy (rule 4 of DESIGN.md § Automatic
 * conversion): when the copies of all threads of a block fill rows of
 * blockDim.x contiguous elements, the row is re-partitioned into 16-byte
 * cp.async.cg chunks, one per thread for the first row_bytes/16 threads. */
#ifndef FERRY_PASSES_COLLECTIVE_COPY_H
#define FERRY_PASSES_COLLECTIVE_COPY_H

#include "affine.h"
#include "copy_site.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ferry_collective_form {
  /* Destination bytes between the rows of threadIdx.y, or 0 when the copy
   * does not depend on threadIdx.y (every row copies the same range, and
   * only row 0 needs to). */
  int64_t row_stride;
  /* The destination's shared array, when the module defines it with less
   * than 16-byte alignment: converting raises it to 16. */
  LLVMValueRef raise_alignment;
  /* When the source offset is size * ext(index) with a narrower index
   * (tid.x + row-uniform terms) that may wrap: the index; the emitted check
   * then also proves that a row's indices do not wrap. NULL otherwise. */
  LLVMValueRef source_index;
  bool source_index_signed;
  /* The bytes of the destination's shared array when the module defines
   * it with a size (a row cannot be longer), else 0. */
  unsigned long long destination_bytes;
  /* Rows of threadIdx.y whose addresses are pure arithmetic over the
   * thread indices and uniform values (thread_values.h): the chunks of all
   * rows can then be dealt out over the block's linear thread index, so
   * that whole warps issue (copy_emit.c). */
  bool linear;
  /* Every row's first source / destination byte is proved 16-byte aligned
   * (the base array's alignment, every other term of the offset a multiple
   * of 16): the run-time check then leaves that side out. */
  bool source_rows_aligned;
  bool destination_rows_aligned;
};

/* Whether a legal copy (ferry_analyze_copy said CONVERTIBLE) has the
 * collective form; on refusal, reason says why. */
bool ferry_match_collective(struct ferry_affine_context *context,
                            const struct ferry_copy_site *site,
                            struct ferry_collective_form *form,
                            char *reason, size_t reason_size);

/* Whether every thread of the block reaches `target`, or none (each branch
 * that can leave the paths to it decides uniformly). */
bool ferry_reached_uniformly(const struct ferry_uniformity *uniformity,
                             LLVMBasicBlockRef target);

#endif
