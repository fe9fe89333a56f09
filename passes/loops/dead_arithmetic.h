/* The arithmetic a loop rewrite leaves dead (dead_arithmetic.c). */
#ifndef FERRY_PASSES_DEAD_ARITHMETIC_H
#define FERRY_PASSES_DEAD_ARITHMETIC_H

#include <llvm-c/Core.h>

/* What the copies the rings replaced computed and nothing uses now: their
 * addresses, and counters that now only count themselves (a phi and its
 * increment using each other alone), which would otherwise take registers
 * in every iteration (the backend keeps such a cycle). Once per function,
 * after every ring is made: until then, values made once for all the
 * function's copies (copy_emit.h's cache) may be unused yet. */
void ferry_pipeline_remove_dead_arithmetic(LLVMValueRef fn);

#endif
