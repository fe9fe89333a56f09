/* A ring of launch_stages: S is the launch's, the most stages whose slots
 * the launch's dynamic shared memory holds (pipeline_dynamic.c), or, with
 * in_flight_stages, the most that keep IN_FLIGHT_BYTES in flight
 * (pipeline_plan.h). The rewrite (pipeline.c) leaves to this file S (and
 * a per-launch ring's stride) before the loop; for a per-launch ring, the
 * wait for S - 1 groups (wait_group takes an immediate: a chain of tests)
 * and a prologue that is a loop over the S stages instead of S copies of
 * the issue; for either, a copy of the rewritten loop per count S may take
 * (ferry_pipeline_unswitch_stages), in which the chain folds to one wait. */
#include "pipeline_rewrite.h"

#include "bridge.h"
#include "ir_build.h"
#include "loop_limits.h"
#include "loop_version.h"
#include "pipeline_dynamic.h"
#include "ptx.h"

#include <llvm-c/DebugInfo.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* S of a loop of in_flight_stages (pipeline_plan.h), before the loop: the
 * most stages, a power of two from 2 to p->stages, whose bytes
 * (`stage_bytes`, i64: every static ring's slot, or a per-launch ring's
 * stride) times the blocks a multiprocessor holds stay within
 * IN_FLIGHT_BYTES; 2 where none does. The blocks it holds: those of the
 * launch (ferry_ptx_blocks_per_sm, in *per_sm where per_sm is not NULL),
 * at most `resident_limit`.
 * With the bytes known here, a count no launch can exceed is taken with no
 * test. */
static LLVMValueRef in_flight_stages(LLVMModuleRef module, LLVMBuilderRef builder,
                                     const struct ferry_pipeline *p, LLVMValueRef stage_bytes,
                                     unsigned resident_limit, LLVMValueRef *per_sm) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context), i64 = LLVMInt64TypeInContext(context);
  struct ferry_ptx ptx = {module, builder};
  LLVMValueRef held = ferry_ptx_blocks_per_sm(&ptx, ferry_ptx_block_size(&ptx));
  if (per_sm)
    *per_sm = held;
  LLVMValueRef limit = LLVMConstInt(i64, resident_limit, false);
  held = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntULT, limit, held, ""), limit, held,
                         "ferry.blocks.held");
  bool known = LLVMIsAConstantInt(stage_bytes);
  unsigned long long known_bytes = known ? LLVMConstIntGetZExtValue(stage_bytes) : 0;
  LLVMValueRef stages = LLVMConstInt(i32, 2, false);
  for (unsigned count = 4; count <= p->stages; count *= 2) {
    LLVMValueRef most; /* the blocks count stages fit for */
    if (known) {
      unsigned long long blocks = IN_FLIGHT_BYTES / (known_bytes * count);
      if (!blocks)
        break;
      if (blocks >= resident_limit) {
        stages = LLVMConstInt(i32, count, false);
        continue;
      }
      most = LLVMConstInt(i64, blocks, false);
    } else {
      most = LLVMBuildUDiv(
          builder, LLVMConstInt(i64, IN_FLIGHT_BYTES, false),
          LLVMBuildMul(builder, stage_bytes, LLVMConstInt(i64, count, false), ""), "");
    }
    stages = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntULE, held, most, ""),
                             LLVMConstInt(i32, count, false), stages, "");
  }
  return stages;
}

/* A ring of launch_stages, before the loop: its slots' stride, the
 * furthest end of the loop's accesses to the tile for the launch's block
 * size (pipeline_dynamic.h) rounded up to 16 bytes (every slot keeps the
 * array's alignment, and no stride is 0); and S, the most stages (a power
 * of two up to p->stages) whose slots the launch's dynamic shared memory
 * holds, or 1: then slot 0 at offset 0 is the tile where the loop as
 * written has it, and the loop copies one stage at a time. Whatever bytes a
 * launch gives, the ring stays within them, or where the kernel as
 * written has its tile. */
