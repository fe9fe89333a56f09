/* Block-collective copies: 16-byte chunks for rows of contiguous elements.
 *
 * Matches a legal copy of 1-, 2-, 4- or 8-byte elements in a kernel whose
 * destination and source byte offsets are
 *     size*tid.x + (a term in tid.y) + (terms uniform across the block)
 * over uniform base pointers, reached by every thread of the block or by
 * none (each branch that can leave the paths to the copy decides
 * uniformly). Each row of threads then copies one contiguous range of
 * blockDim.x*size bytes, which the first row_bytes/16 threads of the row
 * re-issue as cp.async.cg of 16 bytes (or, for rows of tid.y whose addresses
 * thread_values.h can rebuild for another row, the first threads of the
 * block in linear order: copy_emit.c). A destination that does not depend
 * on tid.y (or tid.z) is copied by row 0 (plane 0) alone. A term
 * size*ext(X) with a narrow X = tid.x + row-uniform terms counts too, with
 * a run-time check that a row's X does not wrap.
 *
 * copy_emit.c emits the form. Refuses (the per-thread form then applies)
 * when any part
 * of this is not proved, including when anything since the previous barrier
 * may write the source: another thread now reads that element early. */
#include "collective_copy.h"

#include "address_space.h"
#include "alignment.h"
#include "analyses.h"
#include "barrier.h"
#include "cfg.h"
#include "dominators.h"
#include "memory.h"
#include "target.h"
#include "thread_values.h"
#include "uniformity.h"
#include "util.h"

#include <stdio.h>

static bool is_thread_index(const struct ferry_atom *atom, unsigned dimension) {
  return atom->kind == FERRY_ATOM_TID && atom->dimension == dimension;
}

struct thread_offset {
  int64_t x_stride;    /* coefficient of tid.x alone */
  int64_t y_stride;    /* coefficient of tid.y alone; 0 when absent */
  bool y_dependent;    /* some term has tid.y */
  LLVMValueRef narrow_index; /* see extended_index */
  bool narrow_signed;
};

/* `size * ext(X)` where X, a narrower integer, is tid.x + (terms uniform
 * within a row of threadIdx.y) but may wrap: the extension keeps the term
 * opaque to the affine form. Across a row X runs over X_row .. X_row +
 * ntid.x - 1; if that does not wrap, the term is size*tid.x plus a row
 * constant. The emitted check proves it at run time. */
static bool extended_index(struct ferry_affine_context *context, const struct ferry_term *term,
                           struct thread_offset *out) {
  const struct ferry_atom *atom = &term->atoms[0];
  if (term->atom_count != 1 || atom->kind != FERRY_ATOM_OPAQUE || !atom->value ||
      (!LLVMIsASExtInst(atom->value) && !LLVMIsAZExtInst(atom->value)) || out->narrow_index)
    return false;
  LLVMValueRef index = LLVMGetOperand(atom->value, 0);
  struct ferry_affine inner;
  if (!ferry_affine_of(context, index, &inner))
    return false;
  bool has_x = false;
  for (unsigned t = 0; t < inner.term_count; t++) {
    const struct ferry_term *part = &inner.terms[t];
    for (unsigned a = 0; a < part->atom_count; a++) {
      const struct ferry_atom *inner_atom = &part->atoms[a];
      if (is_thread_index(inner_atom, 0)) {
        if (part->atom_count != 1 || part->coefficient != 1)
          return false;
        has_x = true;
      } else if (is_thread_index(inner_atom, 1)) {
        out->y_dependent = true;
      } else if (!inner_atom->uniform) {
        return false;
      }
    }
  }
  if (!has_x)
    return false;
  out->x_stride += term->coefficient;
  out->narrow_index = index;
  out->narrow_signed = LLVMIsASExtInst(atom->value) != NULL;
  return true;
}

/* Splits a byte offset into its thread-dependent part, which must be
 * size*tid.x plus a tid.y term, and the rest, which must be uniform. */
static bool split_offset(struct ferry_affine_context *context,
                         const struct ferry_affine *offset, struct thread_offset *out,
                         const char *which, char *reason, size_t reason_size) {
  *out = (struct thread_offset){0};
  for (unsigned t = 0; t < offset->term_count; t++) {
    const struct ferry_term *term = &offset->terms[t];
    if (extended_index(context, term, out))
      continue;
    bool has_x = false, has_y = false, varying = false;
    for (unsigned a = 0; a < term->atom_count; a++) {
      const struct ferry_atom *atom = &term->atoms[a];
      if (is_thread_index(atom, 0))
        has_x = true;
      else if (is_thread_index(atom, 1))
        has_y = true;
      else if (!atom->uniform)
        varying = true;
    }
    if (varying)
      return ferry_refuse(reason, reason_size,
                    "the %s address varies across threads other than through "
                    "threadIdx.x and threadIdx.y", which);
    if (has_x && (term->atom_count != 1))
      return ferry_refuse(reason, reason_size,
                    "the %s address scales threadIdx.x by a non-constant", which);
    if (has_x)
      out->x_stride += term->coefficient;
    if (has_y) {
      out->y_dependent = true;
      if (term->atom_count == 1)
        out->y_stride = term->coefficient;
    }
  }
  return true;
}

