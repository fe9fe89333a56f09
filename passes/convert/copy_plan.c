/* Planning the copies of a function (copy_plan.h): legality, the cost
 * model, then the form; each copy decided once, by the first automatic
 * pass to meet it, in the function's record (copy_record.h). Functions
 * below sm_80, and functions that already issue asynchronous copies of
 * their own or run inline assembly that may touch memory, convert
 * nothing: their own accounting must not be disturbed. */
#include "copy_plan.h"

#include "bridge.h"
#include "bulk_choice.h"
#include "collective_copy.h"
#include "dispatch.h"
#include "ferry.h"
#include "kernel_options.h"
#include "memory.h"
#include "names.h"
#include "target.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Code that already manages asynchronous copies or hides its memory
 * operations in assembly: a wait_group 0 of ours would change its meaning
 * or its speed in ways we cannot see. Asked once, when the function is
 * first planned, before any pass rewrites it: the rings' asynchronous
 * copies are ferry's own, never a reason; the prefetch's inline assembly
 * is, for the copies it leaves (ferry_plan_refuse_after_inline_asm). */
static const char INLINE_ASM_REFUSAL[] =
    "the function contains inline assembly that may access memory";

static const char *function_refusal(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (!LLVMIsACallInst(inst))
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(inst);
      if (LLVMIsAInlineAsm(callee) &&
          (LLVMGetInlineAsmHasSideEffects(callee) || !ferry_call_is_memory_free(inst)))
        return INLINE_ASM_REFUSAL;
      if (ferry_calls_prefix(inst, "llvm.nvvm.cp.async") ||
          ferry_calls_prefix(inst, "llvm.nvvm.mbarrier"))
        return "the function already issues asynchronous copies";
    }
  return NULL;
}

/* Holds the refusal of a function whose target has no cp.async, at its
 * first copy. */
static void refuse_target(struct ferry_copy_record *record, const struct ferry_copy_site *first,
                          struct ferry_target target) {
  char message[FERRY_MESSAGE_SIZE];
  char sm[16] = "an unknown GPU";
  if (target.sm)
    snprintf(sm, sizeof sm, "sm_%u%s", target.sm, target.arch_specific ? "a" : "");
  if (target.sm >= 80)
    snprintf(message, sizeof message,
             "not converted: cp.async needs PTX ISA 7.0; the function targets ptx%u",
             target.ptx);
  else
    snprintf(message, sizeof message,
             "not converted: cp.async needs sm_80 or newer; the function targets %s", sm);
  ferry_copy_record_refuse(record, FERRY_REMARK_MISSED, first->store, "TargetTooOld", message);
}

/* The per-thread form versioned on this thread's alignment test
 * (copy_form.h, test_alignment): its converted path knows both addresses
 * aligned to the size. */
static bool test_alignment(const struct ferry_copy_site *site, struct ferry_copy_form *form) {
  *form = (struct ferry_copy_form){.kind = FERRY_COPY_PER_THREAD,
                                   .size = site->size,
                                   .align = site->size,
                                   .test_alignment = true};
  return true;
}

/* Chooses a block-collective form when it applies, else the per-thread
 * one (copy_form.h), into `form`; returns false (having held why in
 * `held`, when not NULL) when neither can move the copy. A copy of heavy
 * reuse takes the collective form or nothing (cost_model.h). */