void ferry_pipeline_make_launch_stages(LLVMModuleRef module, LLVMBuilderRef builder,
                                       struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context), i64 = LLVMInt64TypeInContext(context);
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(p->counted->preheader_branch));
  LLVMPositionBuilderBefore(builder, p->counted->preheader_branch);
  if (p->in_flight_stages) {
    unsigned long long stage_bytes = 0;
    for (size_t r = 0; r < p->ring_count; r++)
      stage_bytes += p->rings[r].stage_bytes;
    w->stage_mask = LLVMBuildSub(
        builder, in_flight_stages(module, builder, p, LLVMConstInt(i64, stage_bytes, false),
                                  p->resident_limit, NULL),
        LLVMConstInt(i32, 1, false), "ferry.stage.mask");
    return;
  }
  LLVMValueRef launched = LLVMBuildZExt(
      builder,
      ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.dynamic_smem_size", NULL, 0),
      i64, "ferry.dynamic.bytes");
  LLVMValueRef stages = LLVMConstInt(i32, 1, false);
  for (size_t r = 0; r < p->ring_count; r++) {
    const struct ring *ring = &p->rings[r];
    LLVMValueRef *stride = &w->rings[r].stride;
    if (!ring->per_launch)
      continue;
    if (ring->from_static) { /* the array's bytes, a multiple of 16 (pipeline_check.c) */
      *stride = LLVMConstInt(i64, ring->stage_bytes, false);
    } else {
      LLVMValueRef end = LLVMConstInt(i64, 16, false);
      for (size_t i = 0; i < ring->accesses.count; i++) {
        LLVMValueRef access =
            ferry_dynamic_launch_end(module, builder, fn, ring->accesses.items[i]);
        end = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntUGT, access, end, ""),
                              access, end, "");
      }
      *stride = LLVMBuildAnd(builder,
                             LLVMBuildAdd(builder, end, LLVMConstInt(i64, 15, false), ""),
                             LLVMConstInt(i64, ~15ull, false), "ferry.slot.stride");
    }
    /* One ring of the kind a loop has (pipeline_check.c): its slots alone
     * take the dynamic memory. */
    for (unsigned count = 2; count <= p->stages; count *= 2) {
      LLVMValueRef bytes = LLVMBuildMul(builder, *stride, LLVMConstInt(i64, count, false), "");
      stages = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntULE, bytes, launched, ""),
                               LLVMConstInt(i32, count, false), stages, "");
    }
    /* Fewer where the bytes in flight ask it (launch_in_flight): both
     * counts are powers of two, the lesser holds within the launch's. A
     * block alone on its multiprocessor keeps the launch's, up to
     * FERRY_LAUNCH_MAX_STAGES (by hand, 16-byte chunks with one barrier:
     * 95 % of the roof with 64 stages of 1 KiB, 90 % with 32, the count
     * IN_FLIGHT_BYTES gives: bench/results/h200-deep-rings.txt). */
    if (p->launch_in_flight) {
      LLVMValueRef per_sm;
      LLVMValueRef in_flight = in_flight_stages(module, builder, p, *stride, SM_BLOCKS, &per_sm);
      LLVMValueRef fewer = LLVMBuildICmp(builder, LLVMIntULT, in_flight, stages, "");
      if (p->stages > FERRY_MAX_STAGES)
        fewer = LLVMBuildAnd(builder, fewer,
                             LLVMBuildICmp(builder, LLVMIntNE, per_sm, LLVMConstInt(i64, 1, false),
                                           "ferry.blocks.shared"),
                             "");
      stages = LLVMBuildSelect(builder, fewer, in_flight, stages, "ferry.stage.count");
    }
  }
  w->stage_mask = LLVMBuildSub(builder, stages, LLVMConstInt(i32, 1, false), "ferry.stage.mask");
  /* Slot 0: the extern array; a static array's ring, the launch's dynamic
   * memory where S is two or more, else the array itself. */
  for (size_t r = 0; r < p->ring_count; r++) {
    const struct ring *ring = &p->rings[r];
    if (!ring->per_launch)
      continue;
    w->rings[r].base =
        ring->from_static
            ? LLVMBuildSelect(builder,
                              LLVMBuildICmp(builder, LLVMIntEQ, w->stage_mask,
                                            LLVMConstInt(i32, 0, false), ""),
                              ring->buffer, ferry_launch_ring_memory(module), "ferry.ring.base")
            : ring->buffer;
  }
}

