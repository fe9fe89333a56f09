/* Staged copies: the check (staged_copy.h says what it decides; the rewrite
 * is staged_copy.c's). A loop's copies are staged where its counter tells
 * which iterations run, nothing in it orders memory against other threads,
 * each copy's guard and address can be computed for a later iteration, and
 * the range check's interval mode (loop_version.h) bounds what its loads
 * read and its stores write; each refusal is the copy's decision's
 * not_staged, written once. */
#include "staged_copy.h"
#include "staged_plan.h"

#include "address_space.h"
#include "barrier.h"
#include "bridge.h"
#include "cfg.h"
#include "copy_plan.h"
#include "dispatch.h"
#include "dominators.h"
#include "ferry.h"
#include "ir_build.h"
#include "kernel_options.h"
#include "loop_version.h"
#include "memory.h"
#include "ptx.h"
#include "target.h"
#include "uniformity.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ferry_staged_free(struct ferry_staged_loop *s) {
  if (!s)
    return;
  for (size_t c = 0; c < s->count; c++)
    ferry_pipeline_free(s->copies[c].values);
  for (size_t w = 0; w < s->write_count; w++)
    free(s->write_facts[w]);
  ferry_range_check_free(s->ranges);
  free(s);
}

/* The stage count S and the block size the ring is sized for: what the
 * kernel or -ferry-stages asks for, else STAGED_STAGES, halved (then the
 * block halved) until S slots of every copy for each thread fit the
 * budget. Kept apart so that the rings' choice and this one can meet. */
static bool staged_stages(LLVMValueRef fn, unsigned long long bytes, unsigned *stages,
                          unsigned *threads, char *why, size_t size) {
  struct ferry_kernel_options options;
  if (!ferry_kernel_options(ferry_dispatch_original(fn), &options))
    return ferry_refuse(why, size, "the kernel's ferry annotations are in error");
  unsigned requested = options.stages ? options.stages : ferry_option_stages();
  if (requested == 1)
    return ferry_refuse(why, size, "one stage is asked for (annotate(\"ferry:stages=1\") or "
                                   "-ferry-stages=1)");
  unsigned long long block = ferry_max_block_threads(fn);
  *threads = block < STAGED_THREADS ? (unsigned)block : STAGED_THREADS;
  *stages = requested ? requested : STAGED_STAGES;
  while (!requested && *stages > 2 && *stages * *threads * bytes > STAGED_BUDGET)
    *stages /= 2;
  while (*threads > 32 && *stages * *threads * bytes > STAGED_BUDGET)
    *threads /= 2;
  snprintf(why, size, "%s", requested ? "as asked for" : "the budget of a ring");
  return true;
}

/* What in the loop may order its memory accesses against the staged loads
 * issued ahead: NULL where nothing does. */
static const char *ordering_refusal(const struct ferry_loop *loop) {
  for (size_t b = 0; b < loop->blocks.count; b++)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(loop->blocks.items[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      enum ferry_sync_kind sync = ferry_classify_sync(inst);
      if (sync == FERRY_SYNC_CTA_BARRIER)
        continue;
      if (sync == FERRY_SYNC_OTHER)
        return "the loop synchronises by other means than __syncthreads (a fence, __syncwarp, "
               "bar.arrive or an asynchronous copy)";
      if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst) || LLVMIsAFenceInst(inst) ||
          ((LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst)) && !ferry_is_plain_access(inst)))
        return "the loop holds an atomic or volatile access or a fence";
      if ((LLVMIsACallInst(inst) || LLVMIsAInvokeInst(inst)) && !ferry_is_memory_transfer(inst) &&
          !ferry_call_is_memory_free(inst))
        return "the loop holds a call that may access memory";
    }
  return NULL;
}