static bool plan_form(struct ferry_affine_context *affine, const struct ferry_copy_site *site,
                      struct ferry_vec *held, bool reuse_heavy, bool may_test_alignment,
                      bool chunks, struct ferry_copy_form *form) {
  *form = (struct ferry_copy_form){
      .kind = FERRY_COPY_PER_THREAD, .size = site->size, .align = site->align};
  /* A per-thread copy refused only for want of an alignment proof, which a
   * test of this thread's addresses settles: the test's aligned branch
   * knows both sides aligned to the size. Chosen where the per-thread
   * form would otherwise be refused, after every form that needs no test
   * (the collective forms test alignment themselves). */
  bool tests_alignment = may_test_alignment && site->per_thread_refusal[0] &&
                         (site->alignment_witness[0] || site->alignment_witness[1]);
  char not_collective[FERRY_REASON_SIZE] = "16-byte elements are already whole chunks";
  if (site->size > 16)
    snprintf(not_collective, sizeof not_collective, "a struct copy is split by its own thread");
  enum ferry_collective_mode mode = ferry_option_collective();
  bool tested_per_thread = site->check_global && !site->global_base;
  if (site->loop || tested_per_thread || site->alias_store_count) {
    /* A copy loop's copies are issued where its iterations stand; the
     * collective form deals one copy's elements over the block's threads,
     * which another iteration's copy would then have to match. A source
     * tested per thread (isspacep.global of a source whose base is not
     * uniform, or against the stores that may alias it) is not a block's
     * uniform one; a uniform base's test is the block's (copy_emit.c). */
    if ((!site->per_thread_refusal[0] || tests_alignment) && !reuse_heavy)
      return tests_alignment ? test_alignment(site, form) : true;
    if (held && !reuse_heavy) {
      char message[FERRY_MESSAGE_SIZE];
      snprintf(message, sizeof message, "%s; a copy %s converts only per thread",
               site->per_thread_refusal,
               site->loop           ? "in a loop with no barrier"
               : tested_per_thread ? "versioned on each thread's isspacep.global test (its "
                                     "source not provably global, its base not uniform)"
                                    : "versioned on a run-time test of the stores that may alias "
                                      "its source");
      ferry_hold_remark(held, FERRY_REMARK_MISSED, site->store, "CopyRefused", message);
    }
    return false;
  }
  if (mode == FERRY_COLLECTIVE_NEVER)
    snprintf(not_collective, sizeof not_collective, "off (-ferry-collective=never)");
  else if (mode == FERRY_COLLECTIVE_AUTO && !site->per_thread_refusal[0] && !reuse_heavy &&
           !chunks)
    return true; /* per-thread cp.async: the rules' choice where it applies */
  else if (site->size < 16)
    ferry_match_collective(affine, site, form, not_collective, sizeof not_collective);
  if (ferry_copy_form_collective(form)) {
    form->global_base = site->check_global ? site->global_base : NULL;
    return true;
  }
  if (reuse_heavy) /* ferry-async-copy reports the cost model's verdict */
    return false;
  if (site->per_thread_refusal[0] && !tests_alignment) {
    if (held) {
      char message[FERRY_MESSAGE_SIZE];
      snprintf(message, sizeof message, "%s; the block-collective form does not apply: %s",
               site->per_thread_refusal, not_collective);
      ferry_hold_remark(held, FERRY_REMARK_MISSED, site->store, "CopyRefused", message);
    }
    return false;
  }
  if (site->size < 16 && held) {
    char message[FERRY_MESSAGE_SIZE];
    snprintf(message, sizeof message, "per-thread cp.async%s: the block-collective form "
             "does not apply: %s",
             tests_alignment ? " versioned on a run-time alignment test" : "", not_collective);
    ferry_hold_remark(held, FERRY_REMARK_ANALYSIS, site->store, "NotCollective", message);
  }
  return tests_alignment ? test_alignment(site, form) : true;
}

/* sm_90: whether each collective copy becomes cp.async.bulk rows
 * (bulk_choice.h); says why where it does not. */
static void plan_bulk(struct ferry_analyses *analyses, struct ferry_vec *plans) {
  for (size_t i = 0; i < plans->count; i++) {
    struct ferry_planned_copy *plan = plans->items[i];
    if (!ferry_copy_form_collective(&plan->form))
      continue;
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(plan->site.store));
    char reason[FERRY_REASON_SIZE];
    struct ferry_bulk_facts facts = {.size = plan->site.size,
                                     .row_stride = plan->form.row_stride,
                                     .array_bytes = plan->form.destination_bytes};
    enum ferry_bulk_choice choice = ferry_choose_bulk(fn, &facts, reason, sizeof reason);
    for (size_t b = 0; choice != FERRY_BULK_NO && b < plan->site.consumers.barriers.count; b++)
      if (!ferry_reached_uniformly(analyses,
                                   LLVMGetInstructionParent(plan->site.consumers.barriers.items[b]))) {
        snprintf(reason, sizeof reason,
                 "not every thread of the block reaches its consumer barrier (each thread "
                 "counts the mbarrier's phases at those barriers)");
        choice = FERRY_BULK_NO;
      }
    plan->form.bulk_row_bytes = facts.row_bytes;
    if (choice == FERRY_BULK_EVERY_ROW)
      plan->form.kind = FERRY_COPY_BULK_ROWS;
    else if (choice == FERRY_BULK_LARGE_ROWS)
      plan->form.kind = FERRY_COPY_BULK_LARGE_ROWS;
    else {
      char message[FERRY_MESSAGE_SIZE];
      snprintf(message, sizeof message, "16-byte cp.async.cg chunks, not cp.async.bulk: %s",
               reason);
      ferry_remark(FERRY_REMARK_ANALYSIS, plan->site.store, "NotBulk", message);
    }
  }
}

