/* The plan the two automatic passes share: every copy of a function
 * analysed (copy_site.c), weighed (cost_model.c) and given a form
 * (copy_form.h: per-thread, block-collective, on sm_90 bulk rows), before
 * anything is rewritten.
 * ferry-pipeline (pipeline_pass.c) runs first and takes the copies of the
 * loops it software-pipelines; ferry-async-copy (async_copy.c) converts
 * the copies left. */
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
};

/* Which pass plans: the pipeliner says nothing of the copies it leaves
 * (ferry-async-copy, which plans them again, does). */
enum ferry_plan_purpose {
  FERRY_PLAN_RINGS,        /* ferry-pipeline */
  FERRY_PLAN_SINGLE_STAGE, /* ferry-async-copy: reports every refusal */
};

/* Plans every copy of the analyses' function that may be converted, by
 * those analyses, into `plans` (struct ferry_planned_copy *), but those
 * the function's record (copy_record.h; NULL: none) says a pass before
 * kept as written; with FERRY_PLAN_SINGLE_STAGE, every other copy
 * gets a remark saying why it stays, and on sm_90 block-collective copies
 * may take bulk rows (pipelined copies keep their chunks: their rings wait
 * by cp.async groups). */
void ferry_plan_copies(struct ferry_analyses *analyses, enum ferry_plan_purpose purpose,
                       const struct ferry_copy_record *record, struct ferry_vec *plans);
void ferry_free_planned_copies(struct ferry_vec *plans);

/* The driver of the automatic passes (ferry-pipeline, ferry-prefetch,
 * ferry-async-copy): on a device module, checks the kernels' annotations
 * (whichever ferry pass runs first reports them), then runs `transform` on
 * every function the launch dispatch lets ferry convert (dispatch.h), with
 * the function's bundle of analyses (analyses.h), made for that call and
 * freed after it, and the function's record of the passes' decisions
 * (copy_record.h; NULL where `records` is); returns whether anything
 * changed. */
typedef bool (*ferry_function_transform)(LLVMModuleRef module, LLVMValueRef fn,
                                         LLVMBuilderRef builder,
                                         struct ferry_analyses *analyses,
                                         struct ferry_copy_record *record);
bool ferry_transform_functions(LLVMModuleRef module, struct ferry_copy_records *records,
                               ferry_function_transform transform);

#endif