/* A guarded copy's merge (copy_site.h, merged: the stored value is the
 * load where the guard holds, all-zero bits elsewhere), whose slot, filled
 * with zeros where the guard fails, holds the stored value: a
 * select's condition joins the guard (the way to the load); a phi's block
 * must follow `top`, the guard's first block, so that in an iteration the
 * phi takes the load exactly where the guard's chain reached it. */
static bool merged_guard(const struct ferry_dominators *dominators, const struct ferry_loop *loop,
                         LLVMBasicBlockRef top, struct staged_copy *copy, char *reason,
                         size_t size) {
  LLVMValueRef merged = copy->site->merged;
  if (!merged)
    return true;
  if (LLVMIsAPHINode(merged)) {
    LLVMBasicBlockRef block = LLVMGetInstructionParent(merged);
    if (!ferry_loop_contains(loop, block) || block == loop->header ||
        !ferry_block_dominates(dominators, top, block))
      return ferry_refuse(reason, size, "the guarded load's merge is reached other than "
                                        "after its guard's first block");
    return true;
  }
  if (copy->guard_count == MAX_GUARDS)
    return ferry_refuse(reason, size, "the copy's guard has more than %d conditions", MAX_GUARDS);
  LLVMValueRef condition = LLVMGetOperand(merged, 0);
  bool holds = LLVMGetOperand(merged, 1) == copy->site->load;
  copy->guards[copy->guard_count] = condition;
  copy->guard_holds[copy->guard_count++] = holds;
  struct ferry_pipeline *v = copy->values;
  if (!ferry_loop_defines(loop, condition) && v->fact_count < FERRY_MAX_FACTS)
    v->facts[v->fact_count++] = (struct ferry_branch_fact){condition, holds};
  return true;
}

/* The copy's guard: from its block up through single ways in to a block
 * every iteration runs (one that dominates the latch), each conditional
 * branch's condition and way; those defined before the loop are facts. */
static bool find_guard(struct ferry_analyses *analyses, const struct ferry_loop *loop,
                       const struct ferry_counted_loop *counted, struct staged_copy *copy,
                       char *reason, size_t size) {
  const struct ferry_dominators *dominators = ferry_analyses_dominators(analyses);
  const struct ferry_cfg *cfg = ferry_analyses_cfg(analyses);
  LLVMBasicBlockRef block = LLVMGetInstructionParent(copy->site->load);
  for (int depth = 0; !ferry_block_dominates(dominators, block, counted->latch); depth++) {
    const struct ferry_vec *preds = ferry_cfg_predecessors(cfg, block);
    if (depth > 32 || preds->count != 1 || !ferry_loop_contains(loop, preds->items[0]))
      return ferry_refuse(reason, size, "the copy's block is reached other than through one "
                                        "chain of branches from a block every iteration runs");
    LLVMBasicBlockRef from = preds->items[0];
    LLVMValueRef branch = LLVMGetBasicBlockTerminator(from);
    if (!LLVMIsABranchInst(branch))
      return ferry_refuse(reason, size, "the copy's block is reached through a switch");
    if (LLVMIsConditional(branch) && LLVMGetSuccessor(branch, 0) != LLVMGetSuccessor(branch, 1)) {
      if (copy->guard_count == MAX_GUARDS)
        return ferry_refuse(reason, size, "the copy's guard has more than %d conditions",
                            MAX_GUARDS);
      LLVMValueRef condition = LLVMGetCondition(branch);
      bool holds = LLVMGetSuccessor(branch, 0) == block;
      copy->guards[copy->guard_count] = condition;
      copy->guard_holds[copy->guard_count++] = holds;
      struct ferry_pipeline *v = copy->values;
      if (!ferry_loop_defines(loop, condition) && v->fact_count < FERRY_MAX_FACTS)
        v->facts[v->fact_count++] = (struct ferry_branch_fact){condition, holds};
    }
    block = from;
  }
  return merged_guard(dominators, loop, block, copy, reason, size);
}

/* The facts wherever `block` runs: up its dominators, each edge from a
 * block's one predecessor on a condition defined outside the loop. */
