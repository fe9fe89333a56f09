/* Barrier recognition and the forward search for a copy's consumer barriers.
 * Recognised CTA barriers are the intrinsics clang emits for
 * __syncthreads(), __syncthreads_count/and/or() and bar.sync/barrier.sync
 * with an id or a thread count; a thread that reaches one has every earlier
 * memory operation of its own ordered before the other participants' later
 * ones. Other synchronisation (bar.arrive, __syncwarp, membar/fence, cluster
 * barriers) is reported as such so that callers refuse rather than guess. */
#include "barrier.h"

#include "cfg.h"
#include "loops.h"
#include "memory.h"

static const char *const cta_barrier_prefixes[] = {
    "llvm.nvvm.barrier.cta.sync", "llvm.nvvm.barrier.cta.red.",
    "llvm.nvvm.barrier0",         "llvm.nvvm.barrier.sync",
    "llvm.nvvm.barrier.n",
};

static const char *const other_sync_prefixes[] = {
    "llvm.nvvm.barrier.cta.arrive", "llvm.nvvm.barrier.arrive",
    "llvm.nvvm.bar.warp.sync",      "llvm.nvvm.barrier.cluster",
    "llvm.nvvm.membar",             "llvm.nvvm.fence",
    "llvm.nvvm.mbarrier",           "llvm.nvvm.cp.async",
};

enum ferry_sync_kind ferry_classify_sync(LLVMValueRef inst) {
  if (LLVMIsAFenceInst(inst))
    return FERRY_SYNC_OTHER;
  if (!LLVMIsACallInst(inst))
    return FERRY_SYNC_NONE;
  for (size_t i = 0; i < sizeof cta_barrier_prefixes / sizeof *cta_barrier_prefixes; i++)
    if (ferry_calls_prefix(inst, cta_barrier_prefixes[i]))
      return FERRY_SYNC_CTA_BARRIER;
  for (size_t i = 0; i < sizeof other_sync_prefixes / sizeof *other_sync_prefixes; i++)
    if (ferry_calls_prefix(inst, other_sync_prefixes[i]))
      return FERRY_SYNC_OTHER;
  return FERRY_SYNC_NONE;
}

struct search {
  LLVMValueRef from;
  ferry_hazard_check hazard;
  void *context;
  struct ferry_map visited_blocks;
  struct ferry_vec worklist;
  struct ferry_consumer_search *result;
  /* After a copy loop (ferry_find_consumer_barriers_after_loop): the
   * loop, which no path may enter again; NULL otherwise. */
  const struct ferry_loop *loop;
};

static bool fail(struct search *s, LLVMValueRef at, const char *reason) {
  s->result->blocker = at;
  s->result->reason = reason;
  return false;
}

/* Scans from `inst` to the end of its block. Returns false on failure; on
 * reaching the terminator without a barrier, queues the successors. */
static bool scan(struct search *s, LLVMValueRef inst) {
  for (; inst; inst = LLVMGetNextInstruction(inst)) {
    if (inst == s->from)
      return fail(s, inst, "the copy can execute again before any barrier");
    enum ferry_sync_kind sync = ferry_classify_sync(inst);
    if (sync == FERRY_SYNC_CTA_BARRIER) {
      ferry_vec_push_unique(&s->result->barriers, inst);
      return true;
    }
    const char *objection = s->hazard ? s->hazard(inst, s->context) : NULL;
    if (objection)
      return fail(s, inst, objection);
    if (LLVMIsAReturnInst(inst))
      return fail(s, inst, "a path from the copy returns without reaching a barrier");
    if (LLVMIsAUnreachableInst(inst))
      return true; /* a path that never completes needs no wait */
    if (LLVMIsATerminatorInst(inst)) {
      unsigned count = LLVMGetNumSuccessors(inst);
      for (unsigned i = 0; i < count; i++) {
        LLVMBasicBlockRef next = LLVMGetSuccessor(inst, i);
        if (s->loop && ferry_loop_contains(s->loop, next))
          return fail(s, inst, "the copy can execute again before any barrier");
        if (ferry_set_insert(&s->visited_blocks, next))
          ferry_vec_push(&s->worklist, next);
      }
      return true;
    }
  }
  return true;
}

/* Scans the blocks left on the worklist (while `ok`), frees the search's
 * state, and fails at `at` when no barrier was found. */
static bool finish(struct search *s, bool ok, LLVMValueRef at) {
  while (ok && s->worklist.count) {
    LLVMBasicBlockRef block = s->worklist.items[--s->worklist.count];
    ok = scan(s, LLVMGetFirstInstruction(block));
  }
  ferry_map_free(&s->visited_blocks);
  ferry_vec_free(&s->worklist);
  if (ok && !s->result->barriers.count)
    ok = fail(s, at, "no barrier follows the copy");
  return ok;
}

