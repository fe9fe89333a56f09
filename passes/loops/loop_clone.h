/* A second copy of a loop, for loop versioning (loop_version.h): one
 * version stays as written, the caller rewrites the other. */
#ifndef FERRY_PASSES_LOOP_CLONE_H
#define FERRY_PASSES_LOOP_CLONE_H

#include "util.h"

#include <llvm-c/Core.h>

/* Clones `blocks` (a loop with a preheader, entered only at its header,
 * left only from `latch` to `exit`) after the last of them. `map` receives
 * every original block and instruction with its clone (the header's phis
 * are rebuilt). The clone is entered by branching to the cloned header
 * from `clone_preheader`, whose incoming values in the header's phis are
 * the original preheader's; it leaves from the cloned latch to `exit`,
 * whose phis take the clone's values, and every use of a loop value
 * beyond the loop now sees whichever version ran (a phi in `exit` where
 * needed). */
void ferry_clone_loop(const struct ferry_vec *blocks, LLVMBasicBlockRef preheader,
                      LLVMBasicBlockRef latch, LLVMBasicBlockRef exit,
                      LLVMBasicBlockRef clone_preheader, struct ferry_map *map);

/* The clone of `value` from `map`, or `value` itself when it was not
 * cloned (defined outside the loop). */
LLVMValueRef ferry_cloned(const struct ferry_map *map, LLVMValueRef value);
LLVMBasicBlockRef ferry_cloned_block(const struct ferry_map *map, LLVMBasicBlockRef block);

#endif
