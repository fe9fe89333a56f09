/* Emitting one thread's part of a converted copy, wherever a pass needs it:
 * in place of the original copy, or (pipelining) for a later iteration in a
 * slot of a ring. */
#ifndef FERRY_PASSES_COPY_EMIT_H
#define FERRY_PASSES_COPY_EMIT_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ferry_copy_form {
  unsigned size;            /* bytes per element */
  unsigned align;           /* alignment both sides are known to have */
  /* per thread: the bytes to read (i32, the rest zero-filled), for a guarded
   * copy; NULL: all of them */
  LLVMValueRef source_bytes;
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
  /* collective: the source's base, a generic pointer not provably global
   * but uniform across the block (copy_site.h, global_base): the uniform
   * check also tests isspacep.global of it, so the whole block copies as
   * written where it fails; NULL when the source is global. */
  LLVMValueRef global_base;
  /* collective, sm_90: the mbarrier that bulk copies complete on
   * (bulk_copy.h), or NULL for 16-byte chunks only; and the row bytes from
   * which a row is copied in bulk (smaller rows take the chunks), or 0 for
   * every row in bulk. */
  LLVMValueRef bulk_mbarrier;
  unsigned bulk_min_bytes;
};

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

/* Values the copies of a function share (the chunk each thread issues),
 * made once: one cache serves any number of functions and copies. */
struct ferry_emit_cache;
struct ferry_emit_cache *ferry_emit_cache_create(void);
void ferry_emit_cache_free(struct ferry_emit_cache *cache);

/* Emits, before `before`, the copy of this thread's element from `source`
 * (a global pointer) to `destination` (a shared pointer): a per-thread
 * cp.async, or the collective form (a uniform alignment check choosing
 * 16-byte chunks or a plain load and store). When `guard` is not NULL the
 * copy happens only where it is true. May split the block of `before`. */
void ferry_emit_copy(LLVMModuleRef module, LLVMBuilderRef builder, struct ferry_emit_cache *cache,
                     LLVMValueRef before, LLVMValueRef destination, LLVMValueRef source,
                     const struct ferry_copy_form *form, LLVMValueRef guard);

/* The unchecked form (copy_emit.c, a versioned ring: pipeline_version.c).
 * A thread's chunk lies at a byte offset from row 0's first element that
 * is the same in every iteration and slot: computed once, at the builder's
 * position (before the loop), from the copy's destination and source there
 * (i64 values; pass: to the thread's next chunk, rows_per_pass rows on). */
struct ferry_chunk_offsets {
  LLVMValueRef destination, source;
  LLVMValueRef destination_pass, source_pass;
};
struct ferry_chunk_offsets ferry_chunk_offsets(LLVMModuleRef module, LLVMBuilderRef builder,
                                               struct ferry_emit_cache *cache,
                                               LLVMValueRef destination, LLVMValueRef source,
                                               const struct ferry_copy_form *form);

/* `pointer` (an address of the copy, as this thread computes it) as
 * thread (0, 0) computes it, in `space`, plus `offset` bytes: with a
 * ferry_chunk_offsets offset, the address of this thread's chunk. */
LLVMValueRef ferry_chunk_address(LLVMBuilderRef builder, LLVMValueRef pointer, unsigned space,
                                 LLVMValueRef offset);

/* One copy's first chunk for this thread in this iteration and slot, and
 * the bytes to its next (ferry_chunk_offsets' passes). */
struct ferry_chunk {
  LLVMValueRef destination, source;
  LLVMValueRef destination_pass, source_pass;
};

enum { FERRY_MAX_GROUPED_COPIES = 8 };

/* Emits, before `before`, the chunks of `count` (at most
 * FERRY_MAX_GROUPED_COPIES) unchecked copies of one geometry (the size and
 * rows of `form`) in one loop. May split the block of `before`. */
void ferry_emit_unchecked_chunks(LLVMModuleRef module, LLVMBuilderRef builder,
                                 struct ferry_emit_cache *cache, LLVMValueRef before,
                                 const struct ferry_chunk *chunks, size_t count,
                                 const struct ferry_copy_form *form);

/* cp.async.commit_group; cp.async.wait_group pending; before `before`. */
void ferry_emit_commit_and_wait(LLVMModuleRef module, LLVMBuilderRef builder,
                                LLVMValueRef before, unsigned pending);

#endif
