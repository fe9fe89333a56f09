/* A ring of launch_stages (pipeline_dynamic.c): S is the launch's, the
 * most stages whose slots the launch's dynamic shared memory holds, so
 * the rewrite (pipeline.c) leaves three things to this file: S and the
 * slots' stride before the loop, the wait for S - 1 groups (wait_group
 * takes an immediate: a chain of tests), and a prologue that is a loop over
 * the S stages instead of S copies of the issue. */
#include "pipeline_rewrite.h"

#include "bridge.h"
#include "ir_build.h"
#include "pipeline_dynamic.h"
#include "ptx.h"

#include <llvm-c/DebugInfo.h>

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
    LLVMValueRef end = LLVMConstInt(i64, 16, false);
    for (size_t i = 0; i < ring->accesses.count; i++) {
      LLVMValueRef access = ferry_dynamic_launch_end(module, builder, fn, ring->accesses.items[i]);
      end = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntUGT, access, end, ""), access,
                            end, "");
    }
    *stride = LLVMBuildAnd(builder, LLVMBuildAdd(builder, end, LLVMConstInt(i64, 15, false), ""),
                           LLVMConstInt(i64, ~15ull, false), "ferry.slot.stride");
    /* One ring of the kind a loop has (pipeline_check.c): its slots alone
     * take the dynamic memory. */
    for (unsigned count = 2; count <= p->stages; count *= 2) {
      LLVMValueRef bytes = LLVMBuildMul(builder, *stride, LLVMConstInt(i64, count, false), "");
      stages = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntULE, bytes, launched, ""),
                               LLVMConstInt(i32, count, false), stages, "");
    }
  }
  w->stage_mask = LLVMBuildSub(builder, stages, LLVMConstInt(i32, 1, false), "ferry.stage.mask");
}

/* wait_group S-1 before the consumer barrier, S the launch's:
 * wait_group takes an immediate, so a chain of uniform branches (S is the
 * block's) tests S - 1 against each count from the most stages down, each
 * choosing the largest count not above it (a switch became a jump table in
 * the loop). The mask is one of 0, 1, 3, 7, 15: each test picks its own. */
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
    ferry_ptx_wait_group(&ptx, count - 1);
    LLVMBuildBr(builder, rest);
    test = next;
  }
}

/* The prologue of a ring of launch_stages, before the loop: a loop over
 * k from 0 while k <= S - 1 (mask), in whose body (before *at) the rewrite
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
  LLVMValueRef wanted = LLVMBuildICmp(builder, LLVMIntULE, stage, mask, "ferry.stage.wanted");
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
