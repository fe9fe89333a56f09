/* ferry-prefetch: L2 prefetch for the copy loops no ring could take.
 *
 * Runs after ferry-pipeline. A copy still plain in a counted loop (the
 * pipeliner refused the loop: sources the loop may write, no room for a
 * ring, a shape outside the ring's rules) gets, in each thread, a
 * prefetch.global.L2 of its source as iteration i+k will read it, and the
 * first iteration prefetches iterations 1..k-1 (the prologue). The copy
 * itself stays plain: ferry-async-copy leaves it alone (the function's
 * record keeps it as written: copy_record.h), and, the prefetch being
 * inline assembly, the function's other copies too. Which loops are
 * prefetched is decided with the rings, on the IR before any is made
 * (ferry_prefetch_decide, called by ferry-pipeline); this pass builds
 * them, its checks made again on the IR it rewrites, and decides only the
 * loops of copies no plan met before it (a versioned ring's clone).
 *
 * Why: a prefetch changes no value, so no aliasing, room or shape rule
 * stands in its way. Measured on an H100 (bench/copy_as_written.cu: the
 * seeds' loop as written, an extern tile of one block's 1 KiB, pointers
 * that may alias; 1/2/4/8 blocks per SM, sm_90a): legacy
 * 1.060/0.594/0.353/0.240 ms; the single-stage cp.async ferry made before
 * 1.089/0.606/0.355/0.240 (0.97-1.00x); this prefetch with 16 KiB in
 * flight per SM 0.647/0.341/0.210/0.202 (1.64/1.74/1.68/1.19x), with 8 KiB
 * 0.646/0.341/0.230/0.205, with 64 KiB 0.645/0.342/0.299/0.245 (0.98x at
 * 8 blocks per SM): too far ahead evicts what the blocks are about to
 * read, so k follows the bytes in flight per multiprocessor and is
 * computed at run time, before the loop (below). On sm_90 the first thread
 * of each row prefetching the row's bytes with one
 * cp.async.bulk.prefetch.L2 measured slower than every thread's own
 * prefetch.global.L2 (same bench and H100, sm_90a: 0.715/0.389/0.244/0.214
 * against 0.649/0.343/0.214/0.205 ms; hand-written, 4 ahead: 0.795 against
 * 0.740 ms at 1 block per SM), so both targets prefetch per thread:
 *
 *   k = FERRY_PREFETCH_BYTES / (blocks per SM * bytes the block copies per
 *       iteration), clamped to 1..16,
 *
 * with blocks per SM = ceil(blocks of the grid / %nsmid), at most what the
 * SM's 2048 threads allow (-ferry-prefetch-bytes sets the budget, 16 KiB
 * by default).
 *
 * Sound because:
 * - the copy runs in every iteration (its block dominates the latch), and
 *   its source address is affine in the loop's counter with every other
 *   part loop-invariant, so iteration i+d reads exactly the address
 *   `address(i) + d * step * stride`;
 * - a prefetch is issued only for iterations that run: the latch's own
 *   comparison, evaluated at the counter d steps on, where the counter
 *   cannot wrap on the way (a < or <= test), or the distance to the bound
 *   (a != test counting by 1); otherwise the thread prefetches its own
 *   current address again.
 *
 * Refused, with an -Rpass-analysis remark: loops not counted in such a
 * form, sources not affine in the counter, copies that do not run in every
 * iteration. Targets below sm_80 and -ferry-prefetch=never: nothing. */
#include "analyses.h"
#include "bridge.h"
#include "copy_plan.h"
#include "dispatch.h"
#include "ferry.h"
#include "ir_build.h"
#include "kernel_options.h"
#include "loop_limits.h"
#include "loop_prefetch.h"
#include "ptx.h"
#include "names.h"
#include "target.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>

/* The most iterations ahead, the most copies a prefetched loop holds, the
 * largest step of its counter: loop_limits.h. */
enum { MAX_DISTANCE = FERRY_PREFETCH_MAX_DISTANCE, MAX_COPIES = FERRY_PREFETCH_MAX_COPIES };

/* How the loop counts (counted_loop.h), and how the source addresses read
 * its counter. */
struct counter {
  const struct ferry_counted_loop *counted;
  /* A 32-bit counter that a source address reads sign-extended (the affine
   * form's own reading) or zero-extended: it must not wrap in that reading
   * before the iteration prefetched for. */
  bool read_signed, read_unsigned;
};

