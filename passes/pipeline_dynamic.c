/* Extern __shared__ rings: the kernel's hint and one stage's extent (see
 * pipeline_dynamic.h). */
#include "pipeline_dynamic.h"

#include "bridge.h"
#include "dispatch.h"
#include "kernel_options.h"
#include "memory.h"
#include "target.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ferry_dynamic_shared_hint(LLVMValueRef fn, unsigned long long *bytes, char *reason, size_t size) {
  struct ferry_kernel_options options; /* checked in kernel_options.c */
  if (!ferry_kernel_options(fn, &options))
    return ferry_refuse(reason, size, "the kernel's ferry annotations are in error");
  if (!options.dynamic_shared)
    return ferry_refuse(reason, size,
                        "the destination is an extern __shared__ array; to pipeline it, give the "
                        "kernel annotate(\"ferry:dynamic_shared=BYTES\"), BYTES the dynamic shared "
                        "memory it is launched with");
  *bytes = options.dynamic_shared;
  return true;
}

bool ferry_dynamic_ring_relocates(LLVMValueRef fn) {
  struct ferry_kernel_options options;
  return ferry_dispatch_original(fn) != fn && ferry_kernel_options(fn, &options) &&
         !options.dynamic_shared;
}

/* Raises a bound to all ones up to its top bit: what an or or xor of
 * values within [0, bound] stays within. */
static unsigned long long fill_below_top_bit(unsigned long long bound) {
  for (unsigned shift = 1; shift < 64; shift *= 2)
    bound |= bound >> shift;
  return bound;
}

/* An upper bound of an integer value read as unsigned, for the values an
 * index into a tile is made of: thread indices and block sizes, constants,
 * and what remainders, masks, shifts and non-wrapping sums make of them
 * (`(threadIdx.x + 1) % blockDim.x`, `t ^ 1`). False when there is none. */
static bool upper_bound(LLVMValueRef fn, LLVMValueRef value, unsigned depth, unsigned long long *bound) {
  unsigned long long a = 0, b = 0;
  if (LLVMIsAConstantInt(value)) {
    *bound = LLVMConstIntGetZExtValue(value);
    return true;
  }
  if (depth > 8 || !LLVMIsAInstruction(value))
    return false;
  bool call = LLVMIsACallInst(value) != NULL;
  if (call && ferry_calls_prefix(value, "llvm.nvvm.read.ptx.sreg.tid.")) {
    *bound = ferry_max_block_threads(fn) - 1;
    return true;
  }
  if (call && ferry_calls_prefix(value, "llvm.nvvm.read.ptx.sreg.ntid.")) {
    *bound = ferry_max_block_threads(fn);
    return true;
  }
  LLVMOpcode opcode = LLVMGetInstructionOpcode(value);
  switch (opcode) { /* those below; bound no operand of anything else */
  case LLVMZExt: case LLVMTrunc: case LLVMSExt: case LLVMURem: case LLVMAnd: case LLVMOr:
  case LLVMXor: case LLVMLShr: case LLVMAdd:
    break;
  default:
    return false;
  }
  bool has_left = LLVMGetNumOperands(value) >= 1 && upper_bound(fn, LLVMGetOperand(value, 0), depth + 1, &a);
  bool has_right = LLVMGetNumOperands(value) >= 2 && upper_bound(fn, LLVMGetOperand(value, 1), depth + 1, &b);
  switch (opcode) {
  case LLVMZExt:
    *bound = a;
    return has_left;
  case LLVMTrunc: { /* what fits keeps its value; anything else fits the width */
    unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(value));
    unsigned long long all_ones = width >= 64 ? ~0ull : (1ull << width) - 1;
    *bound = has_left && a <= all_ones ? a : all_ones;
    return true;
  }
  case LLVMSExt: /* only a value known not negative extends to itself */
    *bound = a;
    return has_left && LLVMGetNNeg(value);
  case LLVMURem: /* below the divisor, and at most the dividend */
    if (has_right && b > 0)
      *bound = has_left && a < b - 1 ? a : b - 1;
    else
      *bound = a;
    return (has_right && b > 0) || has_left;
  case LLVMAnd:
    if (has_left && has_right)
      *bound = a < b ? a : b;
    else
      *bound = has_left ? a : b;
    return has_left || has_right;
  case LLVMOr:
  case LLVMXor:
    *bound = fill_below_top_bit(a > b ? a : b);
    return has_left && has_right;
  case LLVMLShr:
    *bound = has_right && b < 64 ? a >> b : a;
    return has_left;
  case LLVMAdd:
    *bound = a + b;
    return has_left && has_right && LLVMGetNUW(value) && *bound >= a;
  default:
    return false;
  }
}

bool ferry_dynamic_access_end(struct ferry_affine_context *affine, LLVMValueRef fn, LLVMValueRef buffer,
                              LLVMValueRef pointer, unsigned long long size, unsigned long long *end,
                              char *reason, size_t reason_size) {
  LLVMValueRef base;
  struct ferry_affine offset;
  /* The form equals the offset modulo 2^64 (affine.h); bounded as below,
   * well inside 2^63 either way, it is the offset. */
  if (!ferry_affine_address(affine, pointer, &base, &offset) || base != buffer)
    return ferry_refuse(reason, reason_size, "an access to the extern __shared__ array has no "
                                             "offset the pass can bound");
  /* The offset lies in [lowest, highest]; every atom is in [0, its bound]. */
  long long lowest = offset.constant, highest = offset.constant;
  for (unsigned t = 0; t < offset.term_count; t++) {
    const struct ferry_term *term = &offset.terms[t];
    unsigned long long atom_bound;
    if (term->atom_count != 1 ||
        !upper_bound(fn, term->atoms[0].value ? term->atoms[0].value : NULL, 0, &atom_bound)) {
      if (term->atom_count == 1 && term->atoms[0].kind == FERRY_ATOM_TID)
        atom_bound = ferry_max_block_threads(fn) - 1;
      else if (term->atom_count == 1 && term->atoms[0].kind == FERRY_ATOM_NTID)
        atom_bound = ferry_max_block_threads(fn);
      else
        return ferry_refuse(reason, reason_size, "an access to the extern __shared__ array has an "
                                                 "offset the pass cannot bound");
    }
    /* An atom narrower than the form stands for its value read as signed:
     * below 2^31 it is the same either way. */
    if (atom_bound >= (1ull << 31) || term->coefficient > (1ll << 31) || term->coefficient < -(1ll << 31))
      return ferry_refuse(reason, reason_size, "an access to the extern __shared__ array may "
                                               "reach too far to bound");
    long long reach = term->coefficient * (long long)atom_bound;
    if (reach > 0)
      highest += reach;
    else
      lowest += reach;
  }
  if (lowest < 0)
    return ferry_refuse(reason, reason_size, "an access to the extern __shared__ array may fall "
                                             "before its start");
  if ((unsigned long long)highest + size > *end)
    *end = (unsigned long long)highest + size;
  return true;
}
