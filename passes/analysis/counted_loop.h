/* A counted loop: one latch, which is also its only exit, ending in
 * `br (icmp c, bound), header, exit` (or swapped), c an induction variable
 * of the loop (loops.h) or its increment, bound loop-invariant. One
 * reading of the loop's trip for every pass that looks ahead of the
 * current iteration: the ring (pipeline_check.c) and the L2 prefetch
 * (loop_prefetch.c). A member of the per-function analyses (analyses.h),
 * computed per loop when first asked for; a snapshot of the IR, like the
 * loops it is built on.
 *
 * Two further readings, each computed with the shape:
 * - exact (the ring's): the values the latch tests only grow until one
 *   fails the test, or, the counter counting down (a negative step), only
 *   shrink until one fails it, so which iterations run is told exactly
 *   from the counter; counts_while is then the test as `tested PRED
 *   bound`, with a != counting by more than 1 read as < of the increment's
 *   no-wrap flag (> of nsw counting down).
 * - the prefetch's own, in loop_prefetch.c: a counter counting up, any <
 *   or <= test, or != by 1, its wrap checked where it reads ahead
 *   (ferry_counted_loop_runs_checked). */
#ifndef FERRY_PASSES_COUNTED_LOOP_H
#define FERRY_PASSES_COUNTED_LOOP_H

#include "loop_limits.h"
#include "loops.h"
#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* The first way a loop is not counted, in the order checked. */
enum ferry_counted_shape {
  FERRY_COUNTED,                /* the shape above: every field below is set */
  FERRY_COUNTED_NO_PREHEADER,
  FERRY_COUNTED_LATCHES,        /* not one latch that is the only exit */
  FERRY_COUNTED_NOT_CONDITIONAL,
  FERRY_COUNTED_NOT_ICMP,
  FERRY_COUNTED_NO_COUNTER,     /* no induction variable c, or a loop-defined bound */
};

struct ferry_counted_loop {
  const struct ferry_loop *loop;
  enum ferry_counted_shape shape;
  /* In the pipeliner's words (pipeline_check.c's remarks): why the loop is
   * not counted, or why it is not exact; "" when it is. */
  char refusal[FERRY_REASON_SIZE];
  LLVMBasicBlockRef header, preheader, latch;
  LLVMBasicBlockRef exit;          /* set from FERRY_COUNTED_NO_COUNTER on */
  LLVMValueRef preheader_branch;   /* the preheader's terminator */
  LLVMValueRef latch_branch;
  LLVMValueRef compare;            /* the latch's icmp */
  bool continue_on_true;           /* the latch's true successor is the header */
  LLVMValueRef iv;                 /* the counting phi */
  LLVMValueRef increment;          /* iv + step, the phi's value from the latch */
  /* A counter that steps by a value fixed before the loop, not a
   * constant (counted_by_value.h): that value (step is then 0), else
   * NULL. clamped_step: the loop clamps it in the iteration that leaves
   * (`if (j + s > n) s = n - j; j += s`), so iv + step_value is iv's next
   * value in every iteration that goes on, not the increment. */
  LLVMValueRef step_value;
  bool clamped_step;
  LLVMValueRef start;              /* the phi's value from outside the loop */
  LLVMValueRef bound;
  int64_t step;                    /* of iv, any sign */
  unsigned width;                  /* of iv, in bits */
  bool no_signed_wrap, no_unsigned_wrap; /* the increment's flags */
  bool tests_next;                 /* c is the increment (else iv itself) */
  bool counter_first;              /* c is the icmp's first operand */
  /* The latch's test read as `c PRED bound`, true while the loop goes on. */
  LLVMIntPredicate continue_while;
  /* The exact reading (above); counts_while is LLVMIntNE (step 1 or -1,
   * any wrapping), ULT, SLT, ULE or SLE counting up, UGT, SGT, UGE or SGE
   * counting down. */
  bool exact;
  LLVMIntPredicate counts_while;
  /* A counter stepping by step_value: the exact reading (counting up,
   * counts_while ULT, SLT, ULE or SLE) holds where step_value is
   * positive, which its reader checks before the loop (exact is false,
   * refusal says why). Only ferry_counted_loop_last_iteration and
   * ferry_counted_loop_last_iteration_wide read it; there the step counts
   * as 1 where it is not positive (no division by 0). */
  bool exact_where_step_positive;
};