/* The prefetch's reading of a counted loop (counted_loop.h: not the
 * ring's exact one; ferry_counted_loop_runs_checked checks what it does not
 * prove): the latch tests the increment, a counter of 32 or 64 bits with
 * a positive step of at most FERRY_PREFETCH_MAX_STEP, against the bound
 * with <, <= or, counting by 1, !=. Its refusals keep their own words. */
static bool find_counter(struct ferry_analyses *analyses, const struct ferry_loop *loop,
                         struct counter *c, char *reason, size_t size) {
  const struct ferry_counted_loop *counted = ferry_analyses_counted_loop(analyses, loop);
  switch (counted->shape) {
  case FERRY_COUNTED:
    break;
  case FERRY_COUNTED_NO_PREHEADER:
  case FERRY_COUNTED_LATCHES:
    return ferry_refuse(reason, size, "%s", counted->refusal);
  case FERRY_COUNTED_NOT_CONDITIONAL:
  case FERRY_COUNTED_NOT_ICMP:
    return ferry_refuse(reason, size, "the loop does not end in an integer comparison");
  case FERRY_COUNTED_NO_COUNTER:
    return ferry_refuse(reason, size, "the loop is not counted by an induction variable");
  }
  /* A step that is not a constant (counted_loop.h, step_value): not an
   * induction variable of loops.h, whose steps the prefetch reads. */
  if (!counted->tests_next || counted->step_value)
    return ferry_refuse(reason, size, "the loop is not counted by an induction variable");
  if (counted->step <= 0 || counted->step > FERRY_PREFETCH_MAX_STEP ||
      (counted->width != 32 && counted->width != 64))
    return ferry_refuse(reason, size,
                        "the loop's counter is not of 32 or 64 bits with a positive step "
                        "of at most 2^20");
  LLVMIntPredicate test = counted->continue_while;
  bool relational = test == LLVMIntULT || test == LLVMIntULE || test == LLVMIntSLT ||
                    test == LLVMIntSLE;
  if (!relational && !(test == LLVMIntNE && counted->step == 1))
    return ferry_refuse(reason, size,
                        "the loop continues while its counter is neither below its bound "
                        "nor, counting by 1, different from it");
  c->counted = counted;
  return true;
}

/* An atom of the affine form as a 64-bit value at the builder's position
 * (before the loop: every atom but the counter is loop-invariant). */
static LLVMValueRef build_atom(LLVMBuilderRef builder, LLVMModuleRef module,
                               const struct ferry_atom *atom) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(module));
  static const char *const registers[] = {"tid", "ctaid", "ntid", "nctaid"};
  if (atom->kind <= FERRY_ATOM_NCTAID) {
    char name[48];
    snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", registers[atom->kind],
             "xyz"[atom->dimension]);
    return LLVMBuildZExt(builder, ferry_call_intrinsic(builder, module, name, NULL, 0), i64, "");
  }
  /* A narrower atom stands for its value read as signed (affine.h). */
  LLVMValueRef value = atom->value;
  return LLVMGetIntTypeWidth(LLVMTypeOf(value)) < 64 ? LLVMBuildSExt(builder, value, i64, "")
                                                      : value;
}

/* The bytes the source address moves per step of the counter: the sum of
 * the form's terms in the counter, the counter left out, times the step;
 * built at the builder's position (before the loop), or only checked when
 * `builder` is NULL. Refuses a term with the counter twice, another
 * counter of this loop, or an atom computed inside it. */
/* Whether an atom is the counter (read as signed: affine.h), or the
 * counter zero- or sign-extended. */
static bool is_counter(const struct ferry_atom *atom, const struct counter *c) {
  if (atom->kind == FERRY_ATOM_INDUCTION)
    return atom->value == c->counted->iv;
  return atom->kind == FERRY_ATOM_OPAQUE &&
         (LLVMIsAZExtInst(atom->value) || LLVMIsASExtInst(atom->value)) &&
         LLVMGetOperand(atom->value, 0) == c->counted->iv;
}

static void note_reading(const struct ferry_atom *atom, struct counter *c) {
  if (atom->kind == FERRY_ATOM_OPAQUE && LLVMIsAZExtInst(atom->value))
    c->read_unsigned = true;
  else
    c->read_signed = true;
}

