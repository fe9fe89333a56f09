/* What the staged copies' check finds and their rewrite uses: a loop's
 * staged copies, their guards, the range check and the stages (private to
 * staged_check.c and staged_copy.c; staged_copy.h is the interface). */
#ifndef FERRY_PASSES_STAGED_PLAN_H
#define FERRY_PASSES_STAGED_PLAN_H

#include "counted_loop.h"
#include "dominators.h"
#include "loop_context.h"
#include "loop_version.h"
#include "pipeline_plan.h"
#include "uniformity.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* Stages and the block the static ring is sized for. The ring is static:
 * a trial variant gets no dynamic shared memory of its own. Sixteen KiB,
 * the default budget of a ring (pipeline_plan.h, RING_BUDGET), holds 8
 * stages of two 4-byte loads for blocks of up to 256 threads; laplace3d's
 * loads staged by hand ran 2.77x at 4 and at 8 stages alike (H200,
 * 256^3). A larger block runs the loop as written (the check before it). */
enum { STAGED_STAGES = 8, STAGED_THREADS = 256, STAGED_BUDGET = RING_BUDGET,
       MAX_GUARDS = 8, MAX_WRITES = FERRY_RANGE_MAX_WRITES };

struct staged_copy {
  const struct ferry_copy_site *site;
  /* The copy's values ahead (cone, steps, its facts: pipeline_plan.h). */
  struct ferry_pipeline *values;
  /* Its guard: each condition, and the way it holds where the copy runs. */
  LLVMValueRef guards[MAX_GUARDS];
  bool guard_holds[MAX_GUARDS];
  size_t guard_count;
};

struct ferry_staged_loop {
  struct ferry_loop_context context;
  struct staged_copy copies[FERRY_RING_MAX_COPIES];
  size_t count;
  /* The range check: read c is copy c's load, each write a store of the
   * loop that may write a source, with the sources it may write. */
  struct ferry_range_check *ranges;
  /* Each store's facts: the conditions, fixed before the loop, of the
   * branches whose one way leads to it (its range then leaves out the
   * values of threads that never store). */
  struct ferry_pipeline *write_facts[MAX_WRITES];
  size_t write_count;
  unsigned stages, threads;
  char stage_reason[FERRY_REASON_SIZE];
  LLVMValueRef check; /* i1 before the loop (ferry_staged_prepare) */
};

#endif