/* wait_group S-1 before the consumer barrier, S the launch's:
 * wait_group takes an immediate, so a chain of uniform branches (S is the
 * block's) tests S - 1 against each count from the most stages down, each
 * choosing the largest count not above it. The mask is one of 0, 1, 3, 7,
 * 15: each test picks its own; in each copy of the loop
 * (ferry_pipeline_unswitch_stages) the mask is a constant, and the chain
 * one wait. */
void ferry_pipeline_wait_per_launch(LLVMModuleRef module, LLVMBuilderRef builder,
                                    const struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  LLVMValueRef barrier = p->barrier;
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(barrier));
  LLVMPositionBuilderBefore(builder, barrier);
  struct ferry_ptx ptx = {module, builder}; /* committed at the iteration's end (pipeline.c) */
  LLVMBasicBlockRef test = LLVMGetInstructionParent(barrier);
  LLVMBasicBlockRef rest = ferry_split_block_before(barrier, "ferry.waited");
  LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(test));
  for (unsigned count = p->stages; count >= 1; count /= 2) {
    LLVMBasicBlockRef wait = LLVMInsertBasicBlockInContext(context, rest, "ferry.wait");
    LLVMBasicBlockRef next = count > 1 ? LLVMInsertBasicBlockInContext(context, rest, "ferry.wait.fewer")
                                       : NULL;
    LLVMPositionBuilderAtEnd(builder, test);
    if (next)
      LLVMBuildCondBr(builder,
                      LLVMBuildICmp(builder, LLVMIntUGE, w->stage_mask,
                                    LLVMConstInt(i32, count - 1, false), ""),
                      wait, next);
    else
      LLVMBuildBr(builder, wait);
    LLVMPositionBuilderAtEnd(builder, wait);
    ferry_ptx_wait_group(&ptx, ferry_ring_pending(p, count));
    LLVMBuildBr(builder, rest);
    test = next;
  }
}

/* The prologue of a ring of launch_stages, before the loop: a loop over
 * k from 0 while k <= S - 1 (mask; S - 2 where S takes one barrier), in
 * whose body (before *at) the rewrite
 * (pipeline.c) issues iteration k into slot k when *runs (last32 >= k for
 * a counter of at most 32 bits; ferry_counted_loop_runs_ahead from the
 * counter's start for a wider one), and commits one group, so that S
 * groups precede the loop's first. A loop rather than 15 guarded copies of the issue: the kernel's
 * code stays near the size of a ring of fixed stages. */