/* One copy of the function as a pass finds it: its decision, and its site
 * on this IR once analysed (where it was planned just now, or when the
 * pass takes it). */
struct found_copy {
  LLVMValueRef copy;
  const struct ferry_copy_decision *decision;
  bool analysed;
  enum ferry_copy_verdict verdict;
  struct ferry_copy_site site;
  bool ring_planned;                /* ring_form is this IR's */
  struct ferry_copy_form ring_form;
  char reason[FERRY_REASON_SIZE];   /* why the analysis refused it */
};

static void free_found_copies(struct ferry_vec *found) {
  for (size_t i = 0; i < found->count; i++) {
    struct found_copy *copy = found->items[i];
    if (copy->analysed)
      ferry_copy_site_free(&copy->site);
    free(copy);
  }
  ferry_vec_free(found);
}

/* Analyses the copy on this IR, if not yet. */
static void analyse(struct ferry_analyses *analyses, struct found_copy *found) {
  if (found->analysed)
    return;
  LLVMValueRef fn = ferry_analyses_function(analyses);
  found->verdict = ferry_analyze_copy(found->copy, LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn)),
                                      ferry_analyses_affine(analyses), &found->site,
                                      found->reason, sizeof found->reason);
  found->analysed = true;
}

/* A copy refused only for where its value lands whose load could
 * be issued early by one thread's cp.async (copy_record.h, staged): its
 * source proved global, a plain load of 4, 8 or 16 bytes whose source is
 * aligned to its size (its slot is: the destination's alignment does not
 * matter) (every use of the loaded value, the store's and any other, takes
 * the slot's; a guarded copy's merge of the load and zero takes it, the
 * slot zero-filled where the guard fails).
 * Whether its loop lets it be is ferry-pipeline's (staged_copy.h); where
 * the load itself is not fit, why not, for the refusal's remark. */
static bool stageable(const struct ferry_copy_site *site, struct ferry_copy_decision *decision) {
  if (!site->landing_hazard)
    return false;
  if (!ferry_option_staged())
    ferry_copy_decision_not_staged(decision, "staging is off (-ferry-staged=false)");
  else if (!site->load)
    ferry_copy_decision_not_staged(decision, "the copy is a memory transfer, not a load and a "
                                             "store");
  else if (site->check_global)
    ferry_copy_decision_not_staged(decision, "the source is not proved global memory, the only "
                                             "memory cp.async reads");
  else if (site->size != 4 && site->size != 8 && site->size != 16)
    ferry_copy_decision_not_staged(decision, "the load is of %u bytes, where cp.async copies 4, 8 "
                                             "or 16", site->size);
  else if (site->source_align < site->size)
    ferry_copy_decision_not_staged(decision, "the source is aligned to %u bytes, less than the "
                                             "load's %u", site->source_align, site->size);
  else
    return true;
  return false;
}

/* Whether a trial can time `fn`'s conversions: it is a launch dispatch's
 * variant (dispatch.h), whose launches the host half times per shape, and
 * -ferry-trial-candidates is on. Converted in place (-ferry-dispatch=never,
 * a pipeline without ferry-dispatch-variants) nothing times it, and the
 * cost model's refusals stand. */
static bool trial_may_run(LLVMValueRef fn) {
  return ferry_option_trial_candidates() && ferry_dispatch_marked(fn, FERRY_VARIANT_ATTRIBUTE);
}

