/* Values as another thread of the block computes them.
 *
 * The linear chunk form (copy_emit.c) has a thread issue a chunk of a row
 * that other threads own: it needs that row's addresses as that row's
 * threads compute them. When an address is pure arithmetic over
 * threadIdx.x, threadIdx.y and values uniform across the block, cloning
 * the arithmetic with the thread indices replaced gives exactly that
 * (thread (x, y) of the block runs the same code at the same point, so the
 * clone has no poison that thread's computation lacks). */
#ifndef FERRY_PASSES_THREAD_VALUES_H
#define FERRY_PASSES_THREAD_VALUES_H

#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

struct ferry_uniformity;

/* Whether inst reads a special register a thread reads the same every time
 * (tid, ntid, ctaid, nctaid): a value of the thread, fixed in every loop. */
bool ferry_reads_fixed_register(LLVMValueRef inst);

/* Whether `value` is pure arithmetic (integer operations, casts, GEPs,
 * compares, selects) over reads of threadIdx.x and threadIdx.y and values
 * the uniformity analysis proves uniform. */
bool ferry_thread_pure(const struct ferry_uniformity *uniformity, LLVMValueRef value);

/* `value`, proved pure by ferry_thread_pure (or derived from such a value
 * by replacing uniform values with uniform values), as the thread with
 * threadIdx.x = x and threadIdx.y = y (i32; NULL keeps this thread's)
 * computes it: the instructions between the index reads and `value` are
 * cloned at the builder's position. `made` memoizes; the caller frees it. */
LLVMValueRef ferry_value_for_thread(LLVMBuilderRef builder, LLVMValueRef value, LLVMValueRef x,
                                    LLVMValueRef y, struct ferry_map *made);

#endif
