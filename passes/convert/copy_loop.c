/* Block-strided copy loops (issue 13, shape 4):
 *
 *   for (p = threadIdx.x; p < N; p += blockDim.x) s[p] = g[base + p];
 *   __syncthreads();
 *
 * The copy runs again before any barrier, once per iteration of its loop:
 * as cp.async, every iteration's copy may still be in flight when the next
 * is issued, and all complete at the wait before the barrier after the
 * loop. cp.async operations of one thread are not ordered with one another,
 * so this gives the original's result only when no two iterations write one
 * destination element with different bytes. Here that is proved thus: the
 * destination's offset from a base fixed in the loop is c*p plus terms fixed
 * in the loop, p a header phi of the loop (or its zext or sext) of at most
 * 32 bits and |c| < 2^31, so that c*p does not wrap in 64 bits and two
 * iterations write one address only with one value of p; and the source is
 * computed from p and values fixed in the loop alone, so two iterations with
 * one p read one address, which nothing in the loop writes (copy_hazards.c
 * checks the loop's instructions: no access to the destination's array, no
 * write of the source, no synchronisation; barrier.c that the loop holds no
 * barrier and every path out of it reaches one without entering it again).
 * No monotonic counter or trip count is needed.
 *
 * A destination pointer bumped by the loop instead, `d = s + t; ...;
 * *d = *g; d += blockDim.x` (a header phi of the loop whose value from the
 * latch is `getelementptr inbounds` of itself by a step fixed in the loop),
 * moves by the step each iteration: a step of at least the copy's size,
 * over every value of its atoms (affine_bounds.c), makes every iteration's
 * element lie wholly above the previous one's (an inbounds step never
 * wraps), so no two iterations write one byte, whatever the source. */
#include "copy_loop.h"

#include "memory.h"
#include "thread_values.h"

#include <stdint.h>

enum { MAX_DEPTH = 8 };

/* Whether `value` is computed, in `loop`, from `counter` and values fixed
 * in the loop alone, by operations whose result depends on their operands
 * alone (no load, no phi other than the counter, no freeze of poison, no
 * call other than a fixed special register). */
static bool is_function_of(const struct ferry_loop *loop, LLVMValueRef value,
                           LLVMValueRef counter, unsigned depth) {
  if (value == counter || !ferry_loop_defines(loop, value))
    return true;
  if (depth >= MAX_DEPTH)
    return false;
  switch (LLVMGetInstructionOpcode(value)) {
  case LLVMCall:
    return ferry_reads_fixed_register(value);
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
  case LLVMSRem: case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMPtrToInt:
  case LLVMIntToPtr: case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMGetElementPtr:
  case LLVMICmp: case LLVMSelect:
    break;
  default:
    return false;
  }
  int operands = LLVMGetNumOperands(value);
  for (int i = 0; i < operands; i++)
    if (!is_function_of(loop, LLVMGetOperand(value, i), counter, depth + 1))
      return false;
  return true;
}

/* The header phi of `loop` that the atom's value is, or extends; NULL for
 * anything else. */
static LLVMValueRef counter_of(const struct ferry_loop *loop, LLVMValueRef value) {
  if (value && (LLVMIsAZExtInst(value) || LLVMIsASExtInst(value)))
    value = LLVMGetOperand(value, 0);
  if (!value || !LLVMIsAPHINode(value) || LLVMGetInstructionParent(value) != loop->header)
    return NULL;
  return value;
}

static bool atom_varies(const struct ferry_loop *loop, const struct ferry_atom *atom) {
  return (atom->kind == FERRY_ATOM_INDUCTION || atom->kind == FERRY_ATOM_OPAQUE) &&
         ferry_loop_defines(loop, atom->value);
}

/* Whether the form has a term that varies in the loop. */
static bool varies_in(const struct ferry_loop *loop, const struct ferry_affine *form) {
  for (unsigned t = 0; t < form->term_count; t++)
    for (unsigned a = 0; a < form->terms[t].atom_count; a++)
      if (atom_varies(loop, &form->terms[t].atoms[a]))
        return true;
  return false;
}

/* A pointer bumped by the loop (see the head of the file): `base`, a
 * header phi of the loop entered once from outside it, whose value from
 * inside is `getelementptr inbounds base, step` with the step fixed in the
 * loop and at least `size` bytes, and `offset` (the destination's from
 * base) fixed in the loop. */
static bool bumped_pointer(struct ferry_affine_context *affine, const struct ferry_loop *loop,
                           LLVMValueRef base, const struct ferry_affine *offset, unsigned size) {
  if (!LLVMIsAPHINode(base) || LLVMGetInstructionParent(base) != loop->header ||
      LLVMCountIncoming(base) != 2 || varies_in(loop, offset) || !size)
    return false;
  LLVMValueRef next = NULL;
  for (unsigned i = 0; i < 2; i++) {
    bool inside = false;
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(base, i);
    for (size_t b = 0; b < loop->blocks.count; b++)
      inside |= loop->blocks.items[b] == from;
    if (inside) {
      if (next)
        return false;
      next = LLVMGetIncomingValue(base, i);
    }
  }
  LLVMValueRef step_base;
  struct ferry_affine step;
  if (!next || !LLVMIsAGetElementPtrInst(next) || !LLVMIsInBounds(next) ||
      LLVMGetOperand(next, 0) != base || !ferry_affine_address(affine, next, &step_base, &step) ||
      step_base != base || varies_in(loop, &step))
    return false;
  bool has_low, has_high;
  int64_t low, high;
  ferry_affine_joint_range(&step, ferry_affine_function(affine), NULL, 0, &has_low, &low,
                           &has_high, &high);
  return has_low && low >= (int64_t)size;
}

const char *ferry_copy_loop_refusal(struct ferry_affine_context *affine,
                                    const struct ferry_loop *loop, LLVMValueRef source,
                                    LLVMValueRef destination, unsigned size) {
  static const char fixed[] =
      "the copy can execute again before any barrier: it repeats in a loop with no "
      "barrier, to a destination that does not move with a 32-bit counter of the loop "
      "(two iterations might write one element while both are in flight)";
  LLVMValueRef base;
  struct ferry_affine offset;
  if (!ferry_affine_address(affine, destination, &base, &offset))
    return fixed;
  if (bumped_pointer(affine, loop, base, &offset, size))
    return NULL;
  if (ferry_loop_defines(loop, base))
    return fixed;
  LLVMValueRef counter = NULL;
  for (unsigned t = 0; t < offset.term_count; t++) {
    const struct ferry_term *term = &offset.terms[t];
    bool varies = false;
    for (unsigned a = 0; a < term->atom_count; a++)
      varies |= atom_varies(loop, &term->atoms[a]);
    if (!varies)
      continue;
    LLVMValueRef phi = term->atom_count == 1 ? counter_of(loop, term->atoms[0].value) : NULL;
    if (!phi || counter || LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(LLVMTypeOf(phi)) > 32 || term->coefficient <= -(INT64_C(1) << 31) ||
        term->coefficient >= (INT64_C(1) << 31))
      return fixed;
    counter = phi;
  }
  if (!counter)
    return fixed;
  if (!is_function_of(loop, source, counter, 0))
    return "the copy can execute again before any barrier: it repeats in a loop with no "
           "barrier, and its source is not computed from the loop's counter alone (two "
           "iterations might write one element with different bytes while both are in "
           "flight)";
  return NULL;
}