/* Whether a ring's copy takes 16-byte chunks of the block where its own
 * thread could move it: in a kernel's alternative made for that
 * (dispatch.h, FERRY_ALT_CHUNKS_ATTRIBUTE), which a trial times beside the
 * variant's ring of per-thread copies. */
static bool ring_chunks(const struct ferry_copy_site *site) {
  return ferry_dispatch_marked(LLVMGetBasicBlockParent(LLVMGetInstructionParent(site->store)),
                               FERRY_ALT_CHUNKS_ATTRIBUTE);
}

/* The decision for a copy no plan has met (analysed on this IR): nothing
 * in a function refused whole; otherwise whether its ring form applies,
 * whether it converts one stage at a time, and else why not. */
static struct ferry_copy_decision *decide(struct ferry_affine_context *affine,
                                          const struct ferry_cfg *cfg, bool refused,
                                          struct found_copy *found) {
  struct ferry_copy_decision *decision = ferry_xcalloc(1, sizeof *decision);
  if (refused)
    return decision;
  if (found->verdict == FERRY_COPY_REFUSED) {
    decision->refused_where_found = true;
    decision->staged = stageable(&found->site, decision);
    ferry_hold_remark(&decision->reasons, FERRY_REMARK_MISSED, found->copy, "CopyRefused",
                      found->reason);
    return decision;
  }
  const struct ferry_copy_site *site = &found->site;
  char reason[FERRY_REASON_SIZE];
  enum ferry_payoff payoff =
      ferry_copy_payoff(site, ferry_affine_loops(affine), cfg, reason, sizeof reason);
  /* A ring issues a copy for later iterations: a guarded copy's guard
   * is evaluated there again, where the ring's check proves it can be
   * (pipeline_check.c, check_guard; a loop whose guard cannot be is
   * pipelined without it, and ferry-async-copy then finds the ring's
   * own cp.async operations before the barrier and leaves it plain).
   * A copy loop's copies (copy_loop.h) are, where the loop around
   * the copy loop is a ring's (pipeline_copy_loop.c); not copies of
   * a source not provably global whose base is
   * not uniform (a ring's test of a uniform base is one before the
   * loop: pipeline_version.c). Copies whose value is read back after
   * their barrier (copy_read_back.h) are: the ring reads it back from
   * the iteration's slot (pipeline_check.c says where it may). A copy
   * of heavy reuse takes only the ring's chunks. */
  decision->reuse_heavy = payoff == FERRY_PAYS_IN_CHUNKED_RING_ONLY;
  if (!((site->check_global && !site->global_base) || site->alias_store_count))
    decision->ring = found->ring_planned =
        plan_form(affine, site, NULL, decision->reuse_heavy, false, ring_chunks(site),
                  &found->ring_form);
  if (payoff != FERRY_PAYS) {
    ferry_hold_remark(&decision->reasons, FERRY_REMARK_MISSED, found->copy, "CostModel", reason);
    /* Every refusal of the cost model is for want of speed (the copy is
     * legal): where a trial can time the kernel, the copy is the trial's
     * to judge, in its single-stage form. Where that form does not apply,
     * the cost model's verdict is the one said, as without a trial. */
    if (trial_may_run(LLVMGetBasicBlockParent(LLVMGetInstructionParent(found->copy)))) {
      struct ferry_copy_form form;
      struct ferry_vec held = {0};
      decision->trial = decision->single_stage =
          plan_form(affine, site, &held, false, ferry_option_alignment_test(), false, &form);
      ferry_free_held_remarks(&held);
    }
    return decision;
  }
  /* The single-stage form's remarks are said where it is converted, on
   * that IR; a refusal's, by ferry-async-copy from here. */
  struct ferry_copy_form form;
  struct ferry_vec held = {0};
  decision->single_stage =
      plan_form(affine, site, &held, false, ferry_option_alignment_test(), false, &form);
  if (decision->single_stage)
    ferry_free_held_remarks(&held);
  else
    decision->reasons = held;
  return decision;
}

/* The copies of the function that no pass before kept as written or took,
 * in the function's order (struct found_copy *), each decided: those no
 * plan has met are planned here, once. */
