/* What ferry-lower can prove about a memcpy_async call's operands at
 * compile time: the alignment of a pointer, the power of two an integer is
 * a multiple of. Answers are lower bounds (1 means nothing is known), capped
 * at FERRY_LOWER_MAX_ALIGN: no copy instruction needs more. */
#ifndef FERRY_PASSES_LOWER_FACTS_H
#define FERRY_PASSES_LOWER_FACTS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

enum { FERRY_LOWER_MAX_ALIGN = 16 };

/* The largest power of two (<= 16) the pointer's address is known to be a
 * multiple of: the alignment of the object it points into (a global or
 * shared variable, an alloca, a parameter with an `align` attribute) and the
 * offsets added to it (constant, or a known multiple times a stride). */
unsigned ferry_known_pointer_alignment(LLVMModuleRef module, LLVMValueRef pointer);

/* The largest power of two (<= 16) an integer is known to be a multiple of:
 * constants, shifts and multiplications by constants, masks that clear the
 * low bits, and sums of such. 16 for the constant 0. */
unsigned ferry_known_multiple(LLVMValueRef value);

/* A constant integer's value. */
bool ferry_constant_value(LLVMValueRef value, uint64_t *result);

#endif
