/* The compile-time half of ferry-lower: what the call's operands prove, and
 * the misuse that must be a compile error rather than a copy. */
#ifndef FERRY_PASSES_LOWER_CHECK_H
#define FERRY_PASSES_LOWER_CHECK_H

#include "lower_call.h"
#include "lower_emit.h"

#include <stdbool.h>
#include <stddef.h>

/* Fills `facts`. Returns false, with a message that says how to fix it,
 * when the call is known to be wrong:
 *   - an _aligned form whose alignment is not a constant, is 0, is not a
 *     power of two, is above 16 where the copy would be cp.async, or does
 *     not divide a constant size;
 *   - a barrier known not to be in shared memory (mbarrier lives there);
 *   - the TMA-only _bulk form compiled for a target before sm_90, with a
 *     source known not to be global (shared, local, ...), a destination
 *     known not to be shared, a promise below 16, or a constant size that
 *     is not a multiple of 16 or exceeds the transaction counter. */
bool ferry_lower_check(LLVMModuleRef module, const struct ferry_lower_call *call,
                       struct ferry_lower_facts *facts, char *message, size_t size);

#endif
