/* ferry-pipeline: copy loops become S-stage rings of asynchronous copies.
 *
 * Plans the copies of each function, once for the three automatic passes
 * (copy_plan.h: the decisions go into the function's record,
 * copy_record.h), and, for every innermost loop holding copies fit for a
 * ring, asks pipeline.c whether the loop is shaped copy(i) -> barrier ->
 * compute on shared -> barrier and can be pipelined. Where it can, the
 * loop's copies are taken, converted and issued S iterations ahead, at
 * each iteration's end, into a ring of shared buffers, with wait_group S-1
 * before the barrier. Where it cannot, an -Rpass-analysis remark says why and the
 * copies are left to their decision: ferry-prefetch, then ferry-async-copy,
 * which converts one stage at a time those decided so. -ferry-stages=1 (or
 * annotate("ferry:stages=1")) turns pipelining off. */
#include "barrier.h"
#include "bridge.h"
#include "collective_copy.h"
#include "copy_plan.h"
#include "dead_arithmetic.h"
#include "ir_build.h"
#include "dispatch.h"
#include "ferry.h"
#include "kernel_options.h"
#include "loop_prefetch.h"
#include "names.h"
#include "pipeline.h"
#include "staged_copy.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>

/* The loop whose ring a planned copy would join: its innermost loop, or
 * for a copy in a block-strided copy loop (copy_site.h's loop) the loop
 * around that, when it holds a barrier (the ring's shape); NULL for a copy
 * loop with no such loop around it, which converts one stage at a time
 * (ferry-async-copy) with nothing to say here. */
static const struct ferry_loop *ring_loop(const struct ferry_loops *loops,
                                          const struct ferry_planned_copy *plan) {
  if (!plan->site.loop)
    return ferry_loop_of_block(loops, LLVMGetInstructionParent(plan->site.store));
  const struct ferry_loop *outer = plan->site.loop->parent;
  return outer && ferry_loop_holds_barrier(outer) ? outer : NULL;
}

/* Checks the loop of each group of planned copies (the copies of one
 * innermost loop); every check is made before any rewrite. */
