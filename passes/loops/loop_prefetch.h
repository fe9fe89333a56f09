/* ferry-prefetch's decision for the loops no ring takes, made with the
 * rings by the plan's first pass (loop_prefetch.c). */
#ifndef FERRY_PASSES_LOOP_PREFETCH_H
#define FERRY_PASSES_LOOP_PREFETCH_H

#include "analyses.h"
#include "copy_record.h"
#include "util.h"

#include <llvm-c/Core.h>

/* Decides, on the IR before any rewrite, which loops holding `plans`
 * (struct ferry_planned_copy *: the copies fit for a ring; those a ring
 * takes, their decisions dropped, and guarded ones left out) ferry-prefetch
 * prefetches, into each copy's decision (copy_record.h), with why where it
 * does not; says nothing. */
void ferry_prefetch_decide(LLVMModuleRef module, struct ferry_analyses *analyses,
                           struct ferry_copy_record *record, const struct ferry_vec *plans);

#endif
