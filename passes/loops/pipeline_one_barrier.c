/* One barrier an iteration (pipeline_plan.h, trailing_barrier): which
 * rings need the barrier that ends each iteration of the loop as written.
 *
 * The loop as written is copy(i) -> B -> compute(i) -> T, T the barrier
 * that ends the iteration. The ring waits at B for iteration i's slot, and
 * issues the copy of iteration i+S-1 just after B, into the slot that
 * iteration i-1 read: every thread passed iteration i-1's reads before
 * any passes B. So the ring's reads need no T. What else T orders is an
 * access before it against one after it and before the next B: where the
 * stretch from T to the next B (the latch's tail, the header, the copy)
 * touches no memory but the copies the ring takes, B orders what T did,
 * and T is needed only where the loop ends: it moves to the edge where
 * the loop exits (a test the block takes as one, as it took T), so that
 * what follows the loop still meets it and no test of it stays in the
 * loop.
 *
 * By default only from ONE_BARRIER_STAGES stages of a per-launch ring
 * (pipeline_plan.h): at one block per SM, bench/copy_extern and
 * copy_as_written so run 1.11-1.14x their rings of 16 stages with two
 * barriers (86-87 % of the roof; h200-deep-launch-rings.txt);
 * -ferry-one-barrier asks it of every ring. Measured slower in ferry's
 * rings of 16 stages, with T then behind the latch's test in the loop.
 * By hand (bench/copy_compute's loop, 16-byte chunks, 16 stages, H200,
 * bench/results/h200-copy-loop-ceiling.txt) one barrier ran 78.4 / 95.1 /
 * 86.1 / 85.6 % of the cudaMemcpy roof at 1/2/4/8 blocks per SM against
 * 77.2 / 94.5 / 85.0 / 83.7 with two, and 90.5 against 85.0 with 32
 * stages at one block. ferry's rings so made ran 0.982-0.996x of their
 * two-barrier form in bench/copy_compute and copy_read_back (sm_90a and
 * sm_80, 1/2/4 blocks per SM, four alternating rounds, the trial's entry
 * in each shape; 1.014-1.023x only for copy_read_back at 8 blocks):
 * bench/results/h200-one-barrier.txt. With the issue after the barrier,
 * the wait finds one stage fewer in flight (S-2 pending, not S-1), and
 * the issue stands between the barrier and the compute. Deeper, it pays
 * by hand: at one block per SM, 32 and 64 stages reach 89-95 % of the roof
 * with one barrier, 78-85 % with two (bench/results/h200-deep-rings.txt). */
#include "pipeline_plan.h"

#include "barrier.h"
#include "bridge.h"
#include "cfg.h"
#include "loops.h"
#include "memory.h"

#include <stdio.h>

/* Whether the ring takes `inst`: a copy's load, store or guard's merge. */
static bool taken_by_ring(const struct ferry_pipeline *p, LLVMValueRef inst) {
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_site *site = p->copies[c].site;
    if (inst == site->load || inst == site->store || inst == site->merged)
      return true;
  }
  return false;
}

/* Why `inst` needs T before it (it touches memory, or synchronizes), or
 * NULL. */
static const char *needs_barrier(const struct ferry_pipeline *p, LLVMValueRef inst) {
  if (taken_by_ring(p, inst))
    return NULL;
  if (ferry_classify_sync(inst) != FERRY_SYNC_NONE)
    return "synchronizes";
  if (LLVMIsACallInst(inst))
    return ferry_call_is_memory_free(inst) ? NULL : "calls a function that may touch memory";
  if (LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst) || LLVMIsAAtomicRMWInst(inst) ||
      LLVMIsAAtomicCmpXchgInst(inst) || LLVMIsAFenceInst(inst) || LLVMIsAInvokeInst(inst))
    return "touches memory";
  return NULL;
}

static bool refuse(struct ferry_pipeline *p, const char *format, const char *what) {
  snprintf(p->report.barrier_refusal, sizeof p->report.barrier_refusal, format, what);
  return false;
}

/* The stretch from the header to B: every path, none entering the
 * header again before B (B is then the first barrier of the iteration). */
static bool header_to_barrier_free(struct ferry_pipeline *p, const struct ferry_loop *loop) {
  struct ferry_map visited = {0};
  struct ferry_vec worklist = {0};
  bool ok = true;
  ferry_vec_push(&worklist, loop->header);
  ferry_map_put(&visited, loop->header, 1);
  while (ok && worklist.count) {
    LLVMBasicBlockRef block = worklist.items[--worklist.count];
    LLVMValueRef inst = LLVMGetFirstInstruction(block);
    for (; inst && inst != p->barrier && !LLVMIsATerminatorInst(inst);
         inst = LLVMGetNextInstruction(inst)) {
      const char *why = needs_barrier(p, inst);
      if (why)
        ok = refuse(p, "an instruction between the iteration's start and the copy's barrier %s",
                    why);
      if (!ok)
        break;
    }
    if (!ok || inst == p->barrier)
      continue;
    unsigned count = LLVMGetNumSuccessors(inst);
    for (unsigned i = 0; ok && i < count; i++) {
      LLVMBasicBlockRef next = LLVMGetSuccessor(inst, i);
      if (next == loop->header || !ferry_loop_contains(loop, next))
        ok = refuse(p, "%s", "a path through the loop misses the copy's barrier");
      else if (ferry_set_insert(&visited, next))
        ferry_vec_push(&worklist, next);
    }
  }
  ferry_map_free(&visited);
  ferry_vec_free(&worklist);
  return ok;
}

bool ferry_pipeline_plan_one_barrier(struct ferry_pipeline *p, const struct ferry_loop *loop) {
  p->trailing_barrier = NULL;
  if (p->copy_loop || p->reuse_heavy)
    return false; /* their issue stands elsewhere (ferry_pipeline_issues_at_end): no remark */
  /* Every S as the user asks; else only the deep stages of a per-launch
   * ring (ONE_BARRIER_STAGES), and none (no remark) where it has none. */
  bool asked = ferry_option_one_barrier();
  if (!asked && p->stages < ONE_BARRIER_STAGES)
    return false;
  unsigned from = asked ? 2 : ONE_BARRIER_STAGES;
  if (p->stages < 2)
    return refuse(p, "%s", "a ring of one stage needs both");
  /* T: the last barrier of the latch, after which only memory-free
   * instructions end the iteration. */
  LLVMValueRef trailing = NULL;
  for (LLVMValueRef inst = LLVMGetPreviousInstruction(p->counted->latch_branch); inst;
       inst = LLVMGetPreviousInstruction(inst)) {
    if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER) {
      trailing = inst;
      break;
    }
    const char *why = needs_barrier(p, inst);
    if (why)
      return refuse(p, "an instruction after the iteration's last barrier %s", why);
  }
  if (!trailing || trailing == p->barrier)
    return refuse(p, "%s", "the loop's latch holds no barrier after the copy's");
  if (!header_to_barrier_free(p, loop))
    return false;
  p->trailing_barrier = trailing;
  p->one_barrier_from = from;
  return true;
}
