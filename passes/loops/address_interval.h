/* The run-time interval of an address over a block's threads and a loop's
 * iterations (address_interval.c), private to the range check's interval
 * mode (range_intervals.c), which makes the context. */
#ifndef FERRY_PASSES_ADDRESS_INTERVAL_H
#define FERRY_PASSES_ADDRESS_INTERVAL_H

#include "range_check_plan.h"

#include "counted_loop.h"
#include "dominators.h"
#include "loop_context.h"
#include "loops.h"
#include "pipeline_plan.h"
#include "uniformity.h"
#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* The bounds of one access: with no builder, only whether its address can
 * be bounded (the reason where not); with one, built at its position `at`
 * (before the loop). */
struct interval_context {
  LLVMModuleRef module;
  LLVMBuilderRef builder; /* NULL: validate only */
  struct ferry_loop_context context;
  LLVMValueRef at;
  const struct ferry_branch_fact *facts; /* known where the access runs */
  size_t fact_count;
  LLVMValueRef last;     /* i64: the index of the loop's last iteration */
  LLVMValueRef overflow; /* i1: some bound did not fit */
  struct ferry_map lows, highs, visiting;
  char *reason;
  size_t reason_size;
};

/* One interval, each bound an i64 (NULL while only validating). */
struct interval {
  LLVMValueRef lo, hi;
};

/* The address `pointer` as base + [lo, hi] (i64 byte offsets, each bound
 * built before the loop where x->builder is set, x->overflow or-ed with
 * every bound that did not fit); false, with x->reason, where no interval
 * bounds it. */
bool ferry_address_interval(struct interval_context *x, LLVMValueRef pointer, LLVMValueRef *base,
                            LLVMValueRef *lo, LLVMValueRef *hi);

/* Frees what the evaluation kept in the context. */
void ferry_interval_context_free(struct interval_context *x);

#endif