static bool condition_is_uniform(const struct ferry_uniformity *uniformity,
                                 LLVMValueRef terminator) {
  if (LLVMIsABranchInst(terminator) && LLVMIsConditional(terminator))
    return ferry_is_uniform(uniformity, LLVMGetCondition(terminator));
  if (LLVMIsASwitchInst(terminator)) /* LLVMGetCondition is for branches only */
    return ferry_is_uniform(uniformity, LLVMGetOperand(terminator, 0));
  return LLVMGetNumSuccessors(terminator) <= 1;
}

/* Whether every branch that decides if a thread reaches the target is
 * uniform: the blocks that can reach the target are collected backwards,
 * and a branch in them that can leave that set must decide uniformly.
 * Twice:
 * - through back edges: a thread that leaves a loop early (a divergent
 *   break) misses the target in the iterations after;
 * - without them: a thread that skips the target in this iteration and
 *   reaches it in the next has not reached it with the others (a
 *   per-thread guard inside a copy loop: the collective form's chunks
 *   copied the rows of the threads that skip it, found by test/fuzz).
 * The target's own branch counts only when the target lies on a cycle
 * that is followed: otherwise it runs after the thread has reached the
 * target, which it never reaches again (a copy in the entry block before
 * `switch (threadIdx.y)` is reached by every thread). */
static bool branches_uniform(const struct ferry_uniformity *uniformity, const struct ferry_cfg *cfg,
                             const struct ferry_dominators *dominators, LLVMBasicBlockRef target,
                             bool through_back_edges) {
  struct ferry_map reaching = {0};
  struct ferry_vec blocks = {0}, worklist = {0};
  ferry_set_insert(&reaching, target);
  ferry_vec_push(&blocks, target);
  ferry_vec_push(&worklist, target);
  bool on_cycle = false;
  while (worklist.count) {
    LLVMBasicBlockRef block = worklist.items[--worklist.count];
    const struct ferry_vec *predecessors = ferry_cfg_predecessors(cfg, block);
    for (size_t i = 0; i < predecessors->count; i++) {
      LLVMBasicBlockRef predecessor = predecessors->items[i];
      if (!through_back_edges && ferry_block_dominates(dominators, block, predecessor))
        continue;
      if (predecessor == target)
        on_cycle = true;
      else if (ferry_set_insert(&reaching, predecessor)) {
        ferry_vec_push(&blocks, predecessor);
        ferry_vec_push(&worklist, predecessor);
      }
    }
  }
  bool uniform = true;
  for (size_t i = 0; uniform && i < blocks.count; i++) {
    if (blocks.items[i] == target && !on_cycle)
      continue;
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(blocks.items[i]);
    unsigned count = terminator ? LLVMGetNumSuccessors(terminator) : 0;
    bool can_leave = false;
    for (unsigned s = 0; s < count; s++)
      if (!ferry_map_get(&reaching, LLVMGetSuccessor(terminator, s), NULL))
        can_leave = true;
    if (can_leave && !condition_is_uniform(uniformity, terminator))
      uniform = false;
  }
  ferry_map_free(&reaching);
  ferry_vec_free(&blocks);
  ferry_vec_free(&worklist);
  return uniform;
}

bool ferry_reached_uniformly(struct ferry_analyses *analyses, LLVMBasicBlockRef target) {
  const struct ferry_uniformity *uniformity = ferry_analyses_uniformity(analyses);
  const struct ferry_cfg *cfg = ferry_analyses_cfg(analyses);
  const struct ferry_dominators *dominators = ferry_analyses_dominators(analyses);
  return branches_uniform(uniformity, cfg, dominators, target, true) &&
         branches_uniform(uniformity, cfg, dominators, target, false);
}

/* Whether the first byte of every row is 16-byte aligned (alignment.h):
 * the base's alignment under `rule` and the offset less the element's own
 * term (size * tid.x). */
static bool rows_aligned(LLVMValueRef base, enum ferry_alignment_rule rule, const struct ferry_affine *offset,
                         LLVMValueRef narrow_index) {
  struct ferry_affine row = *offset;
  row.term_count = 0;
  for (unsigned t = 0; t < offset->term_count; t++) {
    const struct ferry_term *term = &offset->terms[t];
    if (term->atom_count == 1 && is_thread_index(&term->atoms[0], 0))
      continue;
    if (narrow_index && term->atom_count == 1 && term->atoms[0].kind == FERRY_ATOM_OPAQUE &&
        term->atoms[0].value && LLVMGetNumOperands(term->atoms[0].value) == 1 &&
        LLVMGetOperand(term->atoms[0].value, 0) == narrow_index)
      continue; /* size * ext(index): see narrow_rows_aligned */
    row.terms[row.term_count++] = *term;
  }
  LLVMValueRef raise; /* the caller raises the destination array itself */
  return ferry_offset_alignment(base, &row, rule, &raise) >= 16;
}

