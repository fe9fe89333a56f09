/* The alignment prover (alignment.h). A form equals its value modulo 2^64,
 * of which every power of two up to 2^63 is a divisor, so wrapping cannot
 * change an answer drawn from low bits. The structural proof stops at
 * depth 16 and caps at 16 bytes, the most any copy instruction needs. */
#include "alignment.h"

#include "address_space.h"
#include "ir_build.h"

#include <llvm-c/Target.h>

enum { MAX_DEPTH = 16, STRUCTURAL_CAP = 16 };

unsigned ferry_affine_known_alignment(const struct ferry_affine *form, unsigned cap) {
  uint64_t bits = (uint64_t)form->constant;
  for (unsigned t = 0; t < form->term_count; t++)
    bits |= (uint64_t)form->terms[t].coefficient;
  unsigned alignment = 1;
  while (alignment < cap && !(bits & alignment))
    alignment *= 2;
  return alignment;
}

/* --- the allocation ------------------------------------------------------ */

/* As much of 16 as a __shared__ array's size is a multiple of: a ring of
 * copies of the array (pipeline.c) is 16-byte aligned and its slots lie a
 * size apart, so each slot keeps that much. */
static unsigned shared_array_slots(LLVMValueRef global) {
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(LLVMGetGlobalParent(global));
  unsigned long long size = LLVMABISizeOfType(layout, LLVMGlobalGetValueType(global));
  unsigned alignment = 16;
  while (alignment > 1 && size % alignment)
    alignment /= 2;
  return alignment;
}

static unsigned parameter_alignment(LLVMValueRef argument) {
  LLVMValueRef fn = LLVMGetParamParent(argument);
  unsigned index = 0;
  for (LLVMValueRef p = LLVMGetFirstParam(fn); p && p != argument; p = LLVMGetNextParam(p))
    index++;
  LLVMAttributeRef attribute =
      LLVMGetEnumAttributeAtIndex(fn, index + 1, LLVMGetEnumAttributeKindForName("align", 5));
  return attribute ? (unsigned)LLVMGetEnumAttributeValue(attribute) : 1;
}

static unsigned declared(unsigned alignment) { return alignment ? alignment : 1; }

unsigned ferry_base_alignment(LLVMValueRef base, enum ferry_alignment_rule rule, LLVMValueRef *raise) {
  if (raise)
    *raise = NULL;
  if (LLVMIsAArgument(base))
    return parameter_alignment(base);
  if (LLVMIsAAllocaInst(base))
    return declared(LLVMGetAlignment(base));
  if (!LLVMIsAGlobalVariable(base))
    return 1;
  unsigned own = declared(LLVMGetAlignment(base));
  bool shared = LLVMGetPointerAddressSpace(LLVMTypeOf(base)) == FERRY_ADDRSPACE_SHARED;
  if (!shared || rule == FERRY_ALIGN_AS_DECLARED)
    return own;
  if (LLVMIsDeclaration(base))
    return rule == FERRY_ALIGN_RING_SLOTS ? 1 : own;
  unsigned ours = rule == FERRY_ALIGN_RING_SLOTS ? shared_array_slots(base) : 16;
  if (!raise)
    return rule == FERRY_ALIGN_RING_SLOTS && own > ours ? ours : own;
  if (ours > own)
    *raise = base;
  return ours;
}

unsigned ferry_offset_alignment(LLVMValueRef base, const struct ferry_affine *offset,
                                enum ferry_alignment_rule rule, LLVMValueRef *raise) {
  unsigned alignment = ferry_affine_known_alignment(offset, ferry_base_alignment(base, rule, raise));
  if (raise && *raise && alignment <= declared(LLVMGetAlignment(*raise)))
    *raise = NULL; /* the array's own alignment suffices */
  return alignment;
}

/* --- the pointer's structure --------------------------------------------- */

static unsigned lowest_power_of_two(uint64_t value) {
  if (value == 0)
    return STRUCTURAL_CAP;
  uint64_t power = value & (~value + 1);
  return power >= STRUCTURAL_CAP ? STRUCTURAL_CAP : (unsigned)power;
}

static unsigned smaller(unsigned a, unsigned b) { return a < b ? a : b; }

static unsigned capped(uint64_t value) { return value >= STRUCTURAL_CAP ? STRUCTURAL_CAP : (unsigned)value; }

static bool constant_value(LLVMValueRef value, uint64_t *result) {
  if (!value || !LLVMIsAConstantInt(value))
    return false;
  *result = LLVMConstIntGetZExtValue(value);
  return true;
}

static unsigned multiple(LLVMValueRef value, int depth) {
  uint64_t constant;
  if (constant_value(value, &constant))
    return lowest_power_of_two(constant);
  if (depth > MAX_DEPTH)
    return 1;
  LLVMOpcode opcode = ferry_opcode_of(value);
  switch (opcode) {
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
    return multiple(LLVMGetOperand(value, 0), depth + 1);
  case LLVMShl:
    if (constant_value(LLVMGetOperand(value, 1), &constant) && constant < 5)
      return capped((uint64_t)multiple(LLVMGetOperand(value, 0), depth + 1) << constant);
    return 1;
  case LLVMMul:
    return capped((uint64_t)multiple(LLVMGetOperand(value, 0), depth + 1) *
                  multiple(LLVMGetOperand(value, 1), depth + 1));
  case LLVMAnd: {
    /* x & mask is a multiple of whatever either operand is a multiple of. */
    unsigned a = multiple(LLVMGetOperand(value, 0), depth + 1);
    unsigned b = multiple(LLVMGetOperand(value, 1), depth + 1);
    return a > b ? a : b;
  }
  case LLVMAdd:
  case LLVMSub:
  case LLVMOr: /* x | y with both multiples of k is one too */
    return smaller(multiple(LLVMGetOperand(value, 0), depth + 1),
                   multiple(LLVMGetOperand(value, 1), depth + 1));
  default:
    return 1;
  }
}