static void plan_pipelines(LLVMModuleRef module, struct ferry_affine_context *affine,
                           struct ferry_vec *plans, struct ferry_copy_record *record,
                           struct ferry_vec *pipelines) {
  const struct ferry_loops *loops = ferry_affine_loops(affine);
  for (size_t l = 0; l < ferry_loop_count(loops); l++) {
    const struct ferry_loop *loop = ferry_loop_at(loops, l);
    /* More copies than a ring holds: the check refuses them, and says so. */
    enum { ENOUGH = 16 };
    struct ferry_pipeline_copy copies[ENOUGH];
    struct ferry_planned_copy *members[ENOUGH];
    size_t count = 0;
    /* The loop's own copies make its ring; a block-strided copy loop's,
     * only where the loop has none (pipeline_copy_loop.c). */
    bool own = false;
    for (size_t i = 0; i < plans->count; i++)
      own |= !((struct ferry_planned_copy *)plans->items[i])->site.loop &&
             ring_loop(loops, plans->items[i]) == loop;
    for (size_t i = 0; i < plans->count && count < ENOUGH; i++) {
      struct ferry_planned_copy *plan = plans->items[i];
      if (ring_loop(loops, plan) != loop)
        continue;
      if (own && plan->site.loop) {
        ferry_remark(FERRY_REMARK_ANALYSIS, plan->site.store, "NotPipelined",
                     "the loop around this block-strided copy loop is not pipelined with it: "
                     "the loop's own copies make its ring, and a copy loop's copies join "
                     "only a ring of their own (ferry-async-copy reports what becomes of "
                     "the copy itself)");
        continue;
      }
      members[count] = plan;
      copies[count++] =
          (struct ferry_pipeline_copy){&plan->site, plan->form, plan->reuse_heavy};
    }
    if (!count)
      continue;
    char reason[FERRY_REASON_SIZE];
    struct ferry_pipeline *pipeline =
        ferry_pipeline_check(module, affine, loop, copies, count, pipelines, reason,
                             sizeof reason);
    char message[3 * FERRY_MESSAGE_SIZE + 256]; /* room for the ring's text and the ranges' */
    /* A ring refused with guarded copies in it (their guards may be what
     * cannot be computed ahead: pipeline_check.c) is tried once more
     * without them, as before guarded copies joined rings: each stays as
     * ferry-async-copy makes it (single-stage where the ring's cp.async
     * operations leave it anything). */
    size_t unguarded = 0;
    for (size_t i = 0; i < count; i++)
      unguarded += !members[i]->site.merged;
    if (!pipeline && unguarded && unguarded < count) {
      for (size_t i = 0; i < count; i++)
        if (members[i]->site.merged) {
          snprintf(message, sizeof message, "the guarded copy is not pipelined: %s", reason);
          ferry_remark(FERRY_REMARK_ANALYSIS, members[i]->site.store, "NotPipelined", message);
        }
      size_t kept = 0;
      for (size_t i = 0; i < count; i++)
        if (!members[i]->site.merged) {
          members[kept] = members[i];
          copies[kept++] = copies[i];
        }
      count = kept;
      pipeline = ferry_pipeline_check(module, affine, loop, copies, count, pipelines, reason,
                                      sizeof reason);
    }
    if (!pipeline) {
      snprintf(message, sizeof message, "%s: %s%s",
               members[0]->site.loop
                   ? "the loop around this block-strided copy loop is not pipelined"
                   : "the copy loop is not pipelined",
               reason,
               ferry_dispatch_unoptimized_clause(
                   LLVMGetBasicBlockParent(LLVMGetInstructionParent(members[0]->site.store))));
      ferry_remark(FERRY_REMARK_ANALYSIS, members[0]->site.store, "NotPipelined", message);
      continue;
    }
    const struct ferry_pipeline_report *report = ferry_pipeline_report(pipeline);
    char ranges[FERRY_MESSAGE_SIZE] = "";
    if (report->range_stores[0])
      snprintf(ranges, sizeof ranges,
               "; behind a range check before the loop: the bytes the copies read, over "
               "the block and every iteration, do not overlap those that %s, else "
               "the loop runs as written",
               report->range_stores);
    /* The ring: its stages (chosen per launch, as the kernel runs, or a
     * fixed count), where it issues a later iteration's copy (at the
     * iteration's end into the slot it read, just after the barrier into
     * the slot the iteration before read, or at its top) and how far
     * ahead, and its slots. */
    const char *versioned = ferry_pipeline_versioned(pipeline)
                                ? "; one check before the loop finds every row's addresses fit "
                                  "for 16-byte chunks in every iteration, else the loop runs as "
                                  "written"
                                : "";
    unsigned stages = ferry_pipeline_stages(pipeline);
    bool per_launch = ferry_pipeline_launch_stages(pipeline);
    bool chosen = per_launch || ferry_pipeline_in_flight_stages(pipeline);
    /* One barrier an iteration for every S, or (a per-launch ring) from
     * one_from stages on, the loop's two below. */
    unsigned one_from = ferry_pipeline_one_barrier_from(pipeline);
    bool one_always = one_from && !per_launch;
    bool at_end = ferry_pipeline_issues_at_end(pipeline) && !one_always;
    /* issue: at most 480; ring: it, the stage reason and the version's words */
    char distance[16], slots[64], issue[512], ring[FERRY_MESSAGE_SIZE + 256];
    if (chosen)
      snprintf(distance, sizeof distance, "S%s", at_end ? "" : "-1");
    else
      snprintf(distance, sizeof distance, "%u", at_end ? stages : stages - 1);
    if (per_launch)
      snprintf(slots, sizeof slots, "S slots in the launch's dynamic shared memory");
    else if (chosen)
      snprintf(slots, sizeof slots, "%u shared buffers", stages);
    else
      snprintf(slots, sizeof slots, "shared buffers");
    /* Where the barrier that ended each iteration stands. */
    char trailing[32] = "";
    LLVMMetadataRef trailing_at = ferry_pipeline_trailing_location(pipeline);
    if (trailing_at && LLVMDILocationGetLine(trailing_at))
      snprintf(trailing, sizeof trailing, " (line %u)", LLVMDILocationGetLine(trailing_at));
    if (one_always) {
      snprintf(issue, sizeof issue,
               "iteration i issues the copy of iteration i+%s just after the barrier, into the "
               "slot iteration i-1 read, of a ring of %s, and waits only for its own; the "
               "barrier that ended each iteration%s ends the loop",
               distance, slots, trailing);
    } else if (one_from) {
      snprintf(issue, sizeof issue,
               "iteration i ends issuing the copy of iteration i+%s into the slot it read, of a "
               "ring of %s, and waits only for its own; where S is %u or more, it issues the "
               "copy of iteration i+S-1 just after the barrier instead, into the slot iteration "
               "i-1 read, and the barrier that ended each iteration%s ends the loop",
               distance, slots, one_from, trailing);
    } else if (at_end) {
      snprintf(issue, sizeof issue,
               "iteration i ends issuing the copy of iteration i+%s into the slot it read, of a "
               "ring of %s, and waits only for its own",
               distance, slots);
    } else {
      snprintf(issue, sizeof issue,
               "iteration i issues the copy of iteration i+%s into a ring of %s and waits only "
               "for its own",
               distance, slots);
    }
    if (chosen)
      snprintf(ring, sizeof ring, "S stages chosen %s: %s (S: %s)%s",
               per_launch ? "per launch" : "as the kernel runs", issue, report->stage_reason,
               per_launch ? "" : versioned);
    else
      snprintf(ring, sizeof ring, "%u stages: %s (%u stages: %s)%s", stages, issue, stages,
               report->stage_reason, versioned);
    for (size_t i = 0; i < count; i++) {
      const struct ferry_planned_copy *member = members[i];
      char form[FERRY_MESSAGE_SIZE];
      ferry_copy_form_describe(&member->form, &member->site, true, form, sizeof form);
      /* Which test a source not provably global had (copy_site.h). */
      const char *global = member->site.check_global
                               ? "; behind one block-uniform isspacep.global test of the source's "
                                 "base pointer before the loop (where it fails, the loop runs as "
                                 "written)"
                               : "";
      snprintf(message, sizeof message, "%s and pipelined its loop over %s%s%s%s", form, ring,
               ranges, global,
               member->site.read_back ? "; the loaded value's other uses read it back from "
                                        "the iteration's slot after the barrier"
                                      : "");
      ferry_remark(FERRY_REMARK_PASSED, member->site.store, "CopyPipelined", message);
    }
    /* What the ring is not, and why (each where there is a reason). */
    const struct {
      const char *reason, *name, *what;
    } refusals[] = {
        {report->launch_refusal, "RingNotPerLaunch",
         "the extern __shared__ tile's ring is a static array of its own, its stages fixed at "
         "compile time, not chosen per launch in the launch's dynamic shared memory"},
        {report->barrier_refusal, "RingTwoBarriers",
         "the ring keeps the loop's barrier that ends each iteration, with the copies' barrier "
         "two an iteration"},
        {report->version_refusal, "NotVersioned",
         "the ring checks every row of its block-collective copies in every iteration (the "
         "original copy as the fallback), not once before the loop"},
    };
    for (size_t r = 0; r < sizeof refusals / sizeof refusals[0]; r++) {
      if (!refusals[r].reason[0])
        continue;
      snprintf(message, sizeof message, "%s: %s", refusals[r].what, refusals[r].reason);
      ferry_remark(FERRY_REMARK_ANALYSIS, members[0]->site.store, refusals[r].name, message);
    }
    /* Taken: the rewrite erases them. */
    for (size_t i = 0; i < count; i++)
      ferry_copy_record_taken(record, members[i]->site.store);
    ferry_vec_push(pipelines, pipeline);
  }
}

