/* Emitting one thread's part of a converted copy, wherever a pass needs it:
 * in place of the original copy, or (pipelining) for a later iteration in a
 * slot of a ring. */
#ifndef FERRY_PASSES_COPY_EMIT_H
#define FERRY_PASSES_COPY_EMIT_H

#include "copy_form.h"
#include "copy_record.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Values the copies of a function share (the chunk each thread issues),
 * made once: one cache serves any number of functions and copies; and the
 * record (copy_record.h, NULL: none) of the function whose copies it
 * emits, in which the fallback copies it writes are kept as written. */
struct ferry_emit_cache;
struct ferry_emit_cache *ferry_emit_cache_create(struct ferry_copy_record *record);
struct ferry_copy_record *ferry_emit_cache_record(struct ferry_emit_cache *cache);
void ferry_emit_cache_free(struct ferry_emit_cache *cache);

/* Emits, before `before`, the copy of this thread's element from `source`
 * (a global pointer) to `destination` (a shared pointer) in the form's kind
 * (copy_form.h): a per-thread cp.async, or a collective kind (a uniform
 * alignment check choosing 16-byte chunks or bulk rows, or a plain load and
 * store). When `guard` is not NULL the copy happens only where it is true.
 * May split the block of `before`. */
void ferry_emit_copy(LLVMModuleRef module, LLVMBuilderRef builder, struct ferry_emit_cache *cache,
                     LLVMValueRef before, LLVMValueRef destination, LLVMValueRef source,
                     const struct ferry_copy_form *form, LLVMValueRef guard);

/* One copy's chunk for this thread, its destination and its source, and
 * the bytes to its next chunk, rows_per_pass rows on (i64), on each side. */
struct ferry_chunk {
  LLVMValueRef destination, source;
  LLVMValueRef destination_pass, source_pass;
};

/* The unchecked form (copy_emit.c, a versioned ring: pipeline_version.c).
 * A thread's chunk lies at a byte offset from row 0's first element that
 * is the same in every iteration and slot: computed once, at the builder's
 * position (before the loop), from the copy's destination and source there
 * (destination and source: those offsets, i64; the passes as above). */
struct ferry_chunk ferry_chunk_offsets(LLVMModuleRef module, LLVMBuilderRef builder,
                                       struct ferry_emit_cache *cache, LLVMValueRef destination,
                                       LLVMValueRef source, const struct ferry_copy_form *form);

/* `pointer` (an address of the copy, as this thread computes it) as
 * thread (0, 0) computes it, in `space`, plus `offset` bytes: with a
 * ferry_chunk_offsets offset, the address of this thread's chunk. */
LLVMValueRef ferry_chunk_address(LLVMBuilderRef builder, LLVMValueRef pointer, unsigned space,
                                 LLVMValueRef offset);

enum { FERRY_MAX_GROUPED_COPIES = 8 };

/* Emits, before `before`, the chunks of `count` (at most
 * FERRY_MAX_GROUPED_COPIES) unchecked copies of one geometry (the size and
 * rows of `form`): `chunks`, each copy's first chunk for this thread in
 * this iteration and slot (addresses, from ferry_chunk_address) and the
 * passes of its ferry_chunk_offsets; in one loop that runs at most once
 * where `looped`, else behind one branch (copy_emit_ring_chunks.c), or,
 * with `guard` (an i1; not `looped`), with no branch: each chunk's
 * cp.async predicated on the guard and the thread's issue. May split the
 * block of `before`. */
void ferry_emit_unchecked_chunks(LLVMModuleRef module, LLVMBuilderRef builder,
                                 struct ferry_emit_cache *cache, LLVMValueRef before,
                                 const struct ferry_chunk *chunks, size_t count,
                                 const struct ferry_copy_form *form, bool looped,
                                 LLVMValueRef guard);

/* cp.async.commit_group; cp.async.wait_group pending; before `before`. */
void ferry_emit_commit_and_wait(LLVMModuleRef module, LLVMBuilderRef builder,
                                LLVMValueRef before, unsigned pending);

#endif