static void find_copies(struct ferry_analyses *analyses, struct ferry_copy_record *record,
                        struct ferry_vec *found) {
  LLVMValueRef fn = ferry_analyses_function(analyses);
  struct ferry_affine_context *affine = ferry_analyses_affine(analyses);
  struct ferry_target target = ferry_function_target(fn);
  const char *refusal = NULL;
  bool first_plan = !record->planned;
  if (first_plan) {
    refusal = function_refusal(fn);
    record->refused = !ferry_target_has_cp_async(target) || refusal;
    record->planned = true;
  }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
         inst = LLVMGetNextInstruction(inst)) {
      /* Decided by a pass before: not a copy to plan again. */
      if (ferry_copy_record_kept(record, inst))
        continue;
      struct found_copy *copy = ferry_xcalloc(1, sizeof *copy);
      copy->copy = inst;
      copy->decision = ferry_copy_record_decision(record, inst);
      if (!copy->decision) {
        analyse(analyses, copy);
        if (copy->verdict == FERRY_COPY_NOT_A_COPY) {
          ferry_copy_site_free(&copy->site);
          free(copy);
          continue;
        }
        if (first_plan && record->refused && !record->refusal) {
          if (refusal) {
            char message[FERRY_MESSAGE_SIZE];
            snprintf(message, sizeof message, "not converted: %s", refusal);
            ferry_copy_record_refuse(record, FERRY_REMARK_MISSED, inst, "FunctionRefused",
                                     message);
          } else {
            refuse_target(record, &copy->site, target);
          }
        }
        struct ferry_copy_decision *decision =
            decide(affine, ferry_analyses_cfg(analyses), record->refused, copy);
        ferry_copy_record_decide(record, inst, decision);
        copy->decision = decision;
      }
      ferry_vec_push(found, copy);
    }
}

/* A planned copy of the found copy's site (which it then owns) and form. */
static struct ferry_planned_copy *take(struct found_copy *found,
                                       const struct ferry_copy_form *form) {
  struct ferry_planned_copy *plan = ferry_xcalloc(1, sizeof *plan);
  *plan = (struct ferry_planned_copy){found->site, *form, found->decision->reuse_heavy,
                                      found->decision->trial, NULL};
  const struct ferry_vec *reasons = &found->decision->reasons;
  if (plan->trial && reasons->count) {
    const char *reason = ((const struct ferry_held_remark *)reasons->items[0])->message;
    size_t length = strlen(reason) + 1;
    plan->trial_reason = memcpy(ferry_xmalloc(length), reason, length);
  }
  found->analysed = false;
  return plan;
}

void ferry_plan_ring_copies(struct ferry_analyses *analyses, struct ferry_copy_record *record,
                            struct ferry_vec *plans) {
  struct ferry_vec found = {0};
  find_copies(analyses, record, &found);
  for (size_t i = 0; i < found.count; i++) {
    struct found_copy *copy = found.items[i];
    if (!copy->decision->ring)
      continue;
    if (!copy->ring_planned) {
      analyse(analyses, copy);
      copy->ring_planned = copy->verdict == FERRY_COPY_CONVERTIBLE &&
                           plan_form(ferry_analyses_affine(analyses), &copy->site, NULL,
                                     copy->decision->reuse_heavy, false,
                                     ring_chunks(&copy->site), &copy->ring_form);
    }
    if (copy->ring_planned)
      ferry_vec_push(plans, take(copy, &copy->ring_form));
  }
  free_found_copies(&found);
}

/* What ferry-async-copy does with one found copy: convert it in `form`,
 * or say the remarks held (in `held`, owned here, or the decision's). */
struct single_stage_outcome {
  bool converts;
  bool analysed_away; /* this IR's analysis refused it (held), or finds no copy */
  struct ferry_copy_form form;
  struct ferry_vec held;
};

