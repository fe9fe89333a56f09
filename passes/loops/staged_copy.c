/* Staged copies: the check and the rewrite (staged_copy.h says what they
 * make; the range check is the versioning utility's, in its interval mode:
 * loop_version.h). The values a later
 * iteration computes are the rings' (pipeline_values.c, on a plan of the
 * copy's own that holds its facts); the fallback is the loop versioning
 * utility's (loop_version.h); the instructions are ptx.c's. */
#include "staged_copy.h"

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

/* Stages and the block the static ring is sized for. The ring is static:
 * a trial variant gets no dynamic shared memory of its own. Sixteen KiB,
 * the default budget of a ring (pipeline_plan.h, RING_BUDGET), holds 8
 * stages of two 4-byte loads for blocks of up to 256 threads; laplace3d's
 * loads staged by hand ran 2.77x at 4 and at 8 stages alike (H200,
 * 256^3). A larger block runs the loop as written (the check before it). */
enum { STAGED_STAGES = 8, STAGED_THREADS = 256, STAGED_BUDGET = RING_BUDGET,
       MAX_GUARDS = 8, MAX_WRITES = FERRY_RANGE_MAX_WRITES };

struct staged_copy {
  const struct ferry_copy_site *site;
  /* The copy's values ahead (cone, steps, its facts: pipeline_plan.h). */
  struct ferry_pipeline *values;
  /* Its guard: each condition, and the way it holds where the copy runs. */
  LLVMValueRef guards[MAX_GUARDS];
  bool guard_holds[MAX_GUARDS];
  size_t guard_count;
};

