/* Which values of a function are uniform: the same in every thread of a
 * block that computes them. Sources of difference are the thread index and
 * other per-thread special registers, memory (loads, atomics; but a load
 * at a uniform address of memory nothing changes while the kernel runs:
 * __constant__, a by-value kernel parameter the kernel only reads, or
 * !invariant.load), allocas,
 * calls, merges of control flow (phis), undef, and the arguments of a
 * function that is not a kernel (its caller may pass per-thread values).
 * A loop's induction variable stays uniform when its start is uniform and
 * every branch that leaves its loop decides uniformly, so that all threads
 * run the same iterations. */
#ifndef FERRY_PASSES_UNIFORMITY_H
#define FERRY_PASSES_UNIFORMITY_H

#include "loops.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

struct ferry_uniformity;

/* NULL for a declaration. `loops` must be of the same function and must
 * outlive the result. */
struct ferry_uniformity *ferry_uniformity_compute(LLVMValueRef fn,
                                                  const struct ferry_loops *loops);
void ferry_uniformity_free(struct ferry_uniformity *uniformity);

/* Constants (but undef and poison), globals and a kernel's arguments are
 * uniform; instructions and arguments as the analysis found. */
bool ferry_is_uniform(const struct ferry_uniformity *uniformity, LLVMValueRef value);

#endif
