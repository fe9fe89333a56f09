/* Values as another thread of the block computes them: see
 * thread_values.h. The proof (ferry_thread_pure) runs at match time, where
 * the uniformity analysis is at hand; the clone runs at emission, possibly
 * on addresses the pipeliner rebuilt for a later iteration, whose leaves
 * are still uniform (induction variables advanced by uniform steps, ring
 * slots). */
#include "thread_values.h"

#include "memory.h"
#include "uniformity.h"

#include <string.h>

/* 0 for neither, 1 for threadIdx.x, 2 for threadIdx.y. */
static int thread_index_read(LLVMValueRef value) {
  if (!LLVMIsACallInst(value))
    return 0;
  LLVMValueRef callee = LLVMGetCalledValue(value);
  if (!callee || !LLVMIsAFunction(callee))
    return 0;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  if (strcmp(name, "llvm.nvvm.read.ptx.sreg.tid.x") == 0)
    return 1;
  if (strcmp(name, "llvm.nvvm.read.ptx.sreg.tid.y") == 0)
    return 2;
  return 0;
}

bool ferry_reads_fixed_register(LLVMValueRef inst) {
  static const char *const registers[] = {
      "llvm.nvvm.read.ptx.sreg.tid.",    "llvm.nvvm.read.ptx.sreg.ntid.",
      "llvm.nvvm.read.ptx.sreg.ctaid.",  "llvm.nvvm.read.ptx.sreg.nctaid.",
  };
  for (size_t i = 0; i < sizeof registers / sizeof *registers; i++)
    if (ferry_calls_prefix(inst, registers[i]))
      return true;
  return false;
}

/* Instructions that compute from their operands alone: cloning one with
 * other operands has no effect but its result. Divisions are left out (a
 * new divisor could be zero). */
static bool is_pure_arithmetic(LLVMValueRef value) {
  if (!LLVMIsAInstruction(value))
    return false;
  switch (LLVMGetInstructionOpcode(value)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMPtrToInt: case LLVMIntToPtr:
  case LLVMBitCast: case LLVMAddrSpaceCast:
  case LLVMGetElementPtr: case LLVMICmp: case LLVMSelect:
    return true;
  default:
    return false;
  }
}

static bool pure_from(const struct ferry_uniformity *uniformity, LLVMValueRef value,
                      struct ferry_map *seen, unsigned depth) {
  if (thread_index_read(value) || ferry_map_get(seen, value, NULL))
    return true;
  if (depth > 64) /* addresses are small; give up on anything larger */
    return false;
  ferry_map_put(seen, value, 1);
  if (!is_pure_arithmetic(value))
    return ferry_is_uniform(uniformity, value);
  unsigned operands = (unsigned)LLVMGetNumOperands(value);
  for (unsigned i = 0; i < operands; i++)
    if (!pure_from(uniformity, LLVMGetOperand(value, i), seen, depth + 1))
      return false;
  return true;
}

bool ferry_thread_pure(const struct ferry_uniformity *uniformity, LLVMValueRef value) {
  struct ferry_map seen = {0};
  bool pure = pure_from(uniformity, value, &seen, 0);
  ferry_map_free(&seen);
  return pure;
}

LLVMValueRef ferry_value_for_thread(LLVMBuilderRef builder, LLVMValueRef value, LLVMValueRef x,
                                    LLVMValueRef y, struct ferry_map *made) {
  intptr_t known;
  if (ferry_map_get(made, value, &known))
    return (LLVMValueRef)known;
  int index = thread_index_read(value);
  LLVMValueRef result = value;
  if (index == 1 && x)
    result = x;
  else if (index == 2 && y)
    result = y;
  else if (!index && is_pure_arithmetic(value)) {
    /* Operands before the first that changes are the clone's already. */
    LLVMValueRef clone = NULL;
    unsigned operands = (unsigned)LLVMGetNumOperands(value);
    for (unsigned i = 0; i < operands; i++) {
      LLVMValueRef operand = LLVMGetOperand(value, i);
      LLVMValueRef now = ferry_value_for_thread(builder, operand, x, y, made);
      if (now != operand && !clone)
        clone = LLVMInstructionClone(value);
      if (clone)
        LLVMSetOperand(clone, i, now);
    }
    if (clone) {
      LLVMInsertIntoBuilder(builder, clone);
      result = clone;
    }
  }
  ferry_map_put(made, value, (intptr_t)result);
  return result;
}