struct ferry_staged_loop {
  const struct ferry_loop *loop;
  const struct ferry_counted_loop *counted;
  const struct ferry_dominators *dominators;
  const struct ferry_uniformity *uniformity;
  struct staged_copy copies[FERRY_RING_MAX_COPIES];
  size_t count;
  /* The range check: read c is copy c's load, each write a store of the
   * loop that may write a source, with the sources it may write. */
  struct ferry_range_check *ranges;
  /* Each store's facts: the conditions, fixed before the loop, of the
   * branches whose one way leads to it (its range then leaves out the
   * values of threads that never store). */
  struct ferry_pipeline *write_facts[MAX_WRITES];
  size_t write_count;
  unsigned stages, threads;
  char stage_reason[FERRY_REASON_SIZE];
  LLVMValueRef check; /* i1 before the loop (ferry_staged_prepare) */
};

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
 * with zeros where the issue's guard fails, holds the stored value: a
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
    bool known = ferry_pipeline_collect_cone(values, loops, s->loop, s->copies[c].site->source,
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
  const struct ferry_loop *loop = s->loop;
  const struct ferry_counted_loop *counted = ferry_analyses_counted_loop(analyses, loop);
  /* Exact, or exact where a step fixed before the loop is positive, which
   * the check before the loop tests (trip_last). */
  if (counted->shape != FERRY_COUNTED ||
      !(counted->exact || counted->exact_where_step_positive))
    return untold_trip(s, loops_of(analyses), counted, reason, size);
  if (counted->width > 64)
    return ferry_refuse(reason, size, "the loop's counter is wider than 64 bits");
  s->counted = counted;
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
  s->ranges = ferry_range_check_new_intervals(loop, counted, s->dominators, s->uniformity);
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
    s->loop = loop;
    s->dominators = ferry_analyses_dominators(analyses);
    s->uniformity = ferry_analyses_uniformity(analyses);
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

/* ---- The rewrite ---- */

/* The index of the last iteration in which copy c may load (i64): the
 * loop's, or earlier where a counter guard ends its loads first
 * (ferry_counted_loop_guarded_last), which the issue then need not test. */
static LLVMValueRef copy_last(const struct ferry_staged_loop *s, const struct staged_copy *copy,
                              LLVMBuilderRef builder, LLVMValueRef last) {
  return ferry_counted_loop_guarded_last(s->counted, s->loop, builder, copy->guards,
                                         copy->guard_holds, copy->guard_count, last,
                                         "ferry.staged.last");
}

/* Before the loop: the block fits the ring, and the staged loads' bytes
 * miss every store's that may write them (the range check). */
static LLVMValueRef build_check(const struct ferry_staged_loop *s, LLVMModuleRef module,
                                LLVMBuilderRef builder, LLVMValueRef last) {
  struct ferry_ptx ptx = {module, builder};
  LLVMValueRef size = ferry_ptx_block_size(&ptx);
  LLVMValueRef fits = LLVMBuildICmp(builder, LLVMIntULE, size,
                                    LLVMConstInt(LLVMTypeOf(size), s->threads, false),
                                    "ferry.staged.fits");
  return ferry_range_check_emit_intervals(s->ranges, module, builder, last, fits);
}

/* Copy c's source at `distance` iterations on (from the loop's start in
 * the prologue), issued to `destination`: read where `runs` (an i1: that
 * iteration runs and is no later than the copy's last, copy_last, which
 * holds its counter guards) and the copy's other guard conditions hold
 * there, zero-filled (nothing is read) elsewhere, with no branch: by the
 * ignore-src predicate where the target is sure to have it (`ignore_src`),
 * else by a src-size of 0. A slot so filled is never read: its iteration does not run,
 * or the load it stands for is under the guard that failed. The source
 * is frozen: where the guard fails it may be computed from values that
 * thread never set. */
static void issue(LLVMModuleRef module, LLVMBuilderRef builder, const struct ferry_staged_loop *s,
                  size_t c, LLVMValueRef destination, LLVMValueRef runs, unsigned distance,
                  bool prologue, bool ignore_src) {
  const struct staged_copy *copy = &s->copies[c];
  struct ferry_map made = {0};
  LLVMValueRef go = runs;
  for (size_t g = 0; g < copy->guard_count; g++) {
    LLVMValueRef bound;
    bool inclusive;
    if (ferry_counted_loop_guard_bound(s->counted, s->loop, copy->guards[g],
                                       copy->guard_holds[g], &bound, &inclusive))
      continue; /* in `runs` (copy_last) */
    LLVMValueRef condition =
        ferry_pipeline_value_at(copy->values, builder, copy->guards[g], distance, prologue, &made);
    if (!copy->guard_holds[g])
      condition = LLVMBuildNot(builder, condition, "");
    go = LLVMBuildAnd(builder, go, LLVMBuildFreeze(builder, condition, ""), "");
  }
  LLVMValueRef source = LLVMBuildFreeze(
      builder,
      ferry_pipeline_value_at(copy->values, builder, copy->site->source, distance, prologue, &made),
      "");
  ferry_map_free(&made);
  struct ferry_ptx ptx = {module, builder};
  if (ignore_src) {
    ferry_ptx_cp_async_unless(&ptx, destination, source, copy->site->size, go);
    return;
  }
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(module));
  LLVMValueRef bytes = LLVMBuildSelect(builder, go, LLVMConstInt(i32, copy->site->size, false),
                                       LLVMConstInt(i32, 0, false), "ferry.staged.bytes");
  ferry_ptx_cp_async_fill(&ptx, destination, source, copy->site->size, bytes);
}

/* Copy c's slots of this thread: element `rank` of its ring, from which
 * stage k's slot lies k * T elements on, T the threads the ring is sized
 * for (the check before the loop holds the block to T, so that ranks
 * fit): a constant stride, where the block's size would cost a multiply
 * at every access, from a base computed once. */
static LLVMValueRef thread_slots(LLVMBuilderRef builder, const struct ferry_staged_loop *s,
                                 size_t c, LLVMValueRef ring, LLVMValueRef rank) {
  return LLVMBuildInBoundsGEP2(builder, LLVMTypeOf(s->copies[c].site->load), ring, &rank, 1,
                               "ferry.staged.slots");
}

