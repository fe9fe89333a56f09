/* The plan the three automatic passes share: every copy of a function
 * analysed (copy_site.c), weighed (cost_model.c) and decided once, by the
 * first of them to meet it, before it rewrites anything (copy_record.h
 * keeps the decision); each pass then gives the copies it takes their
 * form (copy_form.h: per-thread, block-collective, on sm_90 bulk rows) on
 * the IR it rewrites.
 * ferry-pipeline (pipeline_pass.c) runs first and takes the copies of the
 * loops it software-pipelines; ferry-prefetch (loop_prefetch.c) the copies
 * fit for a ring of the loops left; ferry-async-copy (async_copy.c)
 * converts the copies left that were decided to convert one stage at a
 * time, and says why the others stay as written. */
#ifndef FERRY_PASSES_COPY_PLAN_H
#define FERRY_PASSES_COPY_PLAN_H

#include "affine.h"
#include "analyses.h"
#include "copy_form.h"
#include "copy_record.h"
#include "copy_site.h"
#include "cost_model.h"
#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* What will become of one legal copy. */
struct ferry_planned_copy {
  struct ferry_copy_site site;
  struct ferry_copy_form form;
  bool reuse_heavy; /* pays only in a chunked ring (cost_model.h) */
  bool trial;       /* a trial candidate (copy_record.h): never chosen untimed */
  char *trial_reason; /* a trial candidate's: the cost model's refusal (owned) */
};

/* Plans, once, every copy of the analyses' function that no pass planned
 * before (its decision is in the function's record, copy_record.h) and
 * that no pass before kept as written: legality (copy_site.c), the cost
 * model, whether its ring form applies and whether it converts one stage
 * at a time, and otherwise why it stays as written (remarks held for
 * ferry-async-copy; a function refused whole, below sm_80 or with
 * asynchronous copies or inline assembly of its own, is refused once).
 * Gives in `plans` (struct ferry_planned_copy *), in the function's order,
 * the copies decided fit for a ring and not taken yet, each with its site
 * and ring form on this IR (a copy planned by a pass before is analysed
 * again here: its decision stands, its site is this IR's). Ring forms are
 * never versioned on alignment: a ring's copies are issued ahead, where
 * no fallback copy stands. */
void ferry_plan_ring_copies(struct ferry_analyses *analyses, struct ferry_copy_record *record,
                            struct ferry_vec *plans);
/* The same planning, then for ferry-async-copy: in `plans`, the copies
 * decided to convert one stage at a time, each with its site and form on
 * this IR (a per-thread copy may be versioned on an alignment test; on
 * sm_90 block-collective copies may take bulk rows), and every other
 * copy's reasons said, in the function's order. A trial candidate
 * (copy_record.h, trial) is among them only where no other conversion of
 * the function, by a pass before or here, is one the rules choose untimed
 * (the variant is then a trial variant, dispatch.h); otherwise its cost
 * model's refusal is said, with why no trial takes it. */
void ferry_plan_single_stage_copies(struct ferry_analyses *analyses,
                                    struct ferry_copy_record *record, struct ferry_vec *plans);
/* The same planning, then for ferry-pipeline's staged loads
 * (staged_copy.h): in `plans`, the copies decided `staged` (copy_record.h)
 * and not taken yet, each with its site on this IR and a per-thread form. */
void ferry_plan_staged_copies(struct ferry_analyses *analyses, struct ferry_copy_record *record,
                              struct ferry_vec *plans);
/* What a pass that puts inline assembly into a function (ferry-prefetch)
 * decides for the copies it leaves: they stay as written, for that
 * assembly (what the function's check would find on the IR it leaves). */
void ferry_plan_refuse_after_inline_asm(struct ferry_copy_record *record);
void ferry_free_planned_copies(struct ferry_vec *plans);

/* The driver of the automatic passes (ferry-pipeline, ferry-prefetch,
 * ferry-async-copy): on a device module, checks the kernels' annotations
 * (whichever ferry pass runs first reports them), then runs `transform` on
 * every function the launch dispatch lets ferry convert (dispatch.h), with
 * the function's bundle of analyses (analyses.h), made for that call and
 * freed after it, and the function's record of the passes' decisions
 * (copy_record.h; a record of this call's own where `records` is NULL);
 * returns whether anything changed. */
typedef bool (*ferry_function_transform)(LLVMModuleRef module, LLVMValueRef fn,
                                         LLVMBuilderRef builder,
                                         struct ferry_analyses *analyses,
                                         struct ferry_copy_record *record);
bool ferry_transform_functions(LLVMModuleRef module, struct ferry_copy_records *records,
                               ferry_function_transform transform);

#endif
