/* Block-strided copy loops (issue 13, shape 4): a copy that runs once per
 * iteration of a loop with no barrier in it, every iteration's cp.async in
 * flight until the wait before the barrier after the loop (copy_loop.c). */
#ifndef FERRY_PASSES_COPY_LOOP_H
#define FERRY_PASSES_COPY_LOOP_H

#include "affine.h"
#include "loops.h"

#include <llvm-c/Core.h>

/* NULL when no two iterations of `loop` can make one thread's copy of
 * `size` bytes write one destination element with different bytes, else a
 * sentence (for a remark) saying why they might. */
const char *ferry_copy_loop_refusal(struct ferry_affine_context *affine,
                                    const struct ferry_loop *loop, LLVMValueRef source,
                                    LLVMValueRef destination, unsigned size);

#endif
