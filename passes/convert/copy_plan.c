/* Planning the copies of a function (copy_plan.h): legality, the cost
 * model, then the form. Functions below sm_80, and functions that already
 * issue asynchronous copies of their own or run inline assembly that may
 * touch memory, plan nothing: their own accounting must not be disturbed. */
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
 * or its speed in ways we cannot see. The copies of the rings
 * ferry-pipeline made (the function's record says so: copy_record.h) are
 * ours (it refuses such functions too, so they are the only ones). */
static const char *function_refusal(LLVMValueRef fn, const struct ferry_copy_record *record) {
  bool ours = record && record->rings;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (!LLVMIsACallInst(inst))
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(inst);
      if (LLVMIsAInlineAsm(callee) &&
          (LLVMGetInlineAsmHasSideEffects(callee) || !ferry_call_is_memory_free(inst)))
        return "the function contains inline assembly that may access memory";
      if (!ours && (ferry_calls_prefix(inst, "llvm.nvvm.cp.async") ||
                    ferry_calls_prefix(inst, "llvm.nvvm.mbarrier")))
        return "the function already issues asynchronous copies";
    }
  return NULL;
}

static void remark_target(LLVMValueRef fn, const struct ferry_copy_site *first,
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
  ferry_remark(FERRY_REMARK_MISSED, first ? first->store : fn, "TargetTooOld", message);
}

/* The per-thread form versioned on this thread's alignment test
 * (copy_form.h, test_alignment): its converted path knows both addresses
 * aligned to the size. */
static struct ferry_planned_copy *test_alignment(struct ferry_planned_copy *plan) {
  plan->form = (struct ferry_copy_form){.kind = FERRY_COPY_PER_THREAD,
                                        .size = plan->site.size,
                                        .align = plan->site.size,
                                        .test_alignment = true};
  return plan;
}

/* Chooses a block-collective form when it applies, else the per-thread
 * one (copy_form.h); returns NULL (having said why, when `report`) when
 * neither can move the copy. A copy of heavy reuse takes the collective form or nothing
 * (cost_model.h). */
static struct ferry_planned_copy *plan_copy(struct ferry_affine_context *affine,
                                            const struct ferry_copy_site *site, bool report,
                                            bool reuse_heavy, bool may_test_alignment) {
  struct ferry_planned_copy *plan = ferry_xcalloc(1, sizeof *plan);
  plan->site = *site;
  plan->form = (struct ferry_copy_form){
      .kind = FERRY_COPY_PER_THREAD, .size = site->size, .align = site->align};
  plan->reuse_heavy = reuse_heavy;
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
      return tests_alignment ? test_alignment(plan) : plan;
    if (report && !reuse_heavy) {
      char message[FERRY_MESSAGE_SIZE];
      snprintf(message, sizeof message, "%s; a copy %s converts only per thread",
               site->per_thread_refusal,
               site->loop           ? "in a loop with no barrier"
               : tested_per_thread ? "versioned on each thread's isspacep.global test (its "
                                     "source not provably global, its base not uniform)"
                                    : "versioned on a run-time test of the stores that may alias "
                                      "its source");
      ferry_remark(FERRY_REMARK_MISSED, site->store, "CopyRefused", message);
    }
    free(plan);
    return NULL;
  }
  if (mode == FERRY_COLLECTIVE_NEVER)
    snprintf(not_collective, sizeof not_collective, "off (-ferry-collective=never)");
  else if (mode == FERRY_COLLECTIVE_AUTO && !site->per_thread_refusal[0] && !reuse_heavy)
    return plan; /* per-thread cp.async: as fast or faster where it applies */
  else if (site->size < 16)
    ferry_match_collective(affine, site, &plan->form, not_collective, sizeof not_collective);
  if (ferry_copy_form_collective(&plan->form)) {
    plan->form.global_base = site->check_global ? site->global_base : NULL;
    return plan;
  }
  if (reuse_heavy) { /* ferry-async-copy reports the cost model's verdict */
    free(plan);
    return NULL;
  }
  if (site->per_thread_refusal[0] && !tests_alignment) {
    if (report) {
      char message[FERRY_MESSAGE_SIZE];
      snprintf(message, sizeof message, "%s; the block-collective form does not apply: %s",
               site->per_thread_refusal, not_collective);
      ferry_remark(FERRY_REMARK_MISSED, site->store, "CopyRefused", message);
    }
    free(plan);
    return NULL;
  }
  if (site->size < 16 && report) {
    char message[FERRY_MESSAGE_SIZE];
    snprintf(message, sizeof message, "per-thread cp.async%s: the block-collective form "
             "does not apply: %s",
             tests_alignment ? " versioned on a run-time alignment test" : "", not_collective);
    ferry_remark(FERRY_REMARK_ANALYSIS, site->store, "NotCollective", message);
  }
  return tests_alignment ? test_alignment(plan) : plan;
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