static bool counter_stride(LLVMBuilderRef builder, LLVMModuleRef module,
                           const struct ferry_loop *loop, struct counter *c,
                           const struct ferry_affine *form, LLVMValueRef *stride, char *reason,
                           size_t size) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(module));
  LLVMValueRef sum = builder ? LLVMConstInt(i64, 0, false) : NULL;
  bool found = false;
  for (unsigned t = 0; t < form->term_count; t++) {
    const struct ferry_term *term = &form->terms[t];
    unsigned counters = 0;
    for (unsigned a = 0; a < term->atom_count; a++) {
      const struct ferry_atom *atom = &term->atoms[a];
      if (is_counter(atom, c)) {
        counters++;
        note_reading(atom, c);
      }
      else if (atom->kind >= FERRY_ATOM_INDUCTION && ferry_loop_defines(loop, atom->value))
        return ferry_refuse(reason, size,
                            "the source address depends on a value computed in the loop other "
                            "than its counter");
    }
    if (counters > 1)
      return ferry_refuse(reason, size, "the source address is not linear in the loop's counter");
    if (!counters)
      continue;
    found = true;
    if (!builder)
      continue;
    LLVMValueRef product = LLVMConstInt(i64, (unsigned long long)term->coefficient, true);
    for (unsigned a = 0; a < term->atom_count; a++)
      if (!is_counter(&term->atoms[a], c))
        product = LLVMBuildMul(builder, product, build_atom(builder, module, &term->atoms[a]), "");
    sum = LLVMBuildAdd(builder, sum, product, "");
  }
  if (!found)
    return ferry_refuse(reason, size, "the source address does not move with the loop's counter");
  if (builder)
    *stride = LLVMBuildMul(builder, sum,
                           LLVMConstInt(i64, (unsigned long long)c->counted->step, false),
                         "ferry.prefetch.stride");
  return true;
}

/* k, before the loop (see the file's comment), of the counter's type. */
static LLVMValueRef build_distance(LLVMBuilderRef builder, LLVMModuleRef module,
                                   unsigned long long block_thread_bytes, LLVMTypeRef type) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(module));
  struct ferry_ptx ptx = {module, builder};
  LLVMValueRef threads = ferry_ptx_block_size(&ptx);
  LLVMValueRef one = LLVMConstInt(i64, 1, false);
  LLVMValueRef per_sm = ferry_ptx_blocks_per_sm(&ptx, threads);
  LLVMValueRef in_flight = LLVMBuildMul(
      builder, per_sm,
      LLVMBuildMul(builder, threads, LLVMConstInt(i64, block_thread_bytes, false), ""), "");
  LLVMValueRef k = LLVMBuildUDiv(
      builder, LLVMConstInt(i64, ferry_option_prefetch_bytes(), false), in_flight, "");
  LLVMValueRef most = LLVMConstInt(i64, MAX_DISTANCE, false);
  k = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntUGT, k, most, ""), most, k, "");
  k = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntEQ, k, LLVMConstInt(i64, 0, false), ""),
                      one, k, "");
  return LLVMBuildTrunc(builder, k, type, "ferry.prefetch.distance");
}

/* prefetch.global.L2 of `source` moved by `distance` iterations when that
 * iteration runs, else of `source` itself; at the builder's position. */
static void emit_prefetch(LLVMBuilderRef builder, LLVMModuleRef module, const struct counter *c,
                          LLVMValueRef source, LLVMValueRef stride, LLVMValueRef distance) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  LLVMValueRef runs = ferry_counted_loop_runs_checked(c->counted, builder, distance,
                                                      c->read_signed, c->read_unsigned);
  LLVMValueRef wide = c->counted->width < 64 ? LLVMBuildZExt(builder, distance, i64, "") : distance;
  LLVMValueRef offset = LLVMBuildSelect(builder, runs, LLVMBuildMul(builder, wide, stride, ""),
                                        LLVMConstInt(i64, 0, false), "");
  LLVMValueRef ahead = LLVMBuildGEP2(builder, LLVMInt8TypeInContext(context), source, &offset, 1,
                                     "ferry.prefetch.address");
  ferry_ptx_prefetch_l2(&(struct ferry_ptx){module, builder}, ahead);
}

/* Before `at` (the copy's load): in the first iteration, iterations
 * 1..k-1 (a loop of its own), then, in every iteration, iteration i+k. */
