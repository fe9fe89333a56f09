/* Staged copies (issue 34): in a loop that holds a barrier, the load of a
 * copy refused only for a hazard at its destination (copy_record.h,
 * staged) is issued S iterations ahead by the thread's own cp.async into
 * a ring of S slots of its own in shared memory; the store, as written,
 * takes the value from its slot after the thread's wait_group. Each
 * thread reads only its own slots, so no barrier is added, and what the
 * loop does with shared memory otherwise stays as written.
 *
 * The rewrite, for every loop with such copies (at most
 * FERRY_RING_MAX_COPIES):
 *   - before the loop, one check the whole block takes alike: the block
 *     has at most the threads the ring is sized for, and the bytes the
 *     staged loads read over the block and every iteration miss those
 *     the loop's stores may write (the range check's interval mode:
 *     loop_version.h); else the loop as
 *     written (a clone: loop_version.h);
 *   - a prologue issues iterations 0..S-2, each copy where the iteration
 *     runs (counted_loop.h) and its guard holds there, one commit_group
 *     per iteration, issued or not;
 *   - the header issues iteration i+S-1 likewise, commits, and waits with
 *     cp.async.wait_group S-1 for iteration i's group;
 *   - the load reads slot i mod S; after the loop, cp.async.wait_all.
 * Each iteration adds little, since with a barrier in the loop every
 * instruction of it is on the block's path: whether an iteration ahead
 * issues is one comparison of its index with an end computed before the
 * loop (the loop's last iteration, or that of a guard bounding the counter
 * by a value fixed before it), and stage k's slot lies k times a constant
 * stride (the threads the ring is sized for) from the thread's first.
 * A guard is the chain of branches from a block every iteration runs to
 * the copy's block: each condition is computed for the later iteration
 * (pipeline_values.c) and a copy whose guard fails is not issued (its
 * slot is never read: the load runs under the same guard). Conditions
 * defined before the loop are facts wherever the copy runs: a phi the
 * loop steps only where they hold is read as stepped there
 * (ferry_pipeline_guarded_step).
 *
 * Refused, each copy left as written with a remark: a loop with no
 * barrier (registers serve it better), one not counted exactly, one that
 * holds a fence, an atomic or volatile access, a call that may access
 * memory or asynchronous copies of its own; a copy whose block is not
 * reached through one chain of branches, whose address or guard cannot
 * be computed ahead, or whose bytes, or those of a store that may write
 * them, no interval bounds. */
#ifndef FERRY_PASSES_STAGED_COPY_H
#define FERRY_PASSES_STAGED_COPY_H

#include "analyses.h"
#include "copy_record.h"
#include "loops.h"
#include "pipeline_plan.h"
#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

struct ferry_staged_loop;

/* Checks the loops of the function's staged copies (copy_plan.h,
 * ferry_plan_staged_copies: `plans`, which must outlive the loops), changing
 * nothing, but a loop holding copies fit for a ring (`ring_plans`: the
 * ring's or, where none took it, the prefetch's): pushes each loop that can be staged onto `loops` (struct
 * ferry_staged_loop *); records at every other copy's decision in
 * `record` why its load is not staged (copy_record.h, not_staged: said
 * with its refusal). */
void ferry_staged_check(LLVMModuleRef module, struct ferry_analyses *analyses,
                        const struct ferry_vec *plans, const struct ferry_vec *ring_plans,
                        struct ferry_copy_record *record, struct ferry_vec *loops);

/* Builds the loop's check before it, while the function's analyses still
 * describe its IR: every loop's before any is rewritten. */
void ferry_staged_prepare(LLVMModuleRef module, LLVMBuilderRef builder,
                          struct ferry_staged_loop *loop);
/* Rewrites the loop (above), records its stores as staged and the
 * fallback's as kept in `record`, says the remarks; frees it. */
void ferry_staged_apply(LLVMModuleRef module, LLVMBuilderRef builder,
                        struct ferry_staged_loop *loop, struct ferry_copy_record *record);
void ferry_staged_free(struct ferry_staged_loop *loop);

#endif
