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
 * one p read one address, which nothing in the loop writes (copy_site.c
 * checks the loop's instructions: no access to the destination's array, no
 * write of the source, no synchronisation; barrier.c that the loop holds no
 * barrier and every path out of it reaches one without entering it again).
 * No monotonic counter or trip count is needed. */
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

const char *ferry_copy_loop_refusal(struct ferry_affine_context *affine,
                                    const struct ferry_loop *loop, LLVMValueRef source,
                                    LLVMValueRef destination) {
  static const char fixed[] =
      "the copy can execute again before any barrier: it repeats in a loop with no "
      "barrier, to a destination that does not move with a 32-bit counter of the loop "
      "(two iterations might write one element while both are in flight)";
  LLVMValueRef base;
  struct ferry_affine offset;
  if (!ferry_affine_address(affine, destination, &base, &offset) || ferry_loop_defines(loop, base))
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
