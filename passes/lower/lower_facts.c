/* Alignment and divisibility facts for ferry-lower, from the prover every
 * copy form shares (alignment.h). A fact it cannot see becomes a run-time
 * check in the lowered code (and at -O1 and above the optimizer folds that
 * check when LLVM's own known-bits analysis proves it), so missing a fact
 * costs one branch, never correctness. */
#include "lower_facts.h"

#include "alignment.h"

bool ferry_constant_value(LLVMValueRef value, uint64_t *result) {
  if (!value || !LLVMIsAConstantInt(value))
    return false;
  *result = LLVMConstIntGetZExtValue(value);
  return true;
}

/* The prover's structural half: ferry-lower runs before the optimizer, with
 * no affine forms, and raises no array's alignment. */
unsigned ferry_known_pointer_alignment(LLVMModuleRef module, LLVMValueRef pointer) {
  unsigned alignment = ferry_proven_alignment(NULL, LLVMGetModuleDataLayout(module), pointer, 1,
                                              FERRY_ALIGN_AS_DECLARED, NULL);
  return alignment < FERRY_LOWER_MAX_ALIGN ? alignment : FERRY_LOWER_MAX_ALIGN;
}
