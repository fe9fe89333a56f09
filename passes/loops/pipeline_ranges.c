/* Run-time range checks for rings (issue 12): a copy loop whose stores may
 * write its copies' sources (legacy pointers are rarely __restrict__) is
 * pipelined behind one check before the loop, as LLVM's LoopAccessAnalysis
 * and LoopVersioning do for the vectoriser. The check (loop_version.h's
 * range check, over the block): the bytes the copies read over all
 * iterations and all threads of the block, and the bytes each such store
 * writes over them, lie in ranges that do not overlap. Where it holds,
 * nothing the loop writes is read ahead by the ring; where it fails, the
 * loop runs as written (pipeline_version.c: the same versioning as for a
 * collective copy's alignment, a clone of the loop reading slot 0 of the
 * rings). Nothing is added inside the loop.
 *
 * The check reads values uniform across the block only (ntid, the trip
 * count, values the uniformity analysis proves uniform), so the whole
 * block takes one version, and ranges over the block alone suffice: the
 * loop must hold no atomic or volatile access, fence or call that may
 * write memory, so nothing in it orders one block's accesses against
 * another's; another block's store that the copies could observe in the
 * loop as written would race with them there, and a store another block
 * made before this block's loop began is still seen by the ring, whose
 * reads all follow the loop's preheader.
 *
 * Refuses, keeping today's refusal of the loop, with a remark at each store
 * that cannot be checked saying why (range_check.c words what no range
 * can bound): a writer that is not a plain store (a call, atomic, fence or
 * memory intrinsic), or more than FERRY_RANGE_MAX_WRITES of them; a trip
 * count that differs between threads; an access ordered against other
 * blocks. */
#include "pipeline_plan.h"

#include "barrier.h"
#include "ir_build.h"
#include "loop_version.h"
#include "memory.h"

#include <stdio.h>

/* An access that may order the loop against other blocks' accesses (see
 * the header): an atomic or volatile load or store, anything ordered. */
static bool orders_memory(LLVMValueRef inst) {
  if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst) || LLVMIsAFenceInst(inst))
    return true;
  return (LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst)) && !ferry_is_plain_access(inst);
}

bool ferry_pipeline_check_writes(struct ferry_pipeline *p, struct ferry_affine_context *affine,
                                 const struct ferry_loop *loop, char *reason, size_t size) {
  static const char refusal[] = "the loop may write the source (mark the pointers "
                                "__restrict__ if they never overlap)";
  struct ferry_range_check *plan = NULL;
  bool checkable = true, orders = false;
  for (size_t b = 0; b < loop->blocks.count; b++)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(loop->blocks.items[b]); inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
        continue;
      orders |= orders_memory(inst);
      unsigned copies = 0;
      for (size_t c = 0; c < p->count; c++)
        if (inst != p->copies[c].site->store && ferry_may_write(inst, p->copies[c].site->source))
          copies |= 1u << c;
      if (!copies)
        continue;
      if (!plan)
        plan = ferry_range_check_new(FERRY_RANGE_OVER_BLOCK);
      char why[FERRY_REASON_SIZE] = "";
      bool planned = ferry_range_check_write_count(plan) < FERRY_RANGE_MAX_WRITES
                         ? ferry_range_check_write(plan, affine, loop, inst, copies, why,
                                                   sizeof why)
                         : ferry_refuse(why, sizeof why, "the loop has more than %d stores "
                                        "that may write a source", FERRY_RANGE_MAX_WRITES);
      if (!planned) {
        char message[FERRY_MESSAGE_SIZE];
        snprintf(message, sizeof message,
                 "this %s may write the source of a copy in its loop, and no run-time check "
                 "can rule that out: %s; the loop is not pipelined (mark the pointers "
                 "__restrict__ if they never overlap)",
                 LLVMIsAStoreInst(inst) ? "store" : "instruction", why);
        ferry_remark(FERRY_REMARK_ANALYSIS, inst, "SourceMayBeWritten", message);
        checkable = false;
        continue;
      }
    }
  if (!plan)
    return true;
  if (!checkable) {
    ferry_range_check_free(plan);
    return ferry_refuse(reason, size, "%s", refusal);
  }
  /* The check's iterations must be the block's: a trip count that
   * differs between threads would split the block between the versions. */
  const struct ferry_uniformity *uniformity = ferry_affine_uniformity(affine);
  if (!ferry_is_uniform(uniformity, p->counted->start) ||
      !ferry_is_uniform(uniformity, p->counted->bound)) {
    ferry_range_check_free(plan);
    return ferry_refuse(reason, size, "%s; a run-time check of the ranges needs a trip count "
                                      "the same in every thread of the block", refusal);
  }
  if (orders) {
    ferry_range_check_free(plan);
    return ferry_refuse(reason, size, "%s; a run-time check of the ranges is made only in a "
                                      "loop without atomic or volatile accesses, which may "
                                      "order it against other blocks", refusal);
  }
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_site *site = p->copies[c].site;
    char why[FERRY_REASON_SIZE];
    if (!ferry_range_check_read(plan, affine, loop, site->store, site->source, site->size, why,
                                sizeof why)) {
      ferry_range_check_free(plan);
      return ferry_refuse(reason, size, "%s; no run-time check can bound the bytes the copy "
                                        "reads: %s", refusal, why);
    }
  }
  p->ranges = plan;
  if (!p->loop_blocks.count)
    for (size_t b = 0; b < loop->blocks.count; b++)
      ferry_vec_push(&p->loop_blocks, loop->blocks.items[b]);
  return true;
}

LLVMValueRef ferry_pipeline_ranges_disjoint(const struct ferry_pipeline *p, LLVMModuleRef module,
                                            LLVMBuilderRef builder, LLVMValueRef last) {
  return ferry_range_check_emit(p->ranges, p->counted, module, builder, last);
}

const char *ferry_pipeline_range_stores(const struct ferry_pipeline *p) {
  return p->ranges ? ferry_range_check_stores(p->ranges) : "";
}