/* The outcome of one found copy on this IR, its remarks held, not said. */
static void plan_single_stage(struct ferry_analyses *analyses, struct found_copy *copy,
                              struct single_stage_outcome *outcome) {
  if (copy->decision->refused_where_found) {
    analyse(analyses, copy);
    if (copy->verdict == FERRY_COPY_REFUSED) {
      /* Refused for where its value lands: why its load is not staged
       * either, where a pass decided it. */
      char message[FERRY_MESSAGE_SIZE];
      snprintf(message, sizeof message, "%s%s%s", copy->reason,
               copy->site.landing_hazard && copy->decision->not_staged ? "; not staged: " : "",
               copy->site.landing_hazard && copy->decision->not_staged
                   ? copy->decision->not_staged
                   : "");
      ferry_hold_remark(&outcome->held, FERRY_REMARK_MISSED, copy->copy, "CopyRefused", message);
      outcome->analysed_away = true;
      return;
    }
  }
  if (!copy->decision->single_stage)
    return; /* the decision's reasons are said */
  /* Its site and form on this IR: the code around it may have changed
   * since it was planned (a ring's loop cloned beside a barrier it
   * waits at). */
  analyse(analyses, copy);
  if (copy->verdict != FERRY_COPY_CONVERTIBLE) {
    if (copy->verdict == FERRY_COPY_REFUSED)
      ferry_hold_remark(&outcome->held, FERRY_REMARK_MISSED, copy->copy, "CopyRefused",
                        copy->reason);
    outcome->analysed_away = true;
    return;
  }
  outcome->converts = plan_form(ferry_analyses_affine(analyses), &copy->site, &outcome->held,
                                false, ferry_option_alignment_test(), false, &outcome->form);
}

/* The cost model's refusal of a trial candidate whose kernel's variant is
 * the rules' (copy_record.h, trial), with why no trial takes it here, and
 * where the kernel's second variant (`alternative`, or NULL) takes it. */
static void say_candidate_refused(const struct found_copy *copy, LLVMValueRef alternative) {
  const struct ferry_vec *reasons = &copy->decision->reasons;
  size_t length = 0;
  const char *name = alternative ? LLVMGetValueName2(alternative, &length) : "";
  for (size_t i = 0; i < reasons->count; i++) {
    const struct ferry_held_remark *remark = reasons->items[i];
    char message[FERRY_MESSAGE_SIZE];
    snprintf(message, sizeof message,
             "%s; no trial takes it%s: the kernel's variant holds conversions the rules choose "
             "untimed, and runs where no trial decides%s%.*s%s",
             remark->message, alternative ? " in this variant" : "",
             alternative ? "; the kernel's second variant " : "", (int)length, name,
             alternative ? " converts it beside them, for the trial of the kernel's entries" : "");
    /* Where the second variant converts it, its fate is that variant's
     * (a trial copy, counted there): here a note, not a refusal. */
    ferry_remark(remark->kind, remark->at ? remark->at : copy->copy,
                 alternative ? "CandidateInSecondVariant" : remark->name, message);
  }
}