unsigned ferry_known_multiple(LLVMValueRef value) { return multiple(value, 0); }

static unsigned pointer_alignment(LLVMTargetDataRef layout, LLVMValueRef pointer, enum ferry_alignment_rule rule,
                                  int depth);

/* The alignment an index adds to: a multiple of the index times the
 * stride it steps by. */
static unsigned scaled(uint64_t stride, LLVMValueRef index, int depth) {
  return capped((uint64_t)lowest_power_of_two(stride) * multiple(index, depth + 1));
}

/* A GEP: the base's alignment, lowered by each offset it adds. The first
 * index steps over whole source elements; each later one steps into the
 * aggregate the previous one reached. */
static unsigned element_pointer_alignment(LLVMTargetDataRef layout, LLVMValueRef gep,
                                          enum ferry_alignment_rule rule, int depth) {
  unsigned alignment = pointer_alignment(layout, LLVMGetOperand(gep, 0), rule, depth + 1);
  LLVMTypeRef indexed = LLVMGetGEPSourceElementType(gep);
  unsigned operands = (unsigned)LLVMGetNumOperands(gep);
  if (operands > 1)
    alignment = smaller(alignment, scaled(LLVMABISizeOfType(layout, indexed), LLVMGetOperand(gep, 1), depth));
  for (unsigned i = 2; i < operands && alignment > 1; i++) {
    LLVMValueRef index = LLVMGetOperand(gep, i);
    LLVMTypeKind kind = LLVMGetTypeKind(indexed);
    uint64_t field;
    if (kind == LLVMStructTypeKind) {
      if (!constant_value(index, &field))
        return 1;
      alignment = smaller(alignment, lowest_power_of_two(LLVMOffsetOfElement(layout, indexed, (unsigned)field)));
      indexed = LLVMStructGetTypeAtIndex(indexed, (unsigned)field);
    } else if (kind == LLVMArrayTypeKind || kind == LLVMVectorTypeKind) {
      indexed = LLVMGetElementType(indexed);
      alignment = smaller(alignment, scaled(LLVMABISizeOfType(layout, indexed), index, depth));
    } else {
      return 1;
    }
  }
  return alignment;
}

static unsigned pointer_alignment(LLVMTargetDataRef layout, LLVMValueRef pointer, enum ferry_alignment_rule rule,
                                  int depth) {
  if (depth > MAX_DEPTH)
    return 1;
  if (LLVMIsAGlobalVariable(pointer) || LLVMIsAAllocaInst(pointer) || LLVMIsAArgument(pointer))
    return capped(ferry_base_alignment(pointer, rule, NULL));
  switch (ferry_opcode_of(pointer)) {
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
    return pointer_alignment(layout, LLVMGetOperand(pointer, 0), rule, depth + 1);
  case LLVMGetElementPtr:
    return element_pointer_alignment(layout, pointer, rule, depth);
  case LLVMSelect:
    return smaller(pointer_alignment(layout, LLVMGetOperand(pointer, 1), rule, depth + 1),
                   pointer_alignment(layout, LLVMGetOperand(pointer, 2), rule, depth + 1));
  default:
    return 1;
  }
}

/* --- all three ------------------------------------------------------------ */

unsigned ferry_proven_alignment(struct ferry_affine_context *context, LLVMTargetDataRef layout,
                                LLVMValueRef pointer, unsigned stated, enum ferry_alignment_rule rule,
                                LLVMValueRef *raise) {
  if (raise)
    *raise = NULL;
  unsigned alignment = stated ? stated : 1;
  unsigned structural = pointer_alignment(layout, pointer, rule, 0);
  if (structural > alignment)
    alignment = structural;
  LLVMValueRef base;
  struct ferry_affine offset;
  if (context && ferry_affine_address(context, pointer, &base, &offset)) {
    LLVMValueRef needs = NULL;
    unsigned affine = ferry_offset_alignment(base, &offset, rule, raise ? &needs : NULL);
    if (affine > alignment) {
      alignment = affine;
      if (raise)
        *raise = needs;
    }
  }
  return alignment;
}

LLVMValueRef ferry_alignment_witness(struct ferry_affine_context *context, LLVMValueRef pointer,
                                     unsigned size) {
  LLVMValueRef base;
  struct ferry_affine offset;
  if (context && ferry_affine_address(context, pointer, &base, &offset) &&
      ferry_affine_known_alignment(&offset, size) >= size)
    return base;
  return pointer;
}

bool ferry_proven_misaligned(struct ferry_affine_context *context, LLVMValueRef pointer,
                             unsigned size) {
  LLVMValueRef base;
  struct ferry_affine offset;
  if (!context || !ferry_affine_address(context, pointer, &base, &offset) ||
      !((uint64_t)offset.constant & (size - 1)) ||
      ferry_base_alignment(base, FERRY_ALIGN_AS_DECLARED, NULL) < size)
    return false;
  offset.constant = 0;
  return ferry_affine_known_alignment(&offset, size) >= size;
}
