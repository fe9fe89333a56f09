/* Alignment and divisibility facts for ferry-lower. Deliberately local and
 * simple: a fact it cannot see becomes a run-time check in the lowered code
 * (and at -O1 and above the optimizer folds that check when LLVM's own
 * known-bits analysis proves it), so missing a fact costs one branch, never
 * correctness. */
#include "lower_facts.h"

#include "ir_build.h"

#include <llvm-c/Target.h>

enum { MAX_DEPTH = 16 };

static unsigned lowest_power_of_two(uint64_t value) {
  if (value == 0)
    return FERRY_LOWER_MAX_ALIGN;
  uint64_t power = value & (~value + 1);
  return power >= FERRY_LOWER_MAX_ALIGN ? FERRY_LOWER_MAX_ALIGN : (unsigned)power;
}

static unsigned smaller(unsigned a, unsigned b) { return a < b ? a : b; }

static unsigned capped(uint64_t value) {
  return value >= FERRY_LOWER_MAX_ALIGN ? FERRY_LOWER_MAX_ALIGN : (unsigned)value;
}

bool ferry_constant_value(LLVMValueRef value, uint64_t *result) {
  if (!value || !LLVMIsAConstantInt(value))
    return false;
  *result = LLVMConstIntGetZExtValue(value);
  return true;
}

static unsigned multiple(LLVMValueRef value, int depth) {
  uint64_t constant;
  if (ferry_constant_value(value, &constant))
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
    if (ferry_constant_value(LLVMGetOperand(value, 1), &constant) && constant < 5)
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

static unsigned parameter_alignment(LLVMValueRef argument) {
  LLVMValueRef function = LLVMGetParamParent(argument);
  unsigned index = 1;
  for (LLVMValueRef p = LLVMGetFirstParam(function); p && p != argument; p = LLVMGetNextParam(p))
    index++;
  unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef attribute = LLVMGetEnumAttributeAtIndex(function, index, kind);
  return attribute ? capped(LLVMGetEnumAttributeValue(attribute)) : 1;
}

static unsigned pointer_alignment(LLVMTargetDataRef layout, LLVMValueRef pointer, int depth);

/* The alignment an index adds to: a multiple of the index times the
 * stride it steps by. */
static unsigned scaled(uint64_t stride, LLVMValueRef index, int depth) {
  return capped((uint64_t)lowest_power_of_two(stride) * multiple(index, depth + 1));
}

/* A GEP: the base's alignment, lowered by each offset it adds. The first
 * index steps over whole source elements; each later one steps into the
 * aggregate the previous one reached. */
static unsigned element_pointer_alignment(LLVMTargetDataRef layout, LLVMValueRef gep, int depth) {
  unsigned alignment = pointer_alignment(layout, LLVMGetOperand(gep, 0), depth + 1);
  LLVMTypeRef indexed = LLVMGetGEPSourceElementType(gep);
  unsigned operands = (unsigned)LLVMGetNumOperands(gep);
  if (operands > 1)
    alignment = smaller(alignment, scaled(LLVMABISizeOfType(layout, indexed), LLVMGetOperand(gep, 1), depth));
  for (unsigned i = 2; i < operands && alignment > 1; i++) {
    LLVMValueRef index = LLVMGetOperand(gep, i);
    LLVMTypeKind kind = LLVMGetTypeKind(indexed);
    uint64_t field;
    if (kind == LLVMStructTypeKind) {
      if (!ferry_constant_value(index, &field))
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

static unsigned pointer_alignment(LLVMTargetDataRef layout, LLVMValueRef pointer, int depth) {
  if (depth > MAX_DEPTH)
    return 1;
  if (LLVMIsAGlobalVariable(pointer) || LLVMIsAAllocaInst(pointer))
    return capped(LLVMGetAlignment(pointer) ? LLVMGetAlignment(pointer) : 1);
  if (LLVMIsAArgument(pointer))
    return parameter_alignment(pointer);
  switch (ferry_opcode_of(pointer)) {
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
    return pointer_alignment(layout, LLVMGetOperand(pointer, 0), depth + 1);
  case LLVMGetElementPtr:
    return element_pointer_alignment(layout, pointer, depth);
  case LLVMSelect:
    return smaller(pointer_alignment(layout, LLVMGetOperand(pointer, 1), depth + 1),
                   pointer_alignment(layout, LLVMGetOperand(pointer, 2), depth + 1));
  default:
    return 1;
  }
}

unsigned ferry_known_pointer_alignment(LLVMModuleRef module, LLVMValueRef pointer) {
  return pointer_alignment(LLVMGetModuleDataLayout(module), pointer, 0);
}