static void emit_prefetches(LLVMBuilderRef builder, LLVMModuleRef module, const struct counter *c,
                            LLVMValueRef start, LLVMValueRef at, LLVMValueRef source,
                            LLVMValueRef stride, LLVMValueRef distance) {
  LLVMTypeRef type = LLVMTypeOf(c->counted->iv);
  LLVMBasicBlockRef head, rest;
  LLVMBasicBlockRef prologue = ferry_open_region(at, "ferry.prefetch.prologue",
                                                 "ferry.prefetch.issued", &head, &rest);
  LLVMPositionBuilderAtEnd(builder, head);
  LLVMValueRef first =
      LLVMBuildICmp(builder, LLVMIntEQ, c->counted->iv, start, "ferry.first.iteration");
  LLVMBuildCondBr(builder, first, prologue, rest);

  LLVMPositionBuilderAtEnd(builder, prologue);
  LLVMValueRef one = LLVMConstInt(type, 1, false);
  LLVMValueRef j = LLVMBuildPhi(builder, type, "ferry.prefetch.j");
  emit_prefetch(builder, module, c, source, stride, j);
  LLVMValueRef next = LLVMBuildAdd(builder, j, one, "");
  LLVMValueRef more = LLVMBuildICmp(builder, LLVMIntULT, next, distance, "");
  LLVMBuildCondBr(builder, more, prologue, rest);
  LLVMValueRef incoming[2] = {one, next};
  LLVMBasicBlockRef from[2] = {head, prologue};
  LLVMAddIncoming(j, incoming, from, 2);

  LLVMPositionBuilderBefore(builder, at);
  emit_prefetch(builder, module, c, source, stride, distance);
}

struct prefetched_copy {
  const struct ferry_planned_copy *plan;
  LLVMValueRef stride;
};

/* Prefetches the sources of `count` copies of `loop` (where `builder` is
 * NULL, only checks that it can); false (and why) when it cannot. Every
 * check is made before anything is built. */
static bool prefetch_loop(LLVMModuleRef module, LLVMBuilderRef builder,
                          struct ferry_affine_context *affine, const struct ferry_loop *loop,
                          struct ferry_planned_copy **copies, size_t count,
                          struct ferry_copy_record *record, char *reason, size_t size) {
  const struct ferry_loops *loops = ferry_affine_loops(affine);
  const struct ferry_dominators *dominators = ferry_loops_dominators(loops);
  for (size_t l = 0; l < ferry_loop_count(loops); l++)
    if (ferry_loop_at(loops, l)->parent == loop)
      return ferry_refuse(reason, size, "the loop holds another loop");
  struct counter c = {0};
  if (!find_counter(ferry_affine_analyses(affine), loop, &c, reason, size))
    return false;
  LLVMBasicBlockRef latch = loop->latches.items[0];
  unsigned long long thread_bytes = 0;
  LLVMValueRef bases[MAX_COPIES];
  struct ferry_affine offsets[MAX_COPIES];
  for (size_t i = 0; i < count; i++) {
    const struct ferry_copy_site *site = &copies[i]->site;
    if (!ferry_block_dominates(dominators, LLVMGetInstructionParent(site->store), latch))
      return ferry_refuse(reason, size, "a copy does not run in every iteration");
    if (!ferry_affine_address(affine, site->source, &bases[i], &offsets[i]) ||
        ferry_loop_defines(loop, bases[i]))
      return ferry_refuse(reason, size,
                          "a copy's source is not an address affine in the loop's counter");
    if (!counter_stride(NULL, module, loop, &c, &offsets[i], NULL, reason, size))
      return false;
    thread_bytes += site->size;
  }
  LLVMValueRef start = NULL;
  for (unsigned k = 0; k < LLVMCountIncoming(c.counted->iv); k++)
    if (LLVMGetIncomingBlock(c.counted->iv, k) == loop->preheader)
      start = LLVMGetIncomingValue(c.counted->iv, k);
  if (!start)
    return ferry_refuse(reason, size, "the loop's counter does not start in the preheader");
  if (!builder)
    return true;
  LLVMPositionBuilderBefore(builder, LLVMGetBasicBlockTerminator(loop->preheader));
  LLVMValueRef strides[MAX_COPIES];
  for (size_t i = 0; i < count; i++)
    counter_stride(builder, module, loop, &c, &offsets[i], &strides[i], reason, size);
  LLVMValueRef distance =
      build_distance(builder, module, thread_bytes, LLVMTypeOf(c.counted->iv));
  for (size_t i = 0; i < count; i++) {
    const struct ferry_copy_site *site = &copies[i]->site;
    LLVMValueRef at = site->load ? site->load : site->store;
    emit_prefetches(builder, module, &c, start, at, site->source, strides[i], distance);
    ferry_copy_record_keep(record, site->store, FERRY_KEPT_PREFETCHED);
  }
  return true;
}

