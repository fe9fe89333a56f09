/* Loop versioning, one utility for every loop rewrite that speculates on
 * facts only a run-time check proves: the rings (pipeline_version.c),
 * alias versioning (alias_version.c), and any rewrite that issues a load
 * early (staged copies, the prefetch), as LLVM's LoopVersioning serves
 * LoopVersioningLICM and LoopDistribute. Three parts, each usable alone:
 *
 *  - a range check (range_check.c, range_check_emit.c): whether the bytes
 *    a set of plain stores write over a counted loop's iterations miss the
 *    bytes a set of accesses read, each store against the reads it names,
 *    over the block's threads or per thread. Built from ferry's affine
 *    forms, it bounds what LLVM's LoopAccessAnalysis cannot: run-time
 *    values in several dimensions, every thread of a block, pointers
 *    stepped by a run-time amount. Its interval mode (range_intervals.c)
 *    bounds addresses that are not affine in the thread (branches on its
 *    index, indices stepped under per-thread flags) by intervals computed
 *    at run time: the rings and alias versioning use the affine forms,
 *    staged copies the intervals;
 *  - a loop versioned on a condition computed before it (loop_version.c):
 *    the loop's own blocks run where the condition holds (the caller then
 *    rewrites them), a clone, as written, where it does not;
 *  - the clone (loop_clone.c).
 *
 * The caller decides the legality around the check (what may write what a
 * later iteration reads, which accesses order the loop against other
 * blocks, whether the trip count is the block's) and words its remarks. */
#ifndef FERRY_PASSES_LOOP_VERSION_H
#define FERRY_PASSES_LOOP_VERSION_H

#include "affine.h"
#include "counted_loop.h"
#include "loop_clone.h"
#include "loop_context.h"
#include "loops.h"
#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- The range check (range_check.c) ---- */

/* Whose bytes a range covers. */
enum ferry_range_scope {
  /* Every thread of the block: threadIdx varies over [0, ntid-1], and the
   * check reads values uniform across the block only, so that the whole
   * block takes one version (a loop holding a barrier needs this). */
  FERRY_RANGE_OVER_BLOCK,
  /* The executing thread's own: threadIdx and any value defined before
   * the loop are read as they are, so threads may take different
   * versions (for a loop without a barrier, whose threads do not wait on
   * one another). */
  FERRY_RANGE_PER_THREAD,
};

/* The most stores one check compares, and the most reads (a store names
 * the reads it is checked against in a 32-bit mask). Each store costs a
 * few instructions before the loop per read it is compared with; a loop
 * with more is rarely one whose accesses a range describes well. */
enum { FERRY_RANGE_MAX_WRITES = 16, FERRY_RANGE_MAX_READS = 32 };

struct ferry_range_check;

struct ferry_range_check *ferry_range_check_new(enum ferry_range_scope scope);
void ferry_range_check_free(struct ferry_range_check *check);

/* Plans the bytes [pointer, pointer + bytes) that `at` reads in the
 * iterations of `loop`, as read number ferry_range_check_read_count()
 * before the call; or refuses, saying why no check can bound them. */
bool ferry_range_check_read(struct ferry_range_check *check, struct ferry_affine_context *affine,
                            const struct ferry_loop *loop, LLVMValueRef at, LLVMValueRef pointer,
                            unsigned long long bytes, char *reason, size_t size);
/* Plans the bytes `store` (which must be a plain store) writes in the
 * iterations of `loop`, to be compared with the reads whose bits `reads`
 * sets (reads planned before or after); or refuses. The caller keeps to
 * FERRY_RANGE_MAX_WRITES (ferry_range_check_write_count). */
bool ferry_range_check_write(struct ferry_range_check *check, struct ferry_affine_context *affine,
                             const struct ferry_loop *loop, LLVMValueRef store, uint32_t reads,
                             char *reason, size_t size);
size_t ferry_range_check_read_count(const struct ferry_range_check *check);
size_t ferry_range_check_write_count(const struct ferry_range_check *check);
/* The stores planned, for a remark: "the store at line 12:5 writes", "the
 * stores at line 12:5, to %p write". */
const char *ferry_range_check_stores(const struct ferry_range_check *check);

/* At the builder's position before the loop: i1, whether every planned
 * store's bytes miss those of each read it names, over iterations
 * 0..last (`last`: the index of the last iteration in 64 bits, or NULL
 * for a counter wider than 32 bits, whose last iteration the check
 * computes from `counted` itself), false wherever a bound might overflow.
 * Uniform across the block when the scope is FERRY_RANGE_OVER_BLOCK. */
