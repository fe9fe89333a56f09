/* The cost model of cost_model.h: from each consumer barrier to the next
 * barrier, the most bytes any one path loads from what may be the copy's
 * destination (paths that exclude each other are not added up), against
 * the bytes the thread copies; and whether such a load sits in a loop that
 * lies within that phase (it then runs many times). */
#include "cost_model.h"

#include "barrier.h"
#include "bridge.h"
#include "cfg.h"
#include "loops.h"
#include "memory.h"
#include "util.h"

#include <stdio.h>

struct reuse_count {
  LLVMValueRef destination;
  LLVMTargetDataRef layout;
  const struct ferry_loops *loops;
  const struct ferry_loop *barrier_loop; /* innermost loop of the barrier */
  bool in_loop;          /* a load of the destination in a loop of the phase */
  struct ferry_map most; /* block -> most bytes from its start to a barrier */
  struct ferry_map open; /* blocks being counted: reaching one is a back edge */
};

static bool is_loop_within_phase(const struct reuse_count *count, LLVMBasicBlockRef block) {
  const struct ferry_loop *loop = ferry_loop_of_block(count->loops, block);
  return loop && loop != count->barrier_loop &&
         (!count->barrier_loop || ferry_loop_contains(count->barrier_loop, loop->header));
}

/* The most bytes loaded from the destination on a path from `inst` to the
 * next barrier. Back edges add nothing: loops are judged by in_loop. */
static unsigned long long most_from(struct reuse_count *count, LLVMValueRef inst) {
  unsigned long long here = 0;
  for (; inst; inst = LLVMGetNextInstruction(inst)) {
    if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
      return here;
    if (LLVMIsALoadInst(inst) && ferry_may_alias(LLVMGetOperand(inst, 0), count->destination)) {
      here += LLVMStoreSizeOfType(count->layout, LLVMTypeOf(inst));
      if (is_loop_within_phase(count, LLVMGetInstructionParent(inst)))
        count->in_loop = true;
    }
    if (!LLVMIsATerminatorInst(inst))
      continue;
    unsigned long long best = 0;
    unsigned successors = LLVMGetNumSuccessors(inst);
    for (unsigned i = 0; i < successors; i++) {
      LLVMBasicBlockRef next = LLVMGetSuccessor(inst, i);
      intptr_t known, is_open = 0;
      if (ferry_map_get(&count->open, next, &is_open) && is_open)
        continue;
      if (!ferry_map_get(&count->most, next, &known)) {
        ferry_map_put(&count->open, next, 1);
        known = (intptr_t)most_from(count, LLVMGetFirstInstruction(next));
        ferry_map_put(&count->most, next, known);
        ferry_map_put(&count->open, next, 0); /* closed: counted */
      }
      if ((unsigned long long)known > best)
        best = (unsigned long long)known;
    }
    return here + best;
  }
  return here;
}

bool ferry_copy_pays(const struct ferry_copy_site *site, char *reason, size_t reason_size) {
  if (!ferry_option_cost_model())
    return true;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(site->store));
  struct ferry_loops *loops = ferry_loops_compute(fn);
  bool pays = true;
  for (size_t b = 0; pays && b < site->consumers.barriers.count; b++) {
    LLVMValueRef barrier = site->consumers.barriers.items[b];
    struct reuse_count count = {
        .destination = site->destination,
        .layout = LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn)),
        .loops = loops,
        .barrier_loop = ferry_loop_of_block(loops, LLVMGetInstructionParent(barrier)),
    };
    unsigned long long bytes = most_from(&count, LLVMGetNextInstruction(barrier));
    ferry_map_free(&count.most);
    ferry_map_free(&count.open);
    unsigned long long reuse = bytes / site->size;
    if (count.in_loop) {
      snprintf(reason, reason_size,
               "not converted: cost model: a loop reads the destination buffer after "
               "the barrier (shared-memory-bound compute, as in a tiled matrix "
               "product, where a single-stage asynchronous copy measured slower; "
               "-ferry-cost-model=false converts anyway)");
      pays = false;
    } else if (reuse >= FERRY_REUSE_LIMIT) {
      snprintf(reason, reason_size,
               "not converted: cost model: each thread reads %llu times as many bytes of "
               "the destination buffer as it copies, after the barrier (shared-memory-bound "
               "compute, as in a tiled matrix product, where a single-stage asynchronous "
               "copy measured slower; -ferry-cost-model=false converts anyway)", reuse);
      pays = false;
    }
  }
  ferry_loops_free(loops);
  return pays;
}