void ferry_plan_single_stage_copies(struct ferry_analyses *analyses,
                                    struct ferry_copy_record *record, struct ferry_vec *plans) {
  struct ferry_vec found = {0};
  find_copies(analyses, record, &found);
  LLVMValueRef fn = ferry_analyses_function(analyses);
  if (record->refused) { /* said once, at the first copy */
    const struct ferry_held_remark *refusal = record->refusal;
    if (found.count && refusal)
      ferry_remark(refusal->kind,
                   refusal->at ? refusal->at : ((struct found_copy *)found.items[0])->copy,
                   refusal->name, refusal->message);
    free_found_copies(&found);
    return;
  }
  /* Every copy's outcome first: whether the kernel's variant is the
   * rules' (a conversion they choose untimed, by a pass before or here)
   * decides whether the trial candidates convert. */
  struct single_stage_outcome *outcomes =
      ferry_xcalloc(found.count ? found.count : 1, sizeof *outcomes);
  bool rules_variant = ferry_dispatch_marked(fn, FERRY_PAYS_UNTIMED_ATTRIBUTE);
  /* The kernel's second variant converts its trial candidates whatever
   * else it holds (dispatch.h, FERRY_ALT_ATTRIBUTE): where the rules'
   * conversions would have left one as written, it differs from its
   * variant. */
  bool alternative = ferry_dispatch_marked(fn, FERRY_ALT_ATTRIBUTE);
  bool differs = false;
  for (size_t i = 0; i < found.count; i++) {
    struct found_copy *copy = found.items[i];
    plan_single_stage(analyses, copy, &outcomes[i]);
    if (outcomes[i].converts && !copy->decision->trial)
      rules_variant |= ferry_copy_pays_untimed(&outcomes[i].form, &copy->site);
  }
  for (size_t i = 0; i < found.count; i++) {
    struct found_copy *copy = found.items[i];
    struct single_stage_outcome *outcome = &outcomes[i];
    if (outcome->analysed_away) {
      ferry_say_held_remarks(&outcome->held, copy->copy);
    } else if (copy->decision->trial && rules_variant && !alternative) {
      say_candidate_refused(copy, ferry_dispatch_alternative_of(fn));
    } else if (!copy->decision->single_stage) {
      ferry_say_held_remarks(&copy->decision->reasons, copy->copy);
    } else {
      ferry_say_held_remarks(&outcome->held, copy->copy);
      if (outcome->converts) {
        differs |= copy->decision->trial && rules_variant;
        ferry_vec_push(plans, take(copy, &outcome->form));
      }
    }
    ferry_free_held_remarks(&outcome->held);
  }
  free(outcomes);
  free_found_copies(&found);
  if (alternative && differs)
    ferry_dispatch_mark(fn, FERRY_ALT_CANDIDATES_ATTRIBUTE);
  /* Decided after every copy is planned, each on the code as it stands. */
  if (plans->count &&
      ferry_target_has_bulk_copy(ferry_function_target(ferry_analyses_function(analyses))))
    plan_bulk(analyses, plans);
}

void ferry_plan_staged_copies(struct ferry_analyses *analyses, struct ferry_copy_record *record,
                              struct ferry_vec *plans) {
  struct ferry_vec found = {0};
  find_copies(analyses, record, &found);
  for (size_t i = 0; i < found.count; i++) {
    struct found_copy *copy = found.items[i];
    if (!copy->decision->staged)
      continue;
    analyse(analyses, copy);
    /* Decided on this IR or on one a pass before left: it must still be
     * refused only for where its value lands. */
    if (copy->verdict == FERRY_COPY_REFUSED && copy->site.landing_hazard) {
      struct ferry_copy_form form = {.kind = FERRY_COPY_PER_THREAD,
                                     .size = copy->site.size,
                                     .align = copy->site.align};
      ferry_vec_push(plans, take(copy, &form));
    }
  }
  free_found_copies(&found);
}

void ferry_plan_refuse_after_inline_asm(struct ferry_copy_record *record) {
  char message[FERRY_MESSAGE_SIZE];
  snprintf(message, sizeof message, "not converted: %s", INLINE_ASM_REFUSAL);
  ferry_copy_record_refuse(record, FERRY_REMARK_MISSED, NULL, "FunctionRefused", message);
}

void ferry_free_planned_copies(struct ferry_vec *plans) {
  for (size_t i = 0; i < plans->count; i++) {
    struct ferry_planned_copy *plan = plans->items[i];
    ferry_copy_site_free(&plan->site);
    free(plan->trial_reason);
    free(plan);
  }
  ferry_vec_free(plans);
}

bool ferry_transform_functions(LLVMModuleRef module, struct ferry_copy_records *records,
                               ferry_function_transform transform) {
  if (!ferry_is_device_module(module))
    return false;
  bool changed = ferry_check_kernel_options(module);
  struct ferry_copy_records *own = records ? NULL : ferry_copy_records_create();
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(module));
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn) && ferry_dispatch_converts(fn)) {
      /* Made here, freed when the transform returns: the next pass, and
       * the next function (whose IR a transform may touch only by adding
       * globals), get a bundle of their own, computed on the IR as it then
       * stands. */
      struct ferry_analyses *analyses = ferry_analyses_create(fn);
      changed |= transform(module, fn, builder, analyses,
                           ferry_copy_record_of(records ? records : own, fn));
      ferry_analyses_free(analyses);
    }
  LLVMDisposeBuilder(builder);
  ferry_copy_records_free(own);
  ferry_names_invalidate();
  return changed;
}