static void access_facts(struct ferry_analyses *analyses, const struct ferry_loop *loop,
                         LLVMBasicBlockRef block, struct ferry_pipeline *facts) {
  const struct ferry_dominators *dominators = ferry_analyses_dominators(analyses);
  const struct ferry_cfg *cfg = ferry_analyses_cfg(analyses);
  for (int depth = 0; block && depth < 256; depth++) {
    const struct ferry_vec *preds = ferry_cfg_predecessors(cfg, block);
    if (preds->count != 1) {
      block = ferry_immediate_dominator(dominators, block);
      continue;
    }
    LLVMBasicBlockRef from = preds->items[0];
    LLVMValueRef branch = LLVMGetBasicBlockTerminator(from);
    if (LLVMIsABranchInst(branch) && LLVMIsConditional(branch) &&
        LLVMGetSuccessor(branch, 0) != LLVMGetSuccessor(branch, 1) &&
        !ferry_loop_defines(loop, LLVMGetCondition(branch)) &&
        facts->fact_count < FERRY_MAX_FACTS)
      facts->facts[facts->fact_count++] =
          (struct ferry_branch_fact){LLVMGetCondition(branch), LLVMGetSuccessor(branch, 0) == block};
    block = from;
  }
}

/* ferry_find_hazard_since_barrier's check: a write of a staged source. */
static const char *writes_a_source(LLVMValueRef inst, void *context) {
  const struct ferry_staged_loop *s = context;
  if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
    return NULL;
  for (size_t c = 0; c < s->count; c++)
    if (ferry_may_write(inst, s->copies[c].site->source))
      return "the thread may write a source before the loop with no barrier between that "
             "store and the loop, whose later iterations' loads would be issued before the "
             "loop's barriers order them after it";
  return NULL;
}

static const struct ferry_loops *loops_of(struct ferry_analyses *analyses) {
  return ferry_analyses_loops(analyses);
}

/* Why a loop whose trip the counter does not tell is not staged: where a
 * copy's source address depends on what the loop loads (HeCBench's merge:
 * the next window starts where this one's merge ended, a shared value
 * read after the barrier), that, since no later iteration's address is
 * known ahead whatever the trip; else the counted reading's refusal, for
 * a loop with an exit besides its latch with why that is a hazard. */
static bool untold_trip(const struct ferry_staged_loop *s, const struct ferry_loops *loops,
                        const struct ferry_counted_loop *counted, char *reason, size_t size) {
  for (size_t c = 0; c < s->count; c++) {
    struct ferry_pipeline *values = ferry_xcalloc(1, sizeof *values);
    char why[FERRY_REASON_SIZE];
    bool known = ferry_pipeline_collect_cone(values, loops, s->context.loop, s->copies[c].site->source,
                                             "the source address", why, sizeof why);
    ferry_pipeline_free(values);
    if (!known)
      return ferry_refuse(reason, size, "%s, and %s", why, counted->refusal);
  }
  /* An exit besides the latch may leave before the iterations a counter
   * would tell: a load issued for an iteration that then does not run
   * may read what the loop as written never reads (past a sentinel, or
   * memory never allocated). */
  if (counted->shape == FERRY_COUNTED_LATCHES)
    return ferry_refuse(reason, size,
                        "%s: it may leave before an iteration issued ahead runs, whose load "
                        "would read what the loop as written does not", counted->refusal);
  return ferry_refuse(reason, size, "%s", counted->refusal);
}