LLVMValueRef ferry_range_check_emit(const struct ferry_range_check *check,
                                    const struct ferry_counted_loop *counted,
                                    LLVMModuleRef module, LLVMBuilderRef builder,
                                    LLVMValueRef last);

/* ---- The range check's interval mode (range_intervals.c) ---- */

struct ferry_branch_fact; /* pipeline_plan.h */

/* A range check over the block (FERRY_RANGE_OVER_BLOCK) whose reads and
 * writes are bounded by intervals, over the iterations of the context's
 * loop, built before it at its counted->preheader_branch from values the
 * whole block shares (the uniformity analysis's, dominating that point). */
struct ferry_range_check *ferry_range_check_new_intervals(const struct ferry_loop_context *context);
/* Plans the bytes [pointer, pointer + bytes) a read reads, as read number
 * ferry_range_check_read_count() before the call, where `facts` hold
 * (conditions fixed before the loop, known where it runs: the ways they
 * exclude are left out) and under its guard: `guards`, each branch
 * condition on the way to it with the way it holds there (a guard
 * `counter < B`, B fixed before the loop, ends its iterations early); or
 * refuses, saying why no interval bounds them. Facts and guards are the
 * caller's and must outlive the check. */
bool ferry_range_check_read_interval(struct ferry_range_check *check, LLVMModuleRef module,
                                     LLVMValueRef pointer, unsigned long long bytes,
                                     const struct ferry_branch_fact *facts, size_t fact_count,
                                     const LLVMValueRef *guards, const bool *guard_holds,
                                     size_t guard_count, char *reason, size_t size);
/* Plans the bytes `store` (a plain store) writes where `facts` hold, to be
 * compared with the reads whose bits `reads` sets; or refuses. */
bool ferry_range_check_write_interval(struct ferry_range_check *check, LLVMModuleRef module,
                                      LLVMValueRef store, uint32_t reads,
                                      const struct ferry_branch_fact *facts, size_t fact_count,
                                      char *reason, size_t size);
/* At the builder's position before the loop: i1, `holds` (i1, what else
 * the caller's check requires) and, for every planned store, that its
 * bytes miss those of each read it names over iterations 0..last (`last`:
 * i64, the loop's last iteration), no bound overflowing or wrapping;
 * uniform across the block. */
LLVMValueRef ferry_range_check_emit_intervals(const struct ferry_range_check *check,
                                              LLVMModuleRef module, LLVMBuilderRef builder,
                                              LLVMValueRef last, LLVMValueRef holds);

/* ---- The versions (loop_version.c) ---- */

struct ferry_loop_versions {
  LLVMBasicBlockRef preheader; /* ends in the branch on the condition */
  LLVMBasicBlockRef checked;   /* new: enters the loop's own blocks, where it holds */
  LLVMBasicBlockRef fallback;  /* new: enters the clone, where it does not */
  struct ferry_map clones;     /* each block and instruction of the loop -> its clone */
};

/* Splits the loop (`blocks`, header first; entered only from the block
 * that `preheader_branch` ends, an unconditional branch to the header;
 * left only from `latch` to `exit`) into two versions: the preheader's
 * branch moves to a new block `checked_name`, and a clone of the loop,
 * entered from a new block `fallback_name`, leaves to `exit` as the
 * loop does (loop_clone.h: values used beyond the loop see whichever
 * version ran). The preheader still jumps to the loop until
 * ferry_loop_version_branch. */
void ferry_loop_version_split(const struct ferry_vec *blocks, LLVMValueRef preheader_branch,
                              LLVMBasicBlockRef latch, LLVMBasicBlockRef exit,
                              const char *checked_name, const char *fallback_name,
                              struct ferry_loop_versions *versions);
/* Puts the builder before the preheader's jump, with its debug location:
 * the condition is built there. */
void ferry_loop_version_position(LLVMBuilderRef builder, const struct ferry_loop_versions *versions);
/* Ends the preheader in a branch on `condition` (i1, built before it; the
 * same in every thread of the block where the loop holds a barrier): the
 * loop's own blocks where it holds, the clone where not. Frees the map. */
void ferry_loop_version_branch(LLVMBuilderRef builder, struct ferry_loop_versions *versions,
                               LLVMValueRef condition);

#endif
