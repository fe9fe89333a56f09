/* CTA barriers and the consumer-barrier search.
 *
 * A copy's consumer barrier is the first CTA barrier on a path from the copy:
 * that is where the data becomes visible to the other threads, so it is
 * where an asynchronous copy must have completed. The search walks every
 * path forward from an instruction; it fails when a path returns without a
 * barrier, when the instruction can run again before one, or when the caller's
 * hazard check objects to an instruction on the way. */
#ifndef FERRY_PASSES_BARRIER_H
#define FERRY_PASSES_BARRIER_H

#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

enum ferry_sync_kind {
  FERRY_SYNC_NONE,
  FERRY_SYNC_CTA_BARRIER, /* __syncthreads() and its forms: bar.sync / barrier.sync */
  FERRY_SYNC_OTHER,       /* other synchronisation: bar.arrive, __syncwarp, fences, cluster barriers */
};

enum ferry_sync_kind ferry_classify_sync(LLVMValueRef inst);

/* Returns NULL when `inst` may stand between the copy and its barrier, or a
 * sentence (for a remark) saying why it may not. */
typedef const char *(*ferry_hazard_check)(LLVMValueRef inst, void *context);

struct ferry_consumer_search {
  struct ferry_vec barriers; /* the consumer barrier calls, in discovery order */
  LLVMValueRef blocker;      /* on failure: the instruction that stopped it */
  const char *reason;        /* on failure: why */
};

bool ferry_find_consumer_barriers(LLVMValueRef from, ferry_hazard_check hazard,
                                  void *context,
                                  struct ferry_consumer_search *result);
/* The consumer barriers of a copy in `loop` with no barrier in it (a copy
 * loop, copy_loop.h): the hazard check objects to no instruction of the
 * loop, the loop holds no CTA barrier, and every path out of the loop
 * reaches one, with no objection on the way and without entering the loop
 * again. */
struct ferry_loop;
/* Whether a block of `loop` (its inner loops' too) holds a CTA barrier. */
bool ferry_loop_holds_barrier(const struct ferry_loop *loop);
bool ferry_find_consumer_barriers_after_loop(const struct ferry_loop *loop,
                                             ferry_hazard_check hazard, void *context,
                                             struct ferry_consumer_search *result);
void ferry_consumer_search_free(struct ferry_consumer_search *result);

/* Walks every path backward from `from` to the previous CTA barrier (or the
 * function's entry) and returns the first instruction the hazard check
 * objects to, or NULL; *reason gets the objection. `cfg` is the function's
 * (analyses.h), or NULL to compute one for this search. */
struct ferry_cfg;
LLVMValueRef ferry_find_hazard_since_barrier(LLVMValueRef from, const struct ferry_cfg *cfg,
                                             ferry_hazard_check hazard,
                                             void *context, const char **reason);

#endif
