/* The form of a converted copy: which instructions move it (one kind of
 * enum ferry_copy_kind) and the facts that kind needs, in one struct,
 * chosen once by the plan (copy_plan.c: per thread or block-collective,
 * collective_copy.c; on sm_90 bulk rows, bulk_choice.h). Emission
 * (copy_emit.c) switches on the kind; ferry_copy_form_describe (copy_form.c)
 * writes the words every pass's remark gives it. A new form is a kind
 * here, its words in copy_form.c, its code in copy_emit.c and its choice in
 * copy_plan.c. */
#ifndef FERRY_PASSES_COPY_FORM_H
#define FERRY_PASSES_COPY_FORM_H

#include "copy_site.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ferry_copy_kind {
  /* Each thread's cp.async of its own element; a struct copy over 16
   * bytes as pieces of 16, 8 or 4 bytes after one another
   * (ferry_per_thread_piece). */
  FERRY_COPY_PER_THREAD,
  /* Block-collective (collective_copy.h): each row's contiguous bytes as
   * 16-byte cp.async.cg chunks issued by that row's first threads, behind
   * a uniform alignment check with the original copy as the fallback. */
  FERRY_COPY_CHUNKS,
  /* The same chunks, those of every row of threadIdx.y dealt out over the
   * block's linear thread index so that whole warps issue (rows whose
   * addresses are pure arithmetic over the thread indices and uniform
   * values: thread_values.h). Only with row_stride > 0. */
  FERRY_COPY_LINEAR_CHUNKS,
  /* sm_90: each row one cp.async.bulk, issued by its first thread and
   * completed on an mbarrier (bulk_copy.h), behind the same check. */
  FERRY_COPY_BULK_ROWS,
  /* sm_90: bulk for rows of at least FERRY_BULK_MIN_BYTES (a run-time
   * test, uniform within a row), 16-byte chunks below. */
  FERRY_COPY_BULK_LARGE_ROWS,
};

struct ferry_copy_form {
  enum ferry_copy_kind kind;
  unsigned size;            /* bytes per element */
  unsigned align;           /* alignment both sides are known to have */
  /* per thread: the bytes to read (i32, the rest zero-filled), for a guarded
   * copy, made where the copy is rewritten; NULL: all of them */
  LLVMValueRef source_bytes;
  /* per thread: the copy is versioned on this thread's run-time test that
   * the sides the site names (copy_site.h, alignment_witness) are aligned
   * to the size, the copy as written where they are not (align is then
   * the size: the test proves it on the converted path) */
  bool test_alignment;

  /* The rest, the block-collective kinds' (all but FERRY_COPY_PER_THREAD). */
  /* Destination bytes between the rows of threadIdx.y, or 0 when the copy
   * does not depend on threadIdx.y (every row copies the same range, and
   * only row 0 needs to). */
  int64_t row_stride;
  /* The destination's shared array, when the module defines it with less
   * than 16-byte alignment: converting raises it to 16. */
  LLVMValueRef raise_alignment;
  /* When the source offset is size * ext(index) with a narrower index
   * (tid.x + row-uniform terms) that may wrap: the index, and whether it is
   * sign-extended; the emitted check then also proves that a row's indices
   * do not wrap. NULL otherwise. */
  LLVMValueRef source_index;
  bool source_index_signed;
  /* The bytes of the destination's shared array when the module defines
   * it with a size (a row cannot be longer), else 0. */
  unsigned long long destination_bytes;
  /* Every row's first source / destination byte is proved 16-byte aligned
   * (the base array's alignment, every other term of the offset a multiple
   * of 16): the run-time check then leaves that side out. */
  bool source_rows_aligned;
  bool destination_rows_aligned;
  /* The source's base, a generic pointer not provably global but uniform
   * across the block (copy_site.h, global_base): the uniform check also
   * tests isspacep.global of it, so the whole block copies as written where
   * it fails; NULL when the source is global (or a ring tests it before
   * its loop). */
  LLVMValueRef global_base;
  /* Bulk kinds: the row's bytes when known at compile time (for the
   * remark), else 0; and the mbarrier the bulk copies complete on
   * (bulk_copy.h), one per function, made where the copy is rewritten. */
  unsigned long long bulk_row_bytes;
  LLVMValueRef bulk_mbarrier;
};

/* Whether the kind is block-collective: the threads of a block share the
 * copy, and its code checks each row's addresses at run time. */
static inline bool ferry_copy_form_collective(const struct ferry_copy_form *form) {
  return form->kind != FERRY_COPY_PER_THREAD;
}

/* Whether the copy may be in flight as cp.async operations at its
 * consumer barrier (cp.async.commit_group + wait_group before it), and
 * whether as cp.async.bulk ones (the mbarrier's wait before it). */
static inline bool ferry_copy_form_waits_on_groups(const struct ferry_copy_form *form) {
  return form->kind != FERRY_COPY_BULK_ROWS;
}
static inline bool ferry_copy_form_waits_on_mbarrier(const struct ferry_copy_form *form) {
  return form->kind == FERRY_COPY_BULK_ROWS || form->kind == FERRY_COPY_BULK_LARGE_ROWS;
}

/* The bytes of each cp.async of one thread's copy of `size` bytes aligned
 * to `align`: the size itself up to 16; above, the largest of 16, 8 and 4
 * that the alignment allows and that divides the size; 0 when none does. */
static inline unsigned ferry_per_thread_piece(unsigned size, unsigned align) {
  if (size <= 16)
    return size;
  unsigned piece = align < 16 ? align : 16;
  while (piece >= 4 && size % piece)
    piece /= 2;
  return piece >= 4 ? piece : 0;
}

/* The remark text of a copy converted to `form`, into message:
 * single-stage (ferry-async-copy), the whole remark, with what the site
 * adds (a copy loop, a guard, versioning, read-back); in a ring
 * (ferry-pipeline), "converted ... to <form>", which the ring's text
 * follows. */
void ferry_copy_form_describe(const struct ferry_copy_form *form,
                              const struct ferry_copy_site *site, bool in_ring, char *message,
                              size_t message_size);

/* "an 8-byte", "a 4-byte". */
const char *ferry_article(unsigned size);

#endif
