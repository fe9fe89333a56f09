/* The analyses of one function, in one bundle: its loops (with their
 * dominator tree), its CFG's predecessors, which values are uniform, the
 * affine forms of its values, and how each loop counts. The pass driver
 * (copy_plan.h: ferry_transform_functions) builds one bundle per function
 * and pass and passes it down; each member is computed when first asked for and kept
 * until the bundle is freed or invalidated, so no analysis runs twice for
 * one function (nor at all where a pass leaves the function alone). A
 * copy's consumer barriers are its own (copy_site.h), found with the
 * bundle's members.
 *
 * The members describe the IR as it stood when each was computed. A pass
 * decides on the code as it stands and then rewrites; a query after a
 * rewrite must either be about code the rewrite did not touch (say so where
 * it happens) or follow ferry_analyses_invalidate. */
#ifndef FERRY_PASSES_ANALYSES_H
#define FERRY_PASSES_ANALYSES_H

#include "affine.h"
#include "cfg.h"
#include "counted_loop.h"
#include "dominators.h"
#include "loops.h"
#include "uniformity.h"

#include <llvm-c/Core.h>

struct ferry_analyses;

/* Computes nothing yet. */
struct ferry_analyses *ferry_analyses_create(LLVMValueRef fn);
void ferry_analyses_free(struct ferry_analyses *analyses);
LLVMValueRef ferry_analyses_function(const struct ferry_analyses *analyses);

/* Each NULL for a function with no body. */
const struct ferry_loops *ferry_analyses_loops(struct ferry_analyses *analyses);
/* The loops' dominator tree (one tree serves both). */
const struct ferry_dominators *ferry_analyses_dominators(struct ferry_analyses *analyses);
const struct ferry_cfg *ferry_analyses_cfg(struct ferry_analyses *analyses);
const struct ferry_uniformity *ferry_analyses_uniformity(struct ferry_analyses *analyses);
struct ferry_affine_context *ferry_analyses_affine(struct ferry_analyses *analyses);
/* The counted-loop reading of one of the function's loops (counted_loop.h);
 * NULL only for a loop not of ferry_analyses_loops. */
const struct ferry_counted_loop *ferry_analyses_counted_loop(struct ferry_analyses *analyses,
                                                             const struct ferry_loop *loop);

/* The function's IR changed: every member is freed, to be computed again
 * when next asked for. Whatever holds a member (a copy site's affine
 * context, a pointer fetched before) must no longer use it. */
void ferry_analyses_invalidate(struct ferry_analyses *analyses);

#endif
