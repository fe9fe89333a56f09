/* What ferry-lower can prove about a memcpy_async call's operands at
 * compile time: the alignment of a pointer, the power of two an integer is
 * a multiple of. Answers are lower bounds (1 means nothing is known), capped
 * at FERRY_LOWER_MAX_ALIGN: no copy instruction needs more. */
#ifndef FERRY_PASSES_LOWER_FACTS_H
#define FERRY_PASSES_LOWER_FACTS_H

#include "alignment.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

enum { FERRY_LOWER_MAX_ALIGN = 16 };

/* The largest power of two (<= 16) the pointer's address is known to be a
 * multiple of: the alignment of the object it points into (a global or
 * shared variable, an alloca, a parameter with an `align` attribute) and the
 * offsets added to it (constant, or a known multiple times a stride), as
 * alignment.h proves it. ferry_known_multiple (alignment.h) gives an
 * integer's. */
unsigned ferry_known_pointer_alignment(LLVMModuleRef module, LLVMValueRef pointer);

/* A constant integer's value. */
bool ferry_constant_value(LLVMValueRef value, uint64_t *result);

#endif
