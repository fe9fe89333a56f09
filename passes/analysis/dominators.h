/* Dominator tree of one function, computed from scratch in C (llvm-c has no
 * access to LLVM's DominatorTree). A block is reachable when a path from the
 * entry reaches it; an unreachable block is dominated by nothing and
 * dominates nothing, not even itself, so that no conclusion is ever drawn
 * from code that never runs. The analysis is a snapshot: recompute it after
 * changing the function's control flow. */
#ifndef FERRY_PASSES_DOMINATORS_H
#define FERRY_PASSES_DOMINATORS_H

#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

struct ferry_dominators;

/* NULL for a declaration (no body). */
struct ferry_dominators *ferry_dominators_compute(LLVMValueRef fn);
void ferry_dominators_free(struct ferry_dominators *dominators);

bool ferry_block_is_reachable(const struct ferry_dominators *dominators,
                              LLVMBasicBlockRef block);
/* NULL for the entry block and for unreachable blocks. */
LLVMBasicBlockRef ferry_immediate_dominator(const struct ferry_dominators *dominators,
                                            LLVMBasicBlockRef block);
/* Every path from the entry to b passes through a; a block dominates itself. */
bool ferry_block_dominates(const struct ferry_dominators *dominators,
                           LLVMBasicBlockRef a, LLVMBasicBlockRef b);
/* a executes before b on every path from the entry to b: a's block strictly
 * dominates b's, or both share a block and a comes first. Never true for
 * a == b. */
bool ferry_instruction_dominates(const struct ferry_dominators *dominators,
                                 LLVMValueRef a, LLVMValueRef b);

/* The reachable blocks in reverse postorder (the entry first; a block comes
 * after its dominators), as LLVMBasicBlockRef items. */
const struct ferry_vec *ferry_reverse_postorder(const struct ferry_dominators *dominators);

/* The distinct predecessors of a block, reachable or not, in function order
 * (llvm-c gives successors only). */
const struct ferry_vec *ferry_block_predecessors(const struct ferry_dominators *dominators,
                                                 LLVMBasicBlockRef block);

#endif