void ferry_pipeline_launch_prologue(LLVMModuleRef module, LLVMBuilderRef builder,
                                    const struct rewrite *w, LLVMValueRef *at, LLVMValueRef *k,
                                    LLVMValueRef *runs) {
  const struct ferry_pipeline *p = w->p;
  LLVMValueRef mask = w->stage_mask, last32 = w->last32;
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  LLVMBasicBlockRef entry = LLVMGetInstructionParent(p->counted->preheader_branch);
  LLVMBasicBlockRef rest =
      ferry_split_block_before(p->counted->preheader_branch, "ferry.prologue.done");
  LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(entry));
  LLVMBasicBlockRef test = LLVMInsertBasicBlockInContext(context, rest, "ferry.prologue");
  LLVMBasicBlockRef body = LLVMInsertBasicBlockInContext(context, rest, "ferry.prologue.stage");
  LLVMBasicBlockRef next = LLVMInsertBasicBlockInContext(context, rest, "ferry.prologue.next");
  LLVMPositionBuilderAtEnd(builder, entry);
  LLVMBuildBr(builder, test);
  LLVMPositionBuilderAtEnd(builder, test);
  LLVMValueRef stage = LLVMBuildPhi(builder, i32, "ferry.prologue.stage");
  /* k < S, or k < S-1 where S takes one barrier (issue_after_barrier:
   * iteration 0 issues S-1). */
  LLVMValueRef last = mask;
  if (!ferry_test_is(w->one_barrier, false))
    last = ferry_test_choose(builder, w->one_barrier,
                             LLVMBuildSub(builder, mask, LLVMConstInt(i32, 1, false), ""), mask);
  LLVMValueRef wanted = LLVMBuildICmp(builder, LLVMIntULE, stage, last, "ferry.stage.wanted");
  LLVMBuildCondBr(builder, wanted, body, rest);
  LLVMPositionBuilderAtEnd(builder, next);
  LLVMValueRef k_next = LLVMBuildAdd(builder, stage, LLVMConstInt(i32, 1, false), "");
  LLVMBuildBr(builder, test);
  LLVMValueRef values[2] = {LLVMConstInt(i32, 0, false), k_next};
  LLVMBasicBlockRef from[2] = {entry, next};
  LLVMAddIncoming(stage, values, from, 2);
  LLVMPositionBuilderAtEnd(builder, body);
  *at = LLVMBuildBr(builder, next);
  *k = stage;
  LLVMPositionBuilderBefore(builder, *at);
  *runs = last32 ? LLVMBuildICmp(builder, LLVMIntUGE, last32, stage, "ferry.runs")
                 : ferry_counted_loop_runs_ahead(p->counted, builder, p->counted->start, stage);
}

/* The blocks of the loop whose header is `header` and whose one way out
 * is `exit` (the rewritten ring's: its issue regions, waits and chunk
 * loops): those the header reaches without passing through `exit`,
 * header first. */
static void loop_blocks(LLVMBasicBlockRef header, LLVMBasicBlockRef exit, struct ferry_vec *blocks) {
  struct ferry_map seen = {0};
  ferry_vec_push(blocks, header);
  ferry_map_put(&seen, header, 1);
  for (size_t i = 0; i < blocks->count; i++) {
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(blocks->items[i]);
    unsigned successors = LLVMGetNumSuccessors(terminator);
    for (unsigned k = 0; k < successors; k++) {
      LLVMBasicBlockRef next = LLVMGetSuccessor(terminator, k);
      if (next == exit || ferry_map_get(&seen, next, NULL))
        continue;
      ferry_map_put(&seen, next, 1);
      ferry_vec_push(blocks, next);
    }
  }
  ferry_map_free(&seen);
}