bool ferry_find_consumer_barriers(LLVMValueRef from, ferry_hazard_check hazard,
                                  void *context,
                                  struct ferry_consumer_search *result) {
  *result = (struct ferry_consumer_search){0};
  struct search s = {.from = from, .hazard = hazard, .context = context, .result = result};
  return finish(&s, scan(&s, LLVMGetNextInstruction(from)), from);
}

bool ferry_loop_holds_barrier(const struct ferry_loop *loop) {
  for (size_t b = 0; b < loop->blocks.count; b++)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(loop->blocks.items[b]); inst;
         inst = LLVMGetNextInstruction(inst))
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
        return true;
  return false;
}

bool ferry_find_consumer_barriers_after_loop(const struct ferry_loop *loop,
                                             ferry_hazard_check hazard, void *context,
                                             struct ferry_consumer_search *result) {
  *result = (struct ferry_consumer_search){0};
  struct search s = {.hazard = hazard, .context = context, .result = result};
  bool ok = true;
  /* Every instruction of the loop, wherever the copy stands in it: while
   * earlier iterations' copies are in flight each one runs again. */
  for (size_t b = 0; ok && b < loop->blocks.count; b++) {
    LLVMBasicBlockRef block = loop->blocks.items[b];
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); ok && inst;
         inst = LLVMGetNextInstruction(inst)) {
      const char *objection;
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
        ok = fail(&s, inst, "the copy can execute again before any barrier");
      else if ((objection = hazard(inst, context)))
        ok = fail(&s, inst, objection);
      else if (LLVMIsAReturnInst(inst))
        ok = fail(&s, inst, "a path from the copy returns without reaching a barrier");
    }
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(block);
    unsigned count = ok && terminator ? LLVMGetNumSuccessors(terminator) : 0;
    for (unsigned i = 0; i < count; i++) {
      LLVMBasicBlockRef next = LLVMGetSuccessor(terminator, i);
      if (!ferry_loop_contains(loop, next) && ferry_set_insert(&s.visited_blocks, next))
        ferry_vec_push(&s.worklist, next);
    }
  }
  s.loop = loop;
  return finish(&s, ok,
                loop->blocks.items[0] ? LLVMGetFirstInstruction(loop->blocks.items[0]) : NULL);
}

void ferry_consumer_search_free(struct ferry_consumer_search *result) {
  ferry_vec_free(&result->barriers);
  *result = (struct ferry_consumer_search){0};
}

static void queue_predecessors(const struct ferry_cfg *cfg, LLVMBasicBlockRef block,
                               struct ferry_map *visited, struct ferry_vec *worklist) {
  const struct ferry_vec *predecessors = ferry_cfg_predecessors(cfg, block);
  for (size_t i = 0; i < predecessors->count; i++)
    if (ferry_set_insert(visited, predecessors->items[i]))
      ferry_vec_push(worklist, predecessors->items[i]);
}

/* Scans backward from `inst` (NULL: from the end of nothing) to the start of
 * `block`; returns the objected instruction, or NULL having queued the
 * predecessors when no barrier was met. */
static LLVMValueRef scan_backward(const struct ferry_cfg *cfg, LLVMBasicBlockRef block,
                                  LLVMValueRef inst, ferry_hazard_check hazard,
                                  void *context, const char **reason,
                                  struct ferry_map *visited, struct ferry_vec *worklist) {
  for (; inst; inst = LLVMGetPreviousInstruction(inst)) {
    if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
      return NULL;
    if ((*reason = hazard(inst, context)))
      return inst;
  }
  queue_predecessors(cfg, block, visited, worklist);
  return NULL;
}

LLVMValueRef ferry_find_hazard_since_barrier(LLVMValueRef from, const struct ferry_cfg *cfg,
                                             ferry_hazard_check hazard,
                                             void *context, const char **reason) {
  struct ferry_map visited = {0};
  struct ferry_vec worklist = {0};
  LLVMBasicBlockRef start = LLVMGetInstructionParent(from);
  struct ferry_cfg *own = cfg ? NULL : ferry_cfg_compute(LLVMGetBasicBlockParent(start));
  if (own)
    cfg = own;
  LLVMValueRef found = scan_backward(cfg, start, LLVMGetPreviousInstruction(from), hazard,
                                     context, reason, &visited, &worklist);
  while (!found && worklist.count) {
    LLVMBasicBlockRef block = worklist.items[--worklist.count];
    found = scan_backward(cfg, block, LLVMGetLastInstruction(block), hazard, context, reason,
                          &visited, &worklist);
  }
  ferry_cfg_free(own);
  ferry_map_free(&visited);
  ferry_vec_free(&worklist);
  return found;
}