/* A copy a ring of the function takes (planned, no decision left in the
 * record) that its own thread could move: one whose form is a choice
 * between per thread and chunks of the block. */
static bool ring_copy_either_form(const struct ferry_planned_copy *plan,
                                  struct ferry_copy_record *record) {
  return !plan->reuse_heavy && !ferry_copy_record_decision(record, plan->site.store) &&
         !plan->site.per_thread_refusal[0] && plan->site.size < 16;
}

/* Whether a ring takes such a copy per thread where 16-byte chunks of the
 * block could move it (collective_copy.h). */
static bool ring_could_chunk(struct ferry_affine_context *affine, const struct ferry_vec *plans,
                             struct ferry_copy_record *record) {
  for (size_t i = 0; i < plans->count; i++) {
    const struct ferry_planned_copy *plan = plans->items[i];
    struct ferry_copy_form chunks = plan->form;
    char reason[FERRY_REASON_SIZE];
    if (ring_copy_either_form(plan, record) && plan->form.kind == FERRY_COPY_PER_THREAD &&
        ferry_match_collective(affine, &plan->site, &chunks, reason, sizeof reason))
      return true;
  }
  return false;
}

/* Whether a ring takes such a copy in chunks. */
static bool ring_chunked(const struct ferry_vec *plans, struct ferry_copy_record *record) {
  for (size_t i = 0; i < plans->count; i++) {
    const struct ferry_planned_copy *plan = plans->items[i];
    if (ring_copy_either_form(plan, record) && ferry_copy_form_collective(&plan->form))
      return true;
  }
  return false;
}

