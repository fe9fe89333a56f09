/* Staged copies: the rewrite (staged_copy.h says what it makes; the check
 * is staged_check.c's). The values a later iteration computes are the
 * rings' (pipeline_values.c, on a plan of the copy's own that holds its
 * facts); the fallback is the loop versioning utility's (loop_version.h);
 * the instructions are ptx.c's. */
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

/* The index of the last iteration in which copy c may load (i64): the
 * loop's, or earlier where a counter guard ends its loads first
 * (ferry_counted_loop_guarded_last), which the issue then need not test. */
static LLVMValueRef copy_last(const struct ferry_staged_loop *s, const struct staged_copy *copy,
                              LLVMBuilderRef builder, LLVMValueRef last) {
  return ferry_counted_loop_guarded_last(s->context.counted, s->context.loop, builder, copy->guards,
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
 * the prologue), issued to `destination` where `runs` (an i1: that
 * iteration runs and is no later than the copy's last, copy_last, which
 * holds its counter guards) and the copy's other guard conditions hold
 * there, with no branch. Elsewhere a plain copy's issue is skipped by a
 * guard predicate (nothing read or written; its slot is never read: its
 * iteration does not run, or its store is under the guard that failed),
 * and a guarded copy's merge (copy_site.h, `merged`) zero-fills the slot,
 * which the merge reads as its zero: by the ignore-src predicate where the
 * target is sure to have it (`ignore_src`), else by a src-size of 0. A
 * skipped issue costs no shared-memory write and no src-size register
 * (laplace3d's variant, 256^3 on an H200: 0.928 ms zero-filled, 0.912 ms
 * skipped on sm_90a; 0.922 and 0.904 ms on sm_80 PTX:
 * bench/real/results/h200-staged-lean-summary.txt). The source is
 * frozen: where the guard fails it may be computed from values that
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
    if (ferry_counted_loop_guard_bound(s->context.counted, s->context.loop, copy->guards[g],
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
  if (!copy->site->merged) {
    ferry_ptx_cp_async_if(&ptx, destination, source, copy->site->size, go);
    return;
  }
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
  const struct ferry_counted_loop *counted = s->context.counted;
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
  LLVMPositionBuilderBefore(builder, s->context.counted->preheader_branch);
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(s->context.counted->preheader_branch));
  LLVMValueRef trip_holds;
  LLVMValueRef last = trip_last(s, module, builder, &trip_holds);
  s->check = LLVMBuildAnd(builder, trip_holds, build_check(s, module, builder, last), "");
}

void ferry_staged_apply(LLVMModuleRef module, LLVMBuilderRef builder, struct ferry_staged_loop *s,
                        struct ferry_copy_record *record) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  const struct ferry_counted_loop *counted = s->context.counted;
  LLVMValueRef fn = LLVMGetBasicBlockParent(counted->header);
  /* The loop as written beside, where the check fails (loop_version.h):
   * its copies kept as written, whatever pass comes next. */
  struct ferry_loop_versions versions;
  ferry_loop_version_split(&s->context.loop->blocks, counted->preheader_branch, counted->latch,
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
             "cp.async.%s (%u bytes; %s where that iteration does not run or the copy's guard "
             "fails there) into a ring of %u slots of the thread's own in "
             "shared memory (%u stages: %s), and the store, as written, takes the value from its slot "
             "after the thread's cp.async.wait_group %u, with no barrier added; behind one check "
             "before the loop that the block has at most %u threads and that the bytes the "
             "staged loads read, over the block and every iteration, miss those the loop's "
             "stores write (else the loop runs as written)",
             s->stages - 1, ferry_cp_async_cache(site->size), site->size,
             site->merged ? "zero-filled, reading nothing," : "not issued", s->stages, s->stages,
             s->stage_reason, s->stages - 1, s->threads);
    ferry_remark(FERRY_REMARK_PASSED, site->store, "CopyStaged", message);
  }
  ferry_staged_free(s);
}