/* Copy c's slot of stage `stage` (i32, below S), from its thread_slots. */
static LLVMValueRef slot(LLVMBuilderRef builder, const struct ferry_staged_loop *s, size_t c,
                         LLVMValueRef slots, LLVMValueRef stage) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(stage)));
  LLVMValueRef index = LLVMBuildNUWMul(builder, LLVMBuildZExt(builder, stage, i64, ""),
                                       LLVMConstInt(i64, s->threads, false), "");
  return LLVMBuildInBoundsGEP2(builder, LLVMTypeOf(s->copies[c].site->load), slots, &index, 1,
                               "ferry.staged.slot");
}

/* The stage of iteration `iteration` + `ahead` (i32): its index mod S. */
static LLVMValueRef stage_of(LLVMBuilderRef builder, LLVMValueRef iteration, unsigned ahead,
                             unsigned stages) {
  LLVMTypeRef i32 = LLVMTypeOf(iteration);
  if (ahead)
    iteration = LLVMBuildAdd(builder, iteration, LLVMConstInt(i32, ahead, false), "");
  return LLVMBuildAnd(builder, iteration, LLVMConstInt(i32, stages - 1, false),
                      "ferry.staged.stage");
}

/* The index of the loop's last iteration (i64), and in *holds (i1) what
 * the staged loop needs of the trip beyond the check's ranges: a step
 * fixed before the loop is positive (counted_loop.h,
 * exact_where_step_positive), and a counter wider than 32 bits ends
 * within 2^31 - 1 iterations (no overflow reading it in 64 bits), so that
 * the iteration's index and the issues' end have 32 bits, as a narrow
 * counter's do. */
static LLVMValueRef trip_last(const struct ferry_staged_loop *s, LLVMModuleRef module,
                              LLVMBuilderRef builder, LLVMValueRef *holds) {
  const struct ferry_counted_loop *counted = s->counted;
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  *holds = LLVMConstInt(LLVMInt1TypeInContext(context), 1, false);
  if (counted->step_value)
    *holds = LLVMBuildICmp(builder, LLVMIntSGT, counted->step_value,
                           LLVMConstInt(LLVMTypeOf(counted->step_value), 0, false),
                           "ferry.staged.step.positive");
  if (counted->width <= 32)
    return ferry_counted_loop_last_iteration(counted, builder);
  LLVMValueRef overflow = LLVMConstInt(LLVMInt1TypeInContext(context), 0, false);
  LLVMValueRef last = ferry_counted_loop_last_iteration_wide(counted, module, builder, &overflow);
  LLVMValueRef fits = LLVMBuildICmp(builder, LLVMIntULT, last,
                                    LLVMConstInt(i64, INT32_MAX, false), "");
  *holds = LLVMBuildAnd(builder, *holds,
                        LLVMBuildAnd(builder, LLVMBuildNot(builder, overflow, ""), fits, ""),
                        "ferry.staged.trip.fits");
  return last;
}

void ferry_staged_prepare(LLVMModuleRef module, LLVMBuilderRef builder,
                          struct ferry_staged_loop *s) {
  LLVMPositionBuilderBefore(builder, s->counted->preheader_branch);
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(s->counted->preheader_branch));
  LLVMValueRef trip_holds;
  LLVMValueRef last = trip_last(s, module, builder, &trip_holds);
  s->check = LLVMBuildAnd(builder, trip_holds, build_check(s, module, builder, last), "");
}

