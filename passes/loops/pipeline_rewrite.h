/* The rewrite's state, private to the two files that make a ring
 * (pipeline.c, and pipeline_launch_stages.c for a ring whose stages are
 * the launch's): the checked plan it follows, which it only reads, and
 * the values it makes. */
#ifndef FERRY_PASSES_PIPELINE_REWRITE_H
#define FERRY_PASSES_PIPELINE_REWRITE_H

#include "copy_emit.h"
#include "pipeline_plan.h"

/* What the rewrite makes for one ring of the plan. */
struct ring_made {
  LLVMTypeRef slot_type;     /* a slot: the array's type, a relocated ring's [extent x i8] */
  LLVMValueRef ring;         /* [S x slot_type]; NULL for a dynamic ring not relocated */
  LLVMValueRef stride;       /* i64, a per_launch ring's slots apart, before the loop */
  LLVMValueRef base;         /* a per_launch ring's slot 0, before the loop */
  LLVMValueRef compute_slot; /* slot i mod S, in the loop's header */
};

/* The rewrite's state: the checked plan it follows, which it only reads,
 * and the values it makes, which only the rewrite's two files see (the version's check
 * and its clone are handed the rings: ferry_pipeline_version). */
struct rewrite {
  const struct ferry_pipeline *p;
  struct ring_made rings[FERRY_RING_MAX_COPIES];
  /* launch_stages: the launch's S - 1 (i32), before the loop. */
  LLVMValueRef stage_mask;
  /* The index of the last iteration (i32) for a counter of 32 bits or
   * less, before the loop; NULL for a wider one, which tests itself. */
  LLVMValueRef last32;
  /* Versioned: each collective copy's chunk offsets, made before the loop
   * (copy_emit.h); where its source streams (pipeline_plan.h), the chunk
   * address of the iteration whose copies iteration 0 issues (S, or S-1
   * in a copy loop) and its step from one iteration to the next, and that
   * address as a phi of the loop's header. */
  struct ferry_chunk chunk_offsets[FERRY_RING_MAX_COPIES];
  LLVMValueRef source_starts[FERRY_RING_MAX_COPIES];
  LLVMValueRef source_steps[FERRY_RING_MAX_COPIES];
  LLVMValueRef source_chunks[FERRY_RING_MAX_COPIES];
  /* In the loop: this iteration's index (i32) and S - 1 (a constant, or
   * stage_mask); where it issues iteration i+S-1's copies during the
   * iteration (ferry_pipeline_issues_at_end), their slot and whether that
   * iteration runs. */
  LLVMValueRef iteration, issue_index, mask, ahead;
  /* Whether the loop issues a ring's chunks behind one branch rather than
   * in a loop that runs at most once (chunk_branch in pipeline.c): an i1
   * constant, or, for a loop of launch_stages, a test of stage_mask before
   * the loop that ferry_pipeline_unswitch_stages fixes in each copy; NULL
   * where the loop issues no chunks or its ring is of heavy reuse. */
  LLVMValueRef chunk_branch;
  /* Whether the loop has one barrier an iteration (pipeline_plan.h,
   * trailing_barrier): an i1 constant, or, where only a per-launch ring's
   * deeper stages take it (one_barrier_from), a test of stage_mask before
   * the loop that ferry_pipeline_unswitch_stages fixes in each copy, both
   * forms emitted until then, each behind the test. */
  LLVMValueRef one_barrier;
  /* Where one_barrier is a test: the branch on it that enters the issue
   * at the iteration's end of the copies whose S keeps two barriers
   * (issue_at_end), before which the barrier that ends each iteration
   * stands. */
  LLVMValueRef two_barrier_issue;
  /* The block of the rewritten loop that branches to its exit: the
   * latch's, or where the barrier that ended each iteration moved to the
   * exit edge (end_with_barrier in pipeline.c), the last block on it. */
  LLVMBasicBlockRef exiting;
};

/* The fewest stages S may take: 2 for in_flight_stages, 1 for a
 * per-launch ring (its launch may hold one), p->stages where fixed. */
static inline unsigned ferry_least_stages(const struct ferry_pipeline *p) {
  return !p->launch_stages ? p->stages : p->in_flight_stages ? 2 : 1;
}

/* Whether the i1 `test` (w->one_barrier, w->chunk_branch) is the constant
 * `value`. */
static inline bool ferry_test_is(LLVMValueRef test, bool value) {
  return LLVMIsAConstantInt(test) && LLVMConstIntGetZExtValue(test) == (unsigned long long)value;
}

/* `if_true` where the i1 `test` holds, else `if_false`: the one it picks
 * where the test is a constant, else a select at the builder's position. */
static inline LLVMValueRef ferry_test_choose(LLVMBuilderRef builder, LLVMValueRef test,
                                             LLVMValueRef if_true, LLVMValueRef if_false) {
  if (LLVMIsAConstantInt(test))
    return LLVMConstIntGetZExtValue(test) ? if_true : if_false;
  return LLVMBuildSelect(builder, test, if_true, if_false, "");
}

/* The groups a ring of `stages` stages leaves pending at its wait before
 * the consumer barrier: S-1 (each issue form commits a group an
 * iteration after S or S-1 of the prologue: pipeline.c), or S-2 where S
 * takes one barrier an iteration (issue_after_barrier, whose S is at
 * least 2). The wait of a fixed S and the chain of a launch's S both take
 * it. */
static inline unsigned ferry_ring_pending(const struct ferry_pipeline *p, unsigned stages) {
  unsigned from = ferry_pipeline_one_barrier_from(p);
  if (from && stages >= from)
    return stages - 2;
  return stages - 1;
}

/* A ring of launch_stages (pipeline_launch_stages.c): before the loop, S
 * (w->stage_mask) and each per-launch ring's stride; the prologue loop;
 * wait_group S-1 before the consumer barrier (never a copy loop's:
 * pipeline_copy_loop.c). */
void ferry_pipeline_make_launch_stages(LLVMModuleRef module, LLVMBuilderRef builder,
                                       struct rewrite *w);
/* The prologue's loop over k < S: the rewrite issues iteration k into
 * slot k before *at when *runs, then commits a group there. */
void ferry_pipeline_launch_prologue(LLVMModuleRef module, LLVMBuilderRef builder,
                                    const struct rewrite *w, LLVMValueRef *at, LLVMValueRef *k,
                                    LLVMValueRef *runs);
/* A loop whose S is chosen as the kernel runs (launch_stages: a
 * per-launch ring's or in_flight_stages), once rewritten: one copy of it
 * for each stage count S may take (p->stages, p->stages/2, ..., down to 2
 * for in_flight_stages, to 1 for a per-launch ring, whose launch may hold
 * one stage), the one whose count the kernel chose entered, each with
 * that count fixed, so that its wait is one wait_group and its slot mask
 * a constant. One loop with a chain of waits measured slower (H200:
 * bench/copy_compute's versioned ring of chunks at one block per SM,
 * 0.247 ms against 0.216 with a loop per count, with the waits predicated
 * instead of branched over slower still; bench/copy_extern's per-launch
 * ring of 4-byte copies, 0.189 / 0.149 / 0.149 / 0.152 ms at 1 / 2 / 4 / 8
 * blocks per SM against 0.170 / 0.147 / 0.148 / 0.151, sm_90a, medians of
 * three alternating runs). The prologue (pipeline.c) keeps S as a value. */
void ferry_pipeline_unswitch_stages(LLVMBuilderRef builder, const struct rewrite *w);
void ferry_pipeline_wait_per_launch(LLVMModuleRef module, LLVMBuilderRef builder,
                                    const struct rewrite *w);

#endif