/* Whether the prefetch may run in `fn` at all, and its affine context. */
static struct ferry_affine_context *prefetch_allowed(LLVMValueRef fn,
                                                     struct ferry_analyses *analyses) {
  struct ferry_kernel_options options; /* a faulty annotation: fn stays as written */
  if (!ferry_option_prefetch() || !ferry_target_has_cp_async(ferry_function_target(fn)) ||
      !ferry_kernel_options(fn, &options))
    return NULL;
  return ferry_analyses_affine(analyses);
}

/* The copies of one loop among `plans` (a copy beyond the limit sets
 * `too_many`), in the function's order. */
static size_t loop_members(const struct ferry_loops *loops, const struct ferry_loop *loop,
                           const struct ferry_vec *plans, struct ferry_planned_copy **members,
                           bool *too_many) {
  size_t count = 0;
  *too_many = false;
  for (size_t i = 0; i < plans->count; i++) {
    struct ferry_planned_copy *plan = plans->items[i];
    if (ferry_loop_of_block(loops, LLVMGetInstructionParent(plan->site.store)) != loop)
      continue;
    if (count == MAX_COPIES)
      *too_many = true;
    else
      members[count++] = plan;
  }
  return count;
}

/* The prefetch of one loop's copies on this IR, built where `builder` is
 * not NULL; its remarks held in `held`; whether it prefetches. */
static bool decide_loop(LLVMModuleRef module, LLVMBuilderRef builder,
                        struct ferry_affine_context *affine, const struct ferry_loop *loop,
                        struct ferry_planned_copy **members, size_t count, bool too_many,
                        struct ferry_copy_record *record, struct ferry_vec *held) {
  char reason[FERRY_REASON_SIZE];
  char message[FERRY_MESSAGE_SIZE];
  if (too_many) {
    ferry_hold_remark(held, FERRY_REMARK_ANALYSIS, members[0]->site.store, "NotPrefetched",
                      "the copy loop's sources are not prefetched: more than 16 copies");
    return false;
  }
  if (!prefetch_loop(module, builder, affine, loop, members, count, record, reason,
                     sizeof reason)) {
    snprintf(message, sizeof message, "the copy loop's sources are not prefetched: %s%s", reason,
             ferry_dispatch_unoptimized_clause(
                 LLVMGetBasicBlockParent(LLVMGetInstructionParent(members[0]->site.store))));
    ferry_hold_remark(held, FERRY_REMARK_ANALYSIS, members[0]->site.store, "NotPrefetched",
                      message);
    return false;
  }
  for (size_t i = 0; i < count; i++) {
    snprintf(message, sizeof message,
             "left %s %u-byte global-to-shared copy plain and prefetched its source into L2 "
             "k iterations ahead (prefetch.global.L2 by each thread; k = %llu bytes / "
             "(blocks per multiprocessor x the block's bytes per iteration), 1 to 16, at run "
             "time): the loop is not pipelined, and a single-stage cp.async measured slower "
             "than the plain copy beside a prefetch",
             ferry_article(members[i]->site.size), members[i]->site.size,
             ferry_option_prefetch_bytes());
    ferry_hold_remark(held, FERRY_REMARK_PASSED, members[i]->site.store, "CopyPrefetched",
                      message);
  }
  return true;
}

/* A guarded copy (copy_site.h, merged) is not prefetched: a prefetch
 * ahead would read where that iteration's guard may fail, and the copy
 * itself would stay plain; ferry-async-copy converts it single-stage. Nor
 * is a copy a ring took. */
static void drop_unfit(struct ferry_copy_record *record, struct ferry_vec *plans) {
  size_t kept = 0;
  for (size_t i = 0; i < plans->count; i++) {
    struct ferry_planned_copy *plan = plans->items[i];
    if (plan->site.merged || !ferry_copy_record_decision(record, plan->site.store)) {
      ferry_copy_site_free(&plan->site);
      free(plan);
    } else {
      plans->items[kept++] = plan;
    }
  }
  plans->count = kept;
}