/* For size * ext(X), X = tid.x + row-uniform terms: the run-time check
 * proves a row's X does not wrap, so its first element is at size * ext(X -
 * tid.x), whose low four bits those of size * (X's other terms) fix (16
 * divides 2^width, so the narrow wrap and the extension keep them). */
static bool narrow_rows_aligned(struct ferry_affine_context *context, LLVMValueRef index, unsigned size) {
  struct ferry_affine inner, row = {.width = 64};
  if (!ferry_affine_of(context, index, &inner))
    return false;
  row.constant = inner.constant * (int64_t)size;
  for (unsigned t = 0; t < inner.term_count; t++) {
    const struct ferry_term *term = &inner.terms[t];
    if (term->atom_count == 1 && is_thread_index(&term->atoms[0], 0))
      continue;
    row.terms[row.term_count] = *term;
    row.terms[row.term_count++].coefficient = term->coefficient * (int64_t)size;
  }
  return ferry_affine_known_alignment(&row, 16) == 16;
}

bool ferry_match_collective(struct ferry_affine_context *context,
                            const struct ferry_copy_site *site,
                            struct ferry_copy_form *matched,
                            char *reason, size_t reason_size) {
  /* Filled here, given back only when the form applies. */
  struct ferry_copy_form scratch = *matched, *form = &scratch;
  LLVMBasicBlockRef block = LLVMGetInstructionParent(site->store);
  LLVMValueRef fn = LLVMGetBasicBlockParent(block);
  if (site->size > 8)
    return ferry_refuse(reason, reason_size, "16-byte elements need no widening");
  if (site->merged)
    return ferry_refuse(reason, reason_size,
                        "a guarded copy's zeros are filled by the thread that guards them");
  if (!ferry_is_kernel(fn))
    return ferry_refuse(reason, reason_size, "not in a kernel: which threads run it is unknown");

  LLVMValueRef destination_base, source_base;
  struct ferry_affine destination, source;
  if (!ferry_affine_address(context, site->destination, &destination_base, &destination) ||
      !ferry_affine_address(context, site->source, &source_base, &source))
    return ferry_refuse(reason, reason_size, "an address has no affine form");
  const struct ferry_uniformity *uniformity = ferry_affine_uniformity(context);
  if (!ferry_is_uniform(uniformity, destination_base) ||
      !ferry_is_uniform(uniformity, source_base))
    return ferry_refuse(reason, reason_size, "a base pointer differs between threads");

  struct thread_offset to, from;
  if (!split_offset(context, &destination, &to, "destination", reason, reason_size) ||
      !split_offset(context, &source, &from, "source", reason, reason_size))
    return false;
  if (to.narrow_index)
    return ferry_refuse(reason, reason_size,
                  "the destination index is a narrow integer that may wrap");
  form->source_index = from.narrow_index;
  form->source_index_signed = from.narrow_signed;
  if (to.x_stride != (int64_t)site->size || from.x_stride != (int64_t)site->size)
    return ferry_refuse(reason, reason_size,
                  "the threads' elements are not contiguous in threadIdx.x");
  if (to.y_dependent != from.y_dependent)
    return ferry_refuse(reason, reason_size,
                  "the rows of threadIdx.y would overlap in the destination");
  if (to.y_dependent && to.y_stride <= 0)
    return ferry_refuse(reason, reason_size,
                  "the destination's row stride is not a positive constant");
  form->row_stride = to.y_dependent ? to.y_stride : 0;

  if (!ferry_reached_uniformly(ferry_affine_analyses(context), block))
    return ferry_refuse(reason, reason_size,
                        "not every thread of the block reaches the copy");
  /* A shared array the module defines is ours to align: with 16 bytes,
   * the run-time check fails only for the source's reasons. (Another
   * thread's element is read at this thread's pace; copy_hazards.c has
   * already refused a copy whose source this thread may have written since
   * the previous barrier, and every thread runs the same code.) */
  ferry_base_alignment(destination_base, FERRY_ALIGN_RAISED_TO_16, &form->raise_alignment);
  if (LLVMIsAGlobalVariable(destination_base) && !LLVMIsDeclaration(destination_base))
    form->destination_bytes = LLVMStoreSizeOfType(
        LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn)), LLVMGlobalGetValueType(destination_base));
  form->kind = form->row_stride > 0 && ferry_thread_pure(uniformity, site->destination) &&
                       ferry_thread_pure(uniformity, site->source)
                   ? FERRY_COPY_LINEAR_CHUNKS
                   : FERRY_COPY_CHUNKS;
  form->source_rows_aligned =
      rows_aligned(source_base, FERRY_ALIGN_AS_DECLARED, &source, form->source_index) &&
      (!form->source_index || narrow_rows_aligned(context, form->source_index, site->size));
  form->destination_rows_aligned = rows_aligned(destination_base, FERRY_ALIGN_RAISED_TO_16, &destination, NULL);
  *matched = scratch;
  return true;
}