void ferry_staged_apply(LLVMModuleRef module, LLVMBuilderRef builder, struct ferry_staged_loop *s,
                        struct ferry_copy_record *record) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  const struct ferry_counted_loop *counted = s->counted;
  LLVMValueRef fn = LLVMGetBasicBlockParent(counted->header);
  /* The loop as written beside, where the check fails (loop_version.h):
   * its copies kept as written, whatever pass comes next. */
  struct ferry_loop_versions versions;
  ferry_loop_version_split(&s->loop->blocks, counted->preheader_branch, counted->latch,
                           counted->exit, "ferry.staged.entry", "ferry.staged.as.written",
                           &versions);
  for (size_t c = 0; c < s->count; c++)
    ferry_copy_record_keep(record, ferry_cloned(&versions.clones, s->copies[c].site->store),
                           FERRY_KEPT_CHECK_FALLBACK);
  LLVMBasicBlockRef entry = versions.checked;
  ferry_loop_version_branch(builder, &versions, s->check);

  /* The rings, the thread's rank and the block's size, the prologue. */
  LLVMValueRef rings[FERRY_RING_MAX_COPIES];
  for (size_t c = 0; c < s->count; c++) {
    LLVMTypeRef type = LLVMArrayType2(LLVMTypeOf(s->copies[c].site->load),
                                      (unsigned long long)s->stages * s->threads);
    size_t length;
    const char *name = LLVMGetValueName2(fn, &length);
    char ring_name[256];
    snprintf(ring_name, sizeof ring_name, "%.*s.ferry.staged.%zu", (int)length, name, c);
    rings[c] = LLVMAddGlobalInAddressSpace(module, type, ring_name, FERRY_ADDRSPACE_SHARED);
    LLVMSetInitializer(rings[c], LLVMGetPoison(type));
    LLVMSetLinkage(rings[c], LLVMInternalLinkage);
    LLVMSetAlignment(rings[c], 16);
  }
  LLVMValueRef entry_jump = LLVMGetBasicBlockTerminator(entry);
  LLVMPositionBuilderBefore(builder, entry_jump);
  struct ferry_ptx ptx = {module, builder};
  LLVMValueRef rank = LLVMBuildTrunc(builder, ferry_ptx_block_rank(&ptx), i32, "");
  LLVMValueRef zero = LLVMConstInt(i32, 0, false);
  bool ignore_src = ferry_target_has_cp_async_ignore_src(ferry_function_target(fn));
  LLVMValueRef slots[FERRY_RING_MAX_COPIES];
  for (size_t c = 0; c < s->count; c++)
    slots[c] = thread_slots(builder, s, c, rings[c], rank);
  /* Each copy's last iteration (i64: the loop's, or its counter guard's
   * end), so that whether an iteration ahead issues is one comparison. */
  LLVMValueRef trip_holds; /* checked before the loop (ferry_staged_prepare) */
  LLVMValueRef last = trip_last(s, module, builder, &trip_holds);
  LLVMTypeRef i64 = LLVMTypeOf(last);
  LLVMValueRef lasts[FERRY_RING_MAX_COPIES];
  for (size_t c = 0; c < s->count; c++)
    lasts[c] = copy_last(s, &s->copies[c], builder, last);
  for (unsigned d = 0; d + 1 < s->stages; d++) {
    LLVMValueRef stage = LLVMConstInt(i32, d, false);
    for (size_t c = 0; c < s->count; c++)
      issue(module, builder, s, c, slot(builder, s, c, slots[c], stage),
            LLVMBuildICmp(builder, LLVMIntSGE, lasts[c], LLVMConstInt(i64, d, false), ""), d,
            true, ignore_src);
    ferry_ptx_commit_group(&ptx);
  }
  /* Iteration i+S-1 runs for copy c while i < last_c - S + 2: one
   * unsigned 32-bit comparison in the loop, that end clamped at 0 before
   * it (the counter has 32 bits or fewer, or the check held a wider one's
   * trip below 2^31 - 1: trip_last; so the iterations fit, and so does
   * the end: last_c < 2^32). */
  unsigned ahead = s->stages - 1;
  LLVMValueRef issue_ends[FERRY_RING_MAX_COPIES];
  for (size_t c = 0; c < s->count; c++) {
    LLVMValueRef end = LLVMBuildSub(builder, lasts[c], LLVMConstInt(i64, ahead - 1, false), "");
    LLVMValueRef some = LLVMBuildICmp(builder, LLVMIntSGT, end, LLVMConstInt(i64, 0, false), "");
    issue_ends[c] = LLVMBuildTrunc(
        builder, LLVMBuildSelect(builder, some, end, LLVMConstInt(i64, 0, false), ""), i32,
        "ferry.staged.issues.end");
  }
  LLVMBasicBlockRef prologue_end = LLVMGetInsertBlock(builder);

  /* The header: the iteration's index, the issue of i+S-1, the wait. */
  LLVMBasicBlockRef header = counted->header;
  LLVMValueRef first = LLVMGetFirstInstruction(header);
  while (LLVMIsAPHINode(first))
    first = LLVMGetNextInstruction(first);
  LLVMPositionBuilderBefore(builder, LLVMGetFirstInstruction(header));
  LLVMValueRef iteration = LLVMBuildPhi(builder, i32, "ferry.staged.iteration");
  LLVMPositionBuilderBefore(builder, counted->latch_branch);
  LLVMValueRef next = LLVMBuildAdd(builder, iteration, LLVMConstInt(i32, 1, false), "");
  LLVMValueRef values[2] = {zero, next};
  LLVMBasicBlockRef blocks[2] = {prologue_end, counted->latch};
  LLVMAddIncoming(iteration, values, blocks, 2);
  LLVMPositionBuilderBefore(builder, first);
  LLVMValueRef issue_stage = stage_of(builder, iteration, ahead, s->stages);
  for (size_t c = 0; c < s->count; c++)
    issue(module, builder, s, c, slot(builder, s, c, slots[c], issue_stage),
          LLVMBuildICmp(builder, LLVMIntULT, iteration, issue_ends[c], "ferry.staged.runs"), ahead,
          false, ignore_src);
  ferry_ptx_commit_group(&ptx);
  ferry_ptx_wait_group(&ptx, s->stages - 1);
  LLVMValueRef read_stage = stage_of(builder, iteration, 0, s->stages);

  /* Each load reads its slot (a guarded copy's merge: the slot holds
   * the load or zero, as the merge does); the store stays as written. */
  for (size_t c = 0; c < s->count; c++) {
    LLVMValueRef load = s->copies[c].site->load, merged = s->copies[c].site->merged;
    LLVMValueRef at = merged ? merged : load;
    while (LLVMIsAPHINode(at))
      at = LLVMGetNextInstruction(at);
    LLVMPositionBuilderBefore(builder, at);
    LLVMValueRef value = LLVMBuildLoad2(builder, LLVMTypeOf(load),
                                        slot(builder, s, c, slots[c], read_stage),
                                        "ferry.staged.value");
    LLVMSetAlignment(value, s->copies[c].site->size);
    if (merged) {
      LLVMReplaceAllUsesWith(merged, value);
      LLVMInstructionEraseFromParent(merged);
    }
    LLVMReplaceAllUsesWith(load, value); /* a merge's load: no use left */
    LLVMInstructionEraseFromParent(load);
    ferry_copy_record_keep(record, s->copies[c].site->store, FERRY_KEPT_STAGED);
  }
  /* After the loop nothing is pending (no iteration past the last was
   * issued); the wait says so to whatever follows. */
  LLVMValueRef after = LLVMGetFirstInstruction(counted->exit);
  while (LLVMIsAPHINode(after))
    after = LLVMGetNextInstruction(after);
  LLVMPositionBuilderBefore(builder, after);
  ferry_ptx_wait_all(&ptx);

  char message[2 * FERRY_MESSAGE_SIZE]; /* the text and the stage reason */
  for (size_t c = 0; c < s->count; c++) {
    const struct ferry_copy_site *site = s->copies[c].site;
    snprintf(message, sizeof message,
             "staged the copy's load: each iteration issues the load of iteration i+%u by "
             "cp.async.%s (%u bytes; zero-filled, reading nothing, where that iteration does not "
             "run or the copy's guard fails there) into a ring of %u slots of the thread's own in "
             "shared memory (%u stages: %s), and the store, as written, takes the value from its slot "
             "after the thread's cp.async.wait_group %u, with no barrier added; behind one check "
             "before the loop that the block has at most %u threads and that the bytes the "
             "staged loads read, over the block and every iteration, miss those the loop's "
             "stores write (else the loop runs as written)",
             s->stages - 1, ferry_cp_async_cache(site->size), site->size, s->stages, s->stages,
             s->stage_reason, s->stages - 1, s->threads);
    ferry_remark(FERRY_REMARK_PASSED, site->store, "CopyStaged", message);
  }
  ferry_staged_free(s);
}
