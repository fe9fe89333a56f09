/* The hazards of one copy, private to copy_site.c (which finds copies) and
 * copy_hazards.c (which weighs what the thread does around them): each
 * search callback (barrier.h) answers NULL for an instruction the copy may
 * be reordered with, else a sentence saying why not, for a remark. */
#ifndef FERRY_PASSES_COPY_HAZARDS_H
#define FERRY_PASSES_COPY_HAZARDS_H

#include "copy_site.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* Between the copy and its consumer barriers (context: the copy's site):
 * what synchronises, writes the source (but a store versioned on a
 * run-time test, which it adds to the site's alias stores) or touches the
 * destination where the offsets do not tell it apart. */
const char *ferry_copy_hazard(LLVMValueRef inst, void *context);

/* Back from the copy to the barrier before it: an access to the
 * destination or a write of the source, which the cp.async is not ordered
 * after. */
const char *ferry_earlier_access_hazard(LLVMValueRef inst, void *context);

/* The same for a copy loop's copy: any access to the destination's array. */
const char *ferry_loop_earlier_hazard(LLVMValueRef inst, void *context);

/* Whether an objection of the searches above (the very pointer they
 * returned) concerns only where the copy's value lands: the thread's own
 * or another thread's access to the destination. A load refused for that
 * alone may still be issued early into slots of its own, the store left
 * as written (copy_site.h, landing_hazard; staged_copy.h). */
bool ferry_destination_hazard(const char *objection);

/* A copy that can run again before any barrier: a copy loop's, when its
 * innermost loop holds no barrier and copy_loop.c proves the iterations'
 * copies apart; NULL then (site->loop and site->consumers set), else why
 * not. */
const char *ferry_match_copy_loop(struct ferry_copy_site *site, LLVMValueRef inst);

#endif