/* The loop's checks, every copy's and the stores that may write a source. */
static bool check_loop(struct ferry_staged_loop *s, LLVMModuleRef module,
                       struct ferry_analyses *analyses, char *reason, size_t size) {
  const struct ferry_loop *loop = s->context.loop;
  const struct ferry_counted_loop *counted = ferry_analyses_counted_loop(analyses, loop);
  /* Exact, or exact where a step fixed before the loop is positive, which
   * the check before the loop tests (trip_last). */
  if (counted->shape != FERRY_COUNTED ||
      !(counted->exact || counted->exact_where_step_positive))
    return untold_trip(s, loops_of(analyses), counted, reason, size);
  if (counted->width > 64)
    return ferry_refuse(reason, size, "the loop's counter is wider than 64 bits");
  s->context.counted = counted;
  /* The check before the loop is the block's: so must its trip be. */
  const struct ferry_uniformity *uniformity = ferry_analyses_uniformity(analyses);
  if (!ferry_is_uniform(uniformity, counted->start) ||
      !ferry_is_uniform(uniformity, counted->bound) ||
      (counted->step_value && !ferry_is_uniform(uniformity, counted->step_value)))
    return ferry_refuse(reason, size, "the loop's trip count is not the same in every thread "
                                      "of the block");
  const char *ordering = ordering_refusal(loop);
  if (ordering)
    return ferry_refuse(reason, size, "%s", ordering);
  const struct ferry_loops *loops = ferry_analyses_loops(analyses);
  s->ranges = ferry_range_check_new_intervals(&s->context);
  unsigned long long bytes = 0;
  for (size_t c = 0; c < s->count; c++) {
    struct staged_copy *copy = &s->copies[c];
    copy->values = ferry_xcalloc(1, sizeof *copy->values);
    copy->values->counted = counted;
    copy->values->reads_down_steps = true; /* its ranges are intervals */
    if (!find_guard(analyses, loop, counted, copy, reason, size) ||
        !ferry_pipeline_collect_cone(copy->values, loops, loop, copy->site->source,
                                     "the source address", reason, size))
      return false;
    for (size_t g = 0; g < copy->guard_count; g++)
      if (!ferry_pipeline_collect_cone(copy->values, loops, loop, copy->guards[g],
                                       "the copy's guard", reason, size))
        return false;
    char why[FERRY_REASON_SIZE];
    if (!ferry_range_check_read_interval(s->ranges, module, copy->site->source, copy->site->size,
                                         copy->values->facts, copy->values->fact_count,
                                         copy->guards, copy->guard_holds, copy->guard_count, why,
                                         sizeof why))
      return ferry_refuse(reason, size, "no range check bounds the bytes the load reads: %s", why);
    bytes += copy->site->size;
  }
  for (size_t b = 0; b < loop->blocks.count; b++)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(loop->blocks.items[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
        continue;
      unsigned copies = 0;
      for (size_t c = 0; c < s->count; c++)
        if (ferry_may_write(inst, s->copies[c].site->source))
          copies |= 1u << c;
      if (!copies)
        continue;
      if (!LLVMIsAStoreInst(inst) || !ferry_is_plain_access(inst) ||
          s->write_count == MAX_WRITES)
        return ferry_refuse(reason, size, "the loop may write a source other than by a plain "
                                          "store, or by more than %d stores", MAX_WRITES);
      char why[FERRY_REASON_SIZE];
      struct ferry_pipeline *facts = ferry_xcalloc(1, sizeof *facts);
      s->write_facts[s->write_count++] = facts;
      access_facts(analyses, loop, LLVMGetInstructionParent(inst), facts);
      if (!ferry_range_check_write_interval(s->ranges, module, inst, copies, facts->facts,
                                            facts->fact_count, why, sizeof why))
        return ferry_refuse(reason, size, "the loop may write a source, and no range check "
                                          "bounds the bytes a store writes: %s", why);
    }
  /* A store before the loop with no barrier between it and the loop: a
   * later iteration's load, ordered after it by the loop's barriers in
   * another thread, would be issued before them. */
  const char *objection = NULL;
  if (ferry_find_hazard_since_barrier(counted->preheader_branch, ferry_analyses_cfg(analyses),
                                      writes_a_source, s, &objection))
    return ferry_refuse(reason, size, "%s", objection);
  LLVMValueRef fn = LLVMGetBasicBlockParent(loop->header);
  return staged_stages(fn, bytes, &s->stages, &s->threads, s->stage_reason,
                       sizeof s->stage_reason);
}

/* Records at the copy's decision why its load is not staged (said with
 * its refusal: copy_record.h, not_staged). */
static void not_staged(struct ferry_copy_record *record, const struct ferry_planned_copy *plan,
                       const char *reason) {
  ferry_copy_decision_not_staged(ferry_copy_record_decision(record, plan->site.store), "%s",
                                 reason);
}

void ferry_staged_check(LLVMModuleRef module, struct ferry_analyses *analyses,
                        const struct ferry_vec *plans, const struct ferry_vec *ring_plans,
                        struct ferry_copy_record *record, struct ferry_vec *staged) {
  const struct ferry_loops *loops = ferry_analyses_loops(analyses);
  struct ferry_map ring_loops = {0}, done = {0};
  /* A loop with copies fit for a ring is the prefetch's where no ring took
   * it: left to it. */
  for (size_t i = 0; i < ring_plans->count; i++) {
    const struct ferry_planned_copy *plan = ring_plans->items[i];
    const struct ferry_loop *loop =
        ferry_loop_of_block(loops, LLVMGetInstructionParent(plan->site.store));
    if (loop)
      ferry_set_insert(&ring_loops, loop);
  }
  for (size_t i = 0; i < plans->count; i++) {
    const struct ferry_planned_copy *first = plans->items[i];
    const struct ferry_loop *loop =
        ferry_loop_of_block(loops, LLVMGetInstructionParent(first->site.load));
    if (!loop) {
      not_staged(record, first, "the copy is in no loop (a load issued ahead needs iterations to "
                                "issue it in)");
      continue;
    }
    intptr_t ring_loop = 0;
    if (ferry_map_get(&ring_loops, loop, &ring_loop)) {
      not_staged(record, first, "its loop holds copies fit for a ring, the ring's or the "
                                "prefetch's, whose groups a staged load's would meet");
      continue;
    }
    /* A loop with no barrier: registers serve it (issue 34: PolyBench's
     * correlation staged ran slower). */
    if (!ferry_loop_holds_barrier(loop)) {
      not_staged(record, first, "its loop holds no barrier (the loop's loads overlap across "
                                "its iterations without staging; registers serve it)");
      continue;
    }
    if (!ferry_set_insert(&done, loop))
      continue;
    struct ferry_staged_loop *s = ferry_xcalloc(1, sizeof *s);
    s->context.loop = loop;
    s->context.dominators = ferry_analyses_dominators(analyses);
    s->context.uniformity = ferry_analyses_uniformity(analyses);
    char reason[FERRY_REASON_SIZE] = "";
    struct ferry_vec members = {0}; /* the loop's copies (struct ferry_planned_copy *) */
    for (size_t j = i; j < plans->count; j++) {
      const struct ferry_planned_copy *plan = plans->items[j];
      if (ferry_loop_of_block(loops, LLVMGetInstructionParent(plan->site.load)) != loop)
        continue;
      ferry_vec_push(&members, (void *)plan);
      if (s->count < FERRY_RING_MAX_COPIES)
        s->copies[s->count++].site = &plan->site;
    }
    bool ok = members.count <= FERRY_RING_MAX_COPIES
                  ? check_loop(s, module, analyses, reason, sizeof reason)
                  : ferry_refuse(reason, sizeof reason, "its loop holds more than %d such copies",
                                 FERRY_RING_MAX_COPIES);
    if (ok) {
      ferry_vec_push(staged, s);
      ferry_vec_free(&members);
      continue;
    }
    for (size_t c = 0; c < members.count; c++)
      not_staged(record, members.items[c], reason);
    ferry_vec_free(&members);
    ferry_staged_free(s);
  }
  ferry_map_free(&ring_loops);
  ferry_map_free(&done);
}