/* Every use of `value` in `blocks` reads `constant` instead. */
static void fix_value(const struct ferry_vec *blocks, LLVMValueRef value, LLVMValueRef constant) {
  for (size_t b = 0; b < blocks->count; b++)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(blocks->items[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      int operands = LLVMGetNumOperands(inst);
      for (int o = 0; o < operands; o++)
        if (LLVMGetOperand(inst, o) == value)
          LLVMSetOperand(inst, o, constant);
    }
}

/* The tests of stage_mask made before the loop, which each copy of it
 * fixes (pipeline_rewrite.h); each NULL or a constant where there is no
 * test. */
enum { STAGE_TESTS = 2 };
static void stage_tests(const struct rewrite *w, LLVMValueRef tests[STAGE_TESTS]) {
  tests[0] = w->chunk_branch;
  tests[1] = w->one_barrier;
}
static bool is_test(LLVMValueRef test) { return test && !LLVMIsAConstant(test); }

/* In `blocks`, the uses of stage_mask read `mask` instead, and those of
 * its tests (stage_tests) their value there, where the branches on those
 * tests fold. */
static void fix_stages(LLVMBuilderRef builder, const struct rewrite *w,
                       const struct ferry_vec *blocks, LLVMValueRef mask) {
  fix_value(blocks, w->stage_mask, mask);
  LLVMValueRef tests[STAGE_TESTS];
  stage_tests(w, tests);
  bool fixed = false;
  for (size_t t = 0; t < STAGE_TESTS; t++) {
    if (!is_test(tests[t]))
      continue;
    fix_value(blocks, tests[t],
              LLVMBuildICmp(builder, LLVMGetICmpPredicate(tests[t]), mask,
                            LLVMGetOperand(tests[t], 1), ""));
    fixed = true;
  }
  /* The copies of a loop with both forms keep none of the other's blocks,
   * laid out as a loop that never had both (with them, bench/
   * copy_as_written's 16 stages of chunks at 2 blocks per SM ran
   * 0.983-0.989x of 3cd1a06's loop, without them 0.985-0.997x). */
  if (fixed)
    ferry_fold_constant_branches((LLVMBasicBlockRef const *)blocks->items, blocks->count,
                                 is_test(w->one_barrier));
}

void ferry_pipeline_unswitch_stages(LLVMBuilderRef builder, const struct rewrite *w) {
  const struct ferry_pipeline *p = w->p;
  LLVMTypeRef i32 = LLVMTypeOf(w->stage_mask);
  LLVMBasicBlockRef header = p->counted->header, exit = p->counted->exit;
  /* (The block that leaves the loop, which ferry_clone_loop calls its
   * latch.) */
  LLVMBasicBlockRef latch =
      w->exiting ? w->exiting : LLVMGetInstructionParent(p->counted->latch_branch);
  LLVMValueRef entry = p->counted->preheader_branch;
  /* The copies are made for powers of two, the counts S may take
   * (pipeline_stages.c halves from 16, or from a requested 1, 2, 4, 8 or
   * 16); were p->stages another, the one loop with its chain of waits,
   * right for any S, stays. */
  if (p->stages & (p->stages - 1))
    return;
  unsigned least = ferry_least_stages(p);
  /* The first copy's block names: each later copy's blocks are named
   * after them with its count (loop.s8), not as a fallback's clones. */
  struct ferry_vec names = {0};
  for (unsigned count = p->stages;; count /= 2) {
    struct ferry_vec blocks = {0};
    loop_blocks(header, exit, &blocks);
    if (!names.count)
      for (size_t b = 0; b < blocks.count; b++) {
        const char *name = LLVMGetBasicBlockName(blocks.items[b]);
        char *copy = ferry_xmalloc(strlen(name) + 1);
        ferry_vec_push(&names, strcpy(copy, name));
      }
    LLVMValueRef mask = LLVMConstInt(i32, count - 1, false);
    if (count == least) { /* the last: S is that where no other count was */
      fix_stages(builder, w, &blocks, mask);
      ferry_vec_free(&blocks);
      break;
    }
    struct ferry_loop_versions versions;
    ferry_loop_version_split(&blocks, entry, latch, exit, "ferry.stages.fixed",
                             "ferry.stages.fewer", &versions);
    for (size_t b = 0; b < blocks.count && b < names.count; b++) {
      char name[256];
      snprintf(name, sizeof name, "%s.s%u", (const char *)names.items[b], count / 2);
      LLVMSetValueName2(LLVMBasicBlockAsValue(ferry_cloned_block(&versions.clones, blocks.items[b])),
                        name, strlen(name));
    }
    header = ferry_cloned_block(&versions.clones, header);
    latch = ferry_cloned_block(&versions.clones, latch);
    ferry_loop_version_position(builder, &versions);
    LLVMValueRef these = LLVMBuildICmp(builder, LLVMIntEQ, w->stage_mask, mask, "ferry.stages.are");
    ferry_loop_version_branch(builder, &versions, these);
    fix_stages(builder, w, &blocks, mask); /* the clone reached: it stays */
    entry = LLVMGetBasicBlockTerminator(versions.fallback);
    ferry_vec_free(&blocks);
  }
  for (size_t b = 0; b < names.count; b++)
    free(names.items[b]);
  ferry_vec_free(&names);
  LLVMValueRef tests[STAGE_TESTS];
  stage_tests(w, tests);
  for (size_t t = 0; t < STAGE_TESTS; t++)
    if (is_test(tests[t]) && !LLVMGetFirstUse(tests[t]))
      LLVMInstructionEraseFromParent(tests[t]);
}