/* Computes loop's reading (every field; never NULL). The caller owns it:
 * the analyses' bundle keeps one per loop (ferry_analyses_counted_loop). */
struct ferry_counted_loop *ferry_counted_loop_compute(const struct ferry_loops *loops,
                                                      const struct ferry_loop *loop);

/* Whether `condition`, holding as `holds` where an access of the loop
 * runs, bounds the counter by a value fixed before the loop, `counter < B`
 * (or <=: `*inclusive`), the loop counting by 1: then it holds exactly at
 * the iterations up to B - start - 1 (B - start). */
bool ferry_counted_loop_guard_bound(const struct ferry_counted_loop *counted,
                                    const struct ferry_loop *loop, LLVMValueRef condition,
                                    bool holds, LLVMValueRef *bound, bool *inclusive);

/* The index of the last iteration (i64, as `last`) in which an access
 * under `guards` (each holding as `holds`) may run: `last`, the loop's,
 * or earlier where a guard bounds the counter (ferry_counted_loop_guard_bound;
 * laplace3d's `if (k < NZM1)`, without which its last plane's bounds would
 * reach a plane past its array). Exact in 64 bits: B and start have 32
 * bits or less. */
LLVMValueRef ferry_counted_loop_guarded_last(const struct ferry_counted_loop *counted,
                                             const struct ferry_loop *loop,
                                             LLVMBuilderRef builder, const LLVMValueRef *guards,
                                             const bool *holds, size_t count, LLVMValueRef last,
                                             const char *name);

/* Exact counters only (or exact where the step is positive). The index
 * of the loop's last iteration, in 64 bits, at the builder's position
 * before the loop (which runs at least once); for counters of 32 bits or
 * less, where it is below 2^32. */
LLVMValueRef ferry_counted_loop_last_iteration(const struct ferry_counted_loop *counted,
                                               LLVMBuilderRef builder);
/* The same for a counter wider than 32 bits, where that may overflow:
 * computed from the same reading of the latch, with anything that does
 * not fit 64 bits ORed into *overflow (an i1, a constant or built before).
 * Below 2^62 when *overflow ends false. */
LLVMValueRef ferry_counted_loop_last_iteration_wide(const struct ferry_counted_loop *counted,
                                                    LLVMModuleRef module, LLVMBuilderRef builder,
                                                    LLVMValueRef *overflow);
/* Exact counters only: whether iteration i+distance runs, given
 * `counter`, the iv's value at i (its start for the prologue), for
 * counters wider than 32 bits, in their own width. `distance` is an i32,
 * a constant of at least 1 or a value up to FERRY_MAX_STAGES (0:
 * iteration i itself, which runs). */
LLVMValueRef ferry_counted_loop_runs_ahead(const struct ferry_counted_loop *counted,
                                           LLVMBuilderRef builder, LLVMValueRef counter,
                                           LLVMValueRef distance);
LLVMValueRef ferry_counted_loop_runs_ahead_const(const struct ferry_counted_loop *counted,
                                                 LLVMBuilderRef builder, LLVMValueRef counter,
                                                 unsigned distance);
/* Any counted loop whose latch tests the increment with <, <= or (step
 * 1) !=, its counter of 32 or 64 bits and its step at most
 * FERRY_PREFETCH_MAX_STEP: whether iteration i+distance runs (distance >= 1,
 * of the counter's type, at most FERRY_PREFETCH_MAX_DISTANCE), at the
 * builder's position inside the loop, reading the latch's own test at
 * the counter distance steps on; and, the test being < or <=, or the
 * counter being read sign- or zero-extended by 32-bit addresses
 * (read_signed, read_unsigned), that the counter did not wrap on the way
 * in that reading. */
LLVMValueRef ferry_counted_loop_runs_checked(const struct ferry_counted_loop *counted,
                                             LLVMBuilderRef builder, LLVMValueRef distance,
                                             bool read_signed, bool read_unsigned);

#endif