void ferry_prefetch_decide(LLVMModuleRef module, struct ferry_analyses *analyses,
                           struct ferry_copy_record *record, const struct ferry_vec *plans) {
  struct ferry_affine_context *affine =
      prefetch_allowed(ferry_analyses_function(analyses), analyses);
  if (!affine)
    return;
  struct ferry_vec fit = {0}; /* as drop_unfit leaves them; the plans stay ferry-pipeline's */
  for (size_t i = 0; i < plans->count; i++) {
    struct ferry_planned_copy *plan = plans->items[i];
    if (!plan->site.merged && ferry_copy_record_decision(record, plan->site.store))
      ferry_vec_push(&fit, plan);
  }
  const struct ferry_loops *loops = ferry_affine_loops(affine);
  for (size_t l = 0; l < ferry_loop_count(loops); l++) {
    const struct ferry_loop *loop = ferry_loop_at(loops, l);
    struct ferry_planned_copy *members[MAX_COPIES];
    bool too_many;
    size_t count = loop_members(loops, loop, &fit, members, &too_many);
    if (!count)
      continue;
    struct ferry_vec held = {0};
    bool prefetches =
        decide_loop(module, NULL, affine, loop, members, count, too_many, record, &held);
    /* Every copy of the loop decided, beyond the limit too; the remarks
     * of a loop not prefetched held with its first copy's decision (a
     * prefetch's are worded where it is built). */
    for (size_t i = 0; i < fit.count; i++) {
      struct ferry_planned_copy *plan = fit.items[i];
      if (ferry_loop_of_block(loops, LLVMGetInstructionParent(plan->site.store)) != loop)
        continue;
      struct ferry_copy_decision *decision = ferry_copy_record_decision(record, plan->site.store);
      decision->prefetch_decided = true;
      decision->prefetch = prefetches;
    }
    if (prefetches)
      ferry_free_held_remarks(&held);
    else
      ferry_copy_record_decision(record, members[0]->site.store)->prefetch_reasons = held;
  }
  ferry_vec_free(&fit);
}

static bool prefetch_function(LLVMModuleRef module, LLVMValueRef fn, LLVMBuilderRef builder,
                              struct ferry_analyses *analyses, struct ferry_copy_record *record) {
  struct ferry_affine_context *affine = prefetch_allowed(fn, analyses);
  if (!affine)
    return false;
  LLVMSetCurrentDebugLocation2(builder, NULL);
  struct ferry_vec plans = {0};
  /* The copies decided fit for a ring that no ring took. */
  ferry_plan_ring_copies(analyses, record, &plans);
  drop_unfit(record, &plans);
  const struct ferry_loops *loops = ferry_affine_loops(affine);
  /* Loops chosen first, then built one by one: building splits blocks of
   * the loop it prefetches, never those of another loop. The analyses are
   * not made again between two loops: a later loop's check asks them only
   * about its own blocks, values and copies, which no earlier build
   * touched (a build splits blocks of its own loop, which holds no other
   * loop, and adds instructions to its preheader). */
  bool changed = false;
  for (size_t l = 0; l < ferry_loop_count(loops); l++) {
    const struct ferry_loop *loop = ferry_loop_at(loops, l);
    struct ferry_planned_copy *members[MAX_COPIES];
    bool too_many;
    size_t count = loop_members(loops, loop, &plans, members, &too_many);
    if (!count)
      continue;
    /* Decided before any ring was made (ferry_prefetch_decide), where its
     * copies were planned: a loop not prefetched says why; a prefetched
     * one is built, its checks made again on this IR. A copy first met
     * here (in the loop a ring's version cloned) is decided here. */
    const struct ferry_copy_decision *first =
        ferry_copy_record_decision(record, members[0]->site.store);
    struct ferry_vec held = {0};
    if (first->prefetch_decided && !first->prefetch) {
      ferry_say_held_remarks(&first->prefetch_reasons, members[0]->site.store);
      continue;
    }
    changed |= decide_loop(module, builder, affine, loop, members, count, too_many, record,
                           &held);
    ferry_say_held_remarks(&held, members[0]->site.store);
    ferry_free_held_remarks(&held);
  }
  if (changed) {
    /* ferry-async-copy leaves the function's other copies as written: a
     * wait_group of its own would cross the prefetch's assembly. */
    ferry_plan_refuse_after_inline_asm(record);
    ferry_dispatch_mark_converted(fn, true); /* a prefetched loop: cost_model.h */
  }
  ferry_free_planned_copies(&plans);
  return changed;
}

bool ferry_prefetch_run(LLVMModuleRef module, struct ferry_copy_records *records) {
  return ferry_transform_functions(module, records, prefetch_function);
}