/* Whether every ring of the function is a static array or per launch:
 * an alternative keeps its variant's launch ring or none (dispatch.h),
 * and its rings of chunks take their stages from the bytes in flight
 * (in_flight_stages, launch_in_flight: pipeline_plan.h), which a ring of
 * fixed stages in the launch's memory would not. */
static bool rings_static_or_per_launch(const struct ferry_vec *pipelines) {
  for (size_t i = 0; i < pipelines->count; i++)
    if (!ferry_pipeline_rings_static(pipelines->items[i]) &&
        !ferry_pipeline_launch_stages(pipelines->items[i]))
      return false;
  return true;
}

static bool pipeline_function(LLVMModuleRef module, LLVMValueRef fn, LLVMBuilderRef builder,
                              struct ferry_analyses *analyses, struct ferry_copy_record *record) {
  LLVMSetCurrentDebugLocation2(builder, NULL); /* none of another function's */
  struct ferry_vec plans = {0}, pipelines = {0};
  ferry_plan_ring_copies(analyses, record, &plans);
  /* A trial candidate beside copies the rules convert, which would leave
   * it as written here: the kernel's second variant converts it
   * (dispatch.h, FERRY_ALT_ATTRIBUTE), cloned now, before anything is
   * rewritten; this pass meets it later and plans it afresh, on the same
   * IR, into a record of its own. */
  if (ferry_dispatch_module_has_variants(module) &&
      !ferry_dispatch_marked(fn, FERRY_ALT_ATTRIBUTE) &&
      ferry_copy_record_has_candidate_split(record))
    ferry_dispatch_make_alternative(fn);
  struct ferry_affine_context *affine = ferry_analyses_affine(analyses);
  if (plans.count)
    plan_pipelines(module, affine, &plans, record, &pipelines);
  /* Rings of per-thread copies that chunks of the block could take: the
   * kernel's second variant takes the chunks (dispatch.h,
   * FERRY_ALT_CHUNKS_ATTRIBUTE), cloned now, before anything is
   * rewritten, so that a trial times both per launch shape; the
   * alternative, met later, says where it did. */
  if (pipelines.count && ferry_dispatch_marked(fn, FERRY_ALT_CHUNKS_ATTRIBUTE)) {
    if (ring_chunked(&plans, record))
      ferry_dispatch_mark(fn, FERRY_ALT_CHUNKED_ATTRIBUTE);
  } else if (pipelines.count && ferry_dispatch_module_has_variants(module) &&
             !ferry_dispatch_marked(fn, FERRY_ALT_ATTRIBUTE) &&
             !ferry_dispatch_alternative_of(fn) && rings_static_or_per_launch(&pipelines) &&
             ring_could_chunk(affine, &plans, record)) {
    LLVMValueRef alternative = ferry_dispatch_make_alternative(fn);
    if (alternative)
      ferry_dispatch_mark(alternative, FERRY_ALT_CHUNKS_ATTRIBUTE);
  }
  /* The loops no ring takes: ferry-prefetch's, decided here, on the same IR. */
  if (plans.count)
    ferry_prefetch_decide(module, analyses, record, &plans);
  /* Staged loads (staged_copy.h), in a function that gets no ring, each
   * loop's check built before anything is rewritten. A ring's
   * wait_group would count a staged loop's groups too, and that is
   * correct (a wait for all but the N most recent groups only grows
   * stricter as other groups are committed after one's own), but a ring
   * is the rules' choice, run untimed, and a staged loop the trial's
   * (copy_record.h, trial: a candidate in a variant the rules choose
   * stays as written). */
  struct ferry_vec staged_plans = {0}, staged = {0};
  ferry_plan_staged_copies(analyses, record, &staged_plans);
  if (staged_plans.count && pipelines.count)
    for (size_t i = 0; i < staged_plans.count; i++)
      ferry_copy_decision_not_staged(
          ferry_copy_record_decision(record,
                                     ((struct ferry_planned_copy *)staged_plans.items[i])->site.store),
          "the function gets a ring, which the rules choose untimed, where a staged loop is "
          "a trial's to choose (the kernel's variant runs where no trial times it)");
  if (staged_plans.count && !pipelines.count) {
    ferry_staged_check(module, analyses, &staged_plans, &plans, record, &staged);
    for (size_t i = 0; i < staged.count; i++)
      ferry_staged_prepare(module, builder, staged.items[i]);
  }
  /* Every ring is checked before any is made; from here the loops are
   * rewritten and nothing asks the analyses anything (a ring's plan holds
   * what its rewrite needs). */
  struct ferry_emit_cache *cache = ferry_emit_cache_create(record);
  bool per_launch_rings = false;
  for (size_t i = 0; i < pipelines.count; i++) {
    struct ferry_pipeline *pipeline = pipelines.items[i];
    per_launch_rings |= ferry_pipeline_launch_stages(pipeline);
    ferry_pipeline_apply(module, builder, cache, pipeline); /* frees it */
  }
  for (size_t i = 0; i < staged.count; i++)
    ferry_staged_apply(module, builder, staged.items[i], record); /* frees it */
  if (pipelines.count || staged.count)
    ferry_pipeline_remove_dead_arithmetic(fn);
  ferry_emit_cache_free(cache);
  /* A staged loop pays only where a trial times it faster (at 512^3
   * laplace3d's blocks fill the multiprocessors and it runs 1.00x):
   * marked converted, not paying untimed. */
  if (staged.count)
    ferry_dispatch_mark_converted(fn, false);
  ferry_free_planned_copies(&staged_plans);
  ferry_vec_free(&staged);
  bool changed = pipelines.count > 0 || staged.count > 0;
  if (per_launch_rings)
    ferry_dispatch_mark(fn, FERRY_LAUNCH_RING_ATTRIBUTE);
  if (pipelines.count)
    ferry_dispatch_mark_converted(fn, true); /* a ring: cost_model.h */
  ferry_free_planned_copies(&plans);
  ferry_vec_free(&pipelines);
  return changed;
}

bool ferry_pipeline_run(LLVMModuleRef module, struct ferry_copy_records *records) {
  return ferry_transform_functions(module, records, pipeline_function);
}
