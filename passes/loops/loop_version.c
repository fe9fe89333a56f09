/* A loop versioned on a condition computed before it (loop_version.h):
 *
 *   preheader: ...; br cond, checked, fallback
 *   checked:   br header          (the loop's own blocks, which the caller
 *                                  rewrites: a ring, no-alias facts)
 *   fallback:  br header'         (a clone of the loop, as written)
 *
 * Both leave to the loop's exit, whose phis and the uses beyond the loop
 * see whichever version ran (loop_clone.c). The condition is the caller's
 * (a range check, alignment, address spaces): it is built before the
 * preheader's branch after the split, so that the clone is made first and
 * whatever the caller adds to the fallback's entry comes before it. */
#include "loop_version.h"

#include "bridge.h"

#include <llvm-c/DebugInfo.h>

void ferry_loop_version_split(const struct ferry_vec *blocks, LLVMValueRef preheader_branch,
                              LLVMBasicBlockRef latch, LLVMBasicBlockRef exit,
                              const char *checked_name, const char *fallback_name,
                              struct ferry_loop_versions *versions) {
  LLVMBasicBlockRef preheader = LLVMGetInstructionParent(preheader_branch);
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(preheader_branch));
  *versions = (struct ferry_loop_versions){.preheader = preheader};
  versions->checked = ferry_split_block_before(preheader_branch, checked_name);
  versions->fallback = LLVMInsertBasicBlockInContext(context, versions->checked, fallback_name);
  ferry_clone_loop(blocks, versions->checked, latch, exit, versions->fallback, &versions->clones);
}

void ferry_loop_version_position(LLVMBuilderRef builder, const struct ferry_loop_versions *versions) {
  LLVMValueRef jump = LLVMGetBasicBlockTerminator(versions->preheader);
  LLVMPositionBuilderBefore(builder, jump);
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(jump));
}

void ferry_loop_version_branch(LLVMBuilderRef builder, struct ferry_loop_versions *versions,
                               LLVMValueRef condition) {
  LLVMValueRef jump = LLVMGetBasicBlockTerminator(versions->preheader);
  LLVMPositionBuilderBefore(builder, jump);
  LLVMBuildCondBr(builder, condition, versions->checked, versions->fallback);
  LLVMInstructionEraseFromParent(jump);
  ferry_map_free(&versions->clones);
}
