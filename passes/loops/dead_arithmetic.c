/* Removes the arithmetic a loop rewrite leaves dead (dead_arithmetic.h):
 * the replaced copies' address computations, and counters that only count
 * themselves. */
#include "dead_arithmetic.h"

#include <stdbool.h>

/* Arithmetic without side effects (the replaced copies' address
 * computations, the counters only they used). */
static bool is_pure(LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMTrunc: case LLVMZExt: case LLVMSExt:
  case LLVMGetElementPtr: case LLVMAddrSpaceCast: case LLVMBitCast: case LLVMPtrToInt:
  case LLVMICmp: case LLVMSelect: case LLVMFreeze: case LLVMPHI:
    return true;
  default:
    return false;
  }
}

void ferry_pipeline_remove_dead_arithmetic(LLVMValueRef fn) {
  for (bool erased = true; erased;) {
    erased = false;
    for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(fn); block;
         block = LLVMGetNextBasicBlock(block)) {
      LLVMValueRef inst = LLVMGetFirstInstruction(block);
      while (inst) {
        LLVMValueRef next = LLVMGetNextInstruction(inst);
        LLVMUseRef use = LLVMGetFirstUse(inst);
        if (is_pure(inst)) {
          if (!use) {
            LLVMInstructionEraseFromParent(inst);
            erased = true;
          } else if (LLVMIsAPHINode(inst) && !LLVMGetNextUse(use)) {
            LLVMValueRef step = LLVMGetUser(use);
            LLVMUseRef step_use = LLVMGetFirstUse(step);
            if (step != inst && is_pure(step) && step_use && !LLVMGetNextUse(step_use) &&
                LLVMGetUser(step_use) == inst) {
              if (next == step)
                next = LLVMGetNextInstruction(next);
              LLVMReplaceAllUsesWith(inst, LLVMGetPoison(LLVMTypeOf(inst)));
              LLVMInstructionEraseFromParent(step);
              LLVMInstructionEraseFromParent(inst);
              erased = true;
            }
          }
        }
        inst = next;
      }
    }
  }
}
