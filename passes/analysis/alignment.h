/* One alignment prover for every copy form: the per-thread cp.async
 * (copy_site.c), the block-collective chunks (collective_copy.c) and
 * ferry-lower's explicit memcpy_async (lower_facts.c). An address is known
 * aligned to the largest of what three proofs give:
 *
 *   - the instruction's own `align` (the caller passes it: a load's or a
 *     store's alignment, a memcpy's parameter attribute);
 *   - the pointer's structure: the allocation it points into (a global or
 *     __shared__ variable, an alloca, a parameter with `align`), lowered by
 *     each offset a GEP adds (constants, known multiples times strides),
 *     through casts and selects;
 *   - where an affine context is at hand, the address's affine form: its
 *     base's alignment and the low bits of the byte offset that no atom
 *     (tid, ctaid, induction variables...) can change.
 *
 * Answers are lower bounds; 1 means nothing is known. */
#ifndef FERRY_PASSES_ALIGNMENT_H
#define FERRY_PASSES_ALIGNMENT_H

#include "affine.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* What an allocation counts for. A __shared__ array the module defines is
 * ours to align (the caller then raises its alignment: *raise), but a
 * pipelined copy's array becomes a ring whose slots lie the array's size
 * apart (pipeline.c), so each slot keeps only what that size allows. */
enum ferry_alignment_rule {
  /* What the allocation promises: its declared alignment. */
  FERRY_ALIGN_AS_DECLARED,
  /* A per-thread copy's destination, which may become a ring: a __shared__
   * array the module defines counts as 16 as far as its size is a multiple
   * of it (its own alignment beyond that is not kept by the slots); a
   * __shared__ declaration (extern, dynamic) as 1. */
  FERRY_ALIGN_RING_SLOTS,
  /* A block-collective copy's destination (a ring re-proves its rows, see
   * pipeline.c): a __shared__ array the module defines counts as 16. */
  FERRY_ALIGN_RAISED_TO_16,
};

/* The alignment the allocation `base` gives under `rule`; 1 for anything
 * that is not an allocation. With `raise` NULL, only what holds without
 * raising anything; else *raise is the array whose alignment must be
 * raised to the answer for it to hold, or NULL. */
unsigned ferry_base_alignment(LLVMValueRef base, enum ferry_alignment_rule rule, LLVMValueRef *raise);

/* The alignment of base + offset (an affine byte offset): the base's, and
 * the offset's fixed low bits (ferry_affine_known_alignment). */
unsigned ferry_offset_alignment(LLVMValueRef base, const struct ferry_affine *offset,
                                enum ferry_alignment_rule rule, LLVMValueRef *raise);

/* The alignment `pointer` is proved to have: the largest of `stated` (the
 * instruction's own; 1 if none), the pointer's structure and, with
 * `context` not NULL, its affine form. *raise (when `raise` is not NULL) as
 * for ferry_base_alignment, set only where the affine proof needs it. */
unsigned ferry_proven_alignment(struct ferry_affine_context *context, LLVMTargetDataRef layout,
                                LLVMValueRef pointer, unsigned stated, enum ferry_alignment_rule rule,
                                LLVMValueRef *raise);

/* The pointer whose low bits decide whether `pointer` is aligned to
 * `size` (a power of two up to 16): the base of its affine form where
 * every term and the constant of the byte offset are multiples of `size`
 * (the base then differs from `pointer` by a multiple of it, in any
 * address space: NVPTX maps each linearly into the generic one, at
 * 16-byte aligned windows), else `pointer` itself. The base is a value the
 * pointer is computed from (a parameter, a global, an instruction that
 * dominates it): a test of it is the same for every copy from that base. */
LLVMValueRef ferry_alignment_witness(struct ferry_affine_context *context, LLVMValueRef pointer,
                                     unsigned size);

/* Whether `pointer` is proved never aligned to `size` (a power of two up
 * to 16): its base is declared aligned to `size`, every term of its byte
 * offset is a multiple of it and the constant is not (a word at 4 * t + 2
 * of an aligned array). A run-time test of it would always fail. */
bool ferry_proven_misaligned(struct ferry_affine_context *context, LLVMValueRef pointer,
                             unsigned size);

/* The largest power of two (<= 16) an integer is known to be a multiple of:
 * constants, shifts and multiplications by constants, masks that clear the
 * low bits, and sums of such. 16 for the constant 0. */
unsigned ferry_known_multiple(LLVMValueRef value);

#endif
