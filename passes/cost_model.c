/* The cost model of cost_model.h: counts, per consumer barrier, the bytes
 * loaded from what may be the copy's destination on the paths to the next
 * barrier, against the bytes the thread copies. */
#include "cost_model.h"

#include "barrier.h"
#include "bridge.h"
#include "cfg.h"
#include "memory.h"
#include "util.h"

#include <stdio.h>

struct reuse_count {
  LLVMValueRef destination;
  LLVMTargetDataRef layout;
  unsigned long long bytes; /* read from the destination buffer */
  bool in_loop;
  struct ferry_vec on_path; /* blocks of the current DFS path */
  struct ferry_map done;    /* blocks already counted */
};

/* Depth-first from `inst` to the next barrier on each path; a block met
 * again on the current path means a loop reads (or may read) the buffer. */
static void count_from(struct reuse_count *count, LLVMValueRef inst) {
  for (; inst; inst = LLVMGetNextInstruction(inst)) {
    if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
      return;
    if (LLVMIsALoadInst(inst) && ferry_may_alias(LLVMGetOperand(inst, 0), count->destination))
      count->bytes += LLVMStoreSizeOfType(count->layout, LLVMTypeOf(inst));
    if (!LLVMIsATerminatorInst(inst))
      continue;
    unsigned successors = LLVMGetNumSuccessors(inst);
    for (unsigned i = 0; i < successors; i++) {
      LLVMBasicBlockRef next = LLVMGetSuccessor(inst, i);
      if (ferry_vec_contains(&count->on_path, next)) {
        count->in_loop = true;
        continue;
      }
      if (!ferry_set_insert(&count->done, next))
        continue;
      ferry_vec_push(&count->on_path, next);
      count_from(count, LLVMGetFirstInstruction(next));
      count->on_path.count--;
    }
  }
}

bool ferry_copy_pays(const struct ferry_copy_site *site, char *reason, size_t reason_size) {
  if (!ferry_option_cost_model())
    return true;
  for (size_t b = 0; b < site->consumers.barriers.count; b++) {
    LLVMValueRef barrier = site->consumers.barriers.items[b];
    LLVMModuleRef module = LLVMGetGlobalParent(
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(site->store)));
    struct reuse_count count = {.destination = site->destination,
                                .layout = LLVMGetModuleDataLayout(module)};
    ferry_vec_push(&count.on_path, LLVMGetInstructionParent(barrier));
    count_from(&count, LLVMGetNextInstruction(barrier));
    ferry_vec_free(&count.on_path);
    ferry_map_free(&count.done);
    unsigned long long reuse = count.bytes / site->size;
    if (count.in_loop && count.bytes) {
      snprintf(reason, reason_size,
               "not converted: cost model: a loop reads the destination buffer after "
               "the barrier (shared-memory-bound compute, as in a tiled matrix "
               "product, where a single-stage asynchronous copy measured slower; "
               "-ferry-cost-model=false converts anyway)");
      return false;
    }
    if (reuse >= FERRY_REUSE_LIMIT) {
      snprintf(reason, reason_size,
               "not converted: cost model: each thread reads %llu times as many bytes of "
               "the destination buffer as it copies, after the barrier (shared-memory-bound "
               "compute, as in a tiled "
               "matrix product, where a single-stage asynchronous copy measured slower; "
               "-ferry-cost-model=false converts anyway)", reuse);
      return false;
    }
  }
  return true;
}