void ferry_plan_copies(struct ferry_analyses *analyses, enum ferry_plan_purpose purpose,
                       const struct ferry_copy_record *record, struct ferry_vec *plans) {
  LLVMValueRef fn = ferry_analyses_function(analyses);
  struct ferry_affine_context *affine = ferry_analyses_affine(analyses);
  bool report = purpose == FERRY_PLAN_SINGLE_STAGE;
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn));
  struct ferry_target target = ferry_function_target(fn);
  const char *refusal = function_refusal(fn, record);
  bool told_function = false;

  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
         inst = LLVMGetNextInstruction(inst)) {
      /* Decided by a pass before: not a copy to plan again. */
      if (ferry_copy_record_kept(record, inst))
        continue;
      struct ferry_copy_site site;
      char reason[FERRY_REASON_SIZE];
      enum ferry_copy_verdict verdict =
          ferry_analyze_copy(inst, layout, affine, &site, reason, sizeof reason);
      if (verdict == FERRY_COPY_NOT_A_COPY) {
        ferry_copy_site_free(&site);
        continue;
      }
      if (!ferry_target_has_cp_async(target) || refusal) {
        if (report && !told_function) {
          if (refusal) {
            char message[FERRY_MESSAGE_SIZE];
            snprintf(message, sizeof message, "not converted: %s", refusal);
            ferry_remark(FERRY_REMARK_MISSED, inst, "FunctionRefused", message);
          } else {
            remark_target(fn, &site, target);
          }
          told_function = true;
        }
        ferry_copy_site_free(&site);
        continue;
      }
      if (verdict == FERRY_COPY_REFUSED) {
        if (report)
          ferry_remark(FERRY_REMARK_MISSED, inst, "CopyRefused", reason);
        ferry_copy_site_free(&site);
        continue;
      }
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
       * the iteration's slot (pipeline_check.c says where it may). */
      if (((site.check_global && !site.global_base) ||
           site.alias_store_count) &&
          purpose == FERRY_PLAN_RINGS) {
        ferry_copy_site_free(&site);
        continue;
      }
      enum ferry_payoff payoff = ferry_copy_payoff(&site, ferry_affine_loops(affine),
                                                   ferry_analyses_cfg(analyses), reason, sizeof reason);
      if (payoff != FERRY_PAYS && purpose == FERRY_PLAN_SINGLE_STAGE) {
        ferry_remark(FERRY_REMARK_MISSED, inst, "CostModel", reason);
        ferry_copy_site_free(&site);
        continue;
      }
      /* A ring's copies are never versioned on alignment: its slots'
       * copies are issued ahead, where no fallback copy stands. */
      struct ferry_planned_copy *plan =
          plan_copy(affine, &site, report, payoff == FERRY_PAYS_IN_CHUNKED_RING_ONLY,
                    purpose == FERRY_PLAN_SINGLE_STAGE && ferry_option_alignment_test());
      if (plan)
        ferry_vec_push(plans, plan);
      else
        ferry_copy_site_free(&site);
    }
  /* Decided after every copy is planned, each on the code as it stands. */
  if (purpose == FERRY_PLAN_SINGLE_STAGE && plans->count && ferry_target_has_bulk_copy(target))
    plan_bulk(analyses, plans);
}

void ferry_free_planned_copies(struct ferry_vec *plans) {
  for (size_t i = 0; i < plans->count; i++) {
    struct ferry_planned_copy *plan = plans->items[i];
    ferry_copy_site_free(&plan->site);
    free(plan);
  }
  ferry_vec_free(plans);
}

bool ferry_transform_functions(LLVMModuleRef module, struct ferry_copy_records *records,
                               ferry_function_transform transform) {
  if (!ferry_is_device_module(module))
    return false;
  bool changed = ferry_check_kernel_options(module);
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(module));
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn) && ferry_dispatch_converts(fn)) {
      /* Made here, freed when the transform returns: the next pass, and
       * the next function (whose IR a transform may touch only by adding
       * globals), get a bundle of their own, computed on the IR as it then
       * stands. */
      struct ferry_analyses *analyses = ferry_analyses_create(fn);
      changed |= transform(module, fn, builder, analyses, ferry_copy_record_of(records, fn));
      ferry_analyses_free(analyses);
    }
  LLVMDisposeBuilder(builder);
  ferry_names_invalidate();
  return changed;
}
