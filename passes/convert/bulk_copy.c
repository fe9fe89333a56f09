/* The bulk form's code (bulk_copy.h). For a kernel with bulk copies:
 *
 *   entry:   if (tid == (0,0,0)) { mbarrier.init(&mb, ntid.y);
 *                                   fence.proxy.async.shared::cta }
 *            bar.sync 0
 *   a copy:  (copy_emit.c's uniform check, then, in the row's first thread)
 *            fence.proxy.async.shared::cta
 *            mbarrier.expect_tx(&mb, row_bytes)
 *            cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
 *   before each consumer barrier:
 *            if (tid.x == 0 && tid.z == 0) mbarrier.arrive(&mb)
 *            while (!mbarrier.try_wait.parity(&mb, parity)) {}
 *            parity ^= 1
 *            bar.sync ...          (the program's own barrier)
 *
 * Why it is correct:
 * - A phase completes when its ntid.y arrivals (the first thread of each
 *   row of threadIdx.y) are in and every announced byte has landed. A row's
 *   first thread announces its bytes before it arrives (one thread, one
 *   mbarrier: program order), so no phase can complete without them. Rows
 *   that fall back to the original copy, or skip the copy, announce
 *   nothing and still arrive: every phase completes.
 * - Every thread passes every consumer barrier with a bulk copy, in the
 *   same order (the planner demands that each is reached by all threads of
 *   the block or by none), so each keeps the same parity, in a register:
 *   0 at entry, flipped after each wait (an SSA value, with phis where
 *   paths merge).
 * - The copy's write is in the async proxy; the threads' earlier reads and
 *   writes of the buffer are in the generic proxy. The PTX memory model
 *   orders the two only through a proxy fence, so the issuing thread runs
 *   fence.proxy.async.shared::cta after the previous barrier and before the
 *   copy (the barrier brings the other threads' accesses before it). The
 *   mbarrier's initialisation is fenced the same way before the entry
 *   barrier. A completed bulk copy is followed by an implicit
 *   generic-async proxy fence, so a thread that saw the phase complete
 *   reads the data with plain loads.
 * - cp.async.bulk's .shared::cluster destination is this CTA's own
 *   shared memory (an addrspacecast from shared::cta). */
#include "bulk_copy.h"

#include "analyses.h"
#include "bridge.h"
#include "cfg.h"
#include "ir_build.h"
#include "ptx.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>

enum { ADDRSPACE_SHARED = 3 };

static LLVMTypeRef i32_type(LLVMModuleRef module) {
  return LLVMInt32TypeInContext(LLVMGetModuleContext(module));
}

static LLVMValueRef zero_register(LLVMBuilderRef builder, LLVMModuleRef module, const char *name) {
  LLVMValueRef value = ferry_call_intrinsic(builder, module, name, NULL, 0);
  return LLVMBuildICmp(builder, LLVMIntEQ, value, LLVMConstInt(i32_type(module), 0, false), "");
}

LLVMValueRef ferry_bulk_mbarrier(LLVMModuleRef module, LLVMValueRef fn) {
  (void)fn;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(module));
  LLVMValueRef mbarrier = LLVMAddGlobalInAddressSpace(module, i64, "ferry.mbarrier",
                                                      ADDRSPACE_SHARED);
  LLVMSetLinkage(mbarrier, LLVMInternalLinkage);
  LLVMSetInitializer(mbarrier, LLVMGetUndef(i64));
  LLVMSetAlignment(mbarrier, 8);
  return mbarrier;
}

void ferry_emit_bulk_row(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef mbarrier,
                         LLVMValueRef row_destination, LLVMValueRef row_source,
                         LLVMValueRef row_bytes, LLVMValueRef leader, LLVMBasicBlockRef join) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMBasicBlockRef issue = LLVMInsertBasicBlockInContext(context, join, "ferry.bulk.issue");
  LLVMBuildCondBr(builder, leader, issue, join);
  LLVMPositionBuilderAtEnd(builder, issue);
  struct ferry_ptx ptx = {module, builder};
  ferry_ptx_fence_proxy_async(&ptx);
  LLVMValueRef bytes = LLVMBuildTrunc(builder, row_bytes, i32_type(module), "ferry.bulk.bytes");
  ferry_ptx_expect_tx(&ptx, mbarrier, bytes);
  ferry_ptx_bulk_copy(&ptx, row_destination, row_source, bytes, mbarrier, NULL);
  LLVMBuildBr(builder, join);
}

/* Thread (0,0,0) initialises the mbarrier; then every thread waits at a
 * barrier, so that none arrives on it or waits on it uninitialised. */
static void emit_initialisation(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef fn,
                                LLVMValueRef mbarrier) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  while (LLVMIsAAllocaInst(first))
    first = LLVMGetNextInstruction(first);
  LLVMBasicBlockRef head, rest;
  LLVMBasicBlockRef init = ferry_open_region(first, "ferry.bulk.init", "ferry.bulk.ready", &head, &rest);

  LLVMPositionBuilderAtEnd(builder, entry);
  LLVMSetCurrentDebugLocation2(builder, NULL);
  LLVMValueRef thread0 = LLVMBuildAnd(
      builder, zero_register(builder, module, "llvm.nvvm.read.ptx.sreg.tid.x"),
      LLVMBuildAnd(builder, zero_register(builder, module, "llvm.nvvm.read.ptx.sreg.tid.y"),
                   zero_register(builder, module, "llvm.nvvm.read.ptx.sreg.tid.z"), ""),
      "ferry.thread0");
  LLVMBuildCondBr(builder, thread0, init, rest);

  LLVMPositionBuilderAtEnd(builder, init);
  struct ferry_ptx ptx = {module, builder};
  ferry_ptx_mbarrier_init(
      &ptx, mbarrier, ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.ntid.y", NULL, 0));
  ferry_ptx_fence_proxy_async(&ptx);
  LLVMBuildBr(builder, rest);

  LLVMPositionBuilderBefore(builder, LLVMGetFirstInstruction(rest));
  ferry_ptx_block_barrier(&ptx);
}

/* One consumer barrier's wait: head (the code before the barrier) branches
 * to arrive or wait; wait spins until the phase of `parity` completes. */
struct wait_site {
  LLVMBasicBlockRef head, wait, rest;
  LLVMValueRef barrier;
  LLVMValueRef parity, next; /* parity waited for, and the one after */
};

static void open_wait_site(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef mbarrier,
                           struct wait_site *site) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMBasicBlockRef arrive =
      ferry_open_region(site->barrier, "ferry.bulk.arrive", "ferry.bulk.waited", &site->head, &site->rest);
  site->wait = LLVMInsertBasicBlockInContext(context, site->rest, "ferry.bulk.wait");

  LLVMPositionBuilderAtEnd(builder, site->head);
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(site->barrier));
  LLVMValueRef leader = LLVMBuildAnd(
      builder, zero_register(builder, module, "llvm.nvvm.read.ptx.sreg.tid.x"),
      zero_register(builder, module, "llvm.nvvm.read.ptx.sreg.tid.z"), "ferry.row.leader");
  LLVMBuildCondBr(builder, leader, arrive, site->wait);

  LLVMPositionBuilderAtEnd(builder, arrive);
  ferry_ptx_mbarrier_arrive(&(struct ferry_ptx){module, builder}, mbarrier);
  LLVMBuildBr(builder, site->wait);
  /* Until the parity is known: the edge to rest, for the CFG. */
  LLVMPositionBuilderAtEnd(builder, site->wait);
  LLVMBuildBr(builder, site->rest);
}

/* The parity register by on-the-fly SSA construction (Braun et al.,
 * "Simple and Efficient Construction of Static Single Assignment Form"),
 * over a CFG that is complete: a block's value at its start is 0 at the
 * entry, its one predecessor's at its end, or a phi of all of them.
 *
 * The recursion may come back to a block of one predecessor while that
 * block's value is still being computed (a wait site in an inner loop
 * reached around an outer loop's back edge): it must then follow the
 * predecessor again, which ends at the phi placed meanwhile in the loop's
 * header. Answering 0 there instead made every iteration of a copy loop
 * nested in another loop wait for parity 0. Only a cycle of blocks of one
 * predecessor each could recurse for ever, and such a cycle is
 * unreachable: unreachable blocks are answered 0 up front. */
struct parity_builder {
  LLVMModuleRef module;
  LLVMBuilderRef builder;
  const struct ferry_cfg *cfg;
  struct wait_site *sites;
  size_t site_count;
  struct ferry_map at_start;  /* block -> value at its start */
  struct ferry_map reachable; /* the blocks a path from the entry reaches */
  struct ferry_vec phis;
};

static LLVMValueRef parity_at_start(struct parity_builder *p, LLVMBasicBlockRef block);

static LLVMValueRef parity_at_end(struct parity_builder *p, LLVMBasicBlockRef block) {
  for (size_t i = 0; i < p->site_count; i++) {
    struct wait_site *site = &p->sites[i];
    if (site->wait != block)
      continue;
    if (!site->next) {
      LLVMValueRef parity = parity_at_end(p, site->head);
      if (site->next) /* set meanwhile, by a path around a loop back here */
        return site->next;
      site->parity = parity;
      LLVMPositionBuilderBefore(p->builder, LLVMGetBasicBlockTerminator(site->head));
      site->next = LLVMBuildXor(p->builder, site->parity,
                                LLVMConstInt(i32_type(p->module), 1, false), "ferry.parity.next");
    }
    return site->next;
  }
  return parity_at_start(p, block);
}

static LLVMValueRef parity_at_start(struct parity_builder *p, LLVMBasicBlockRef block) {
  intptr_t known;
  if (ferry_map_get(&p->at_start, block, &known))
    return (LLVMValueRef)known;
  LLVMValueRef zero = LLVMConstInt(i32_type(p->module), 0, false);
  const struct ferry_vec *predecessors = ferry_cfg_predecessors(p->cfg, block);
  if (block == LLVMGetEntryBasicBlock(LLVMGetBasicBlockParent(block)) ||
      predecessors->count == 0 || !ferry_map_get(&p->reachable, block, &known))
    return zero; /* unreachable: any value will do */
  if (predecessors->count == 1) {
    LLVMValueRef value = parity_at_end(p, predecessors->items[0]);
    ferry_map_put(&p->at_start, block, (intptr_t)value);
    return value;
  }
  LLVMPositionBuilder(p->builder, block, LLVMGetFirstInstruction(block));
  LLVMValueRef phi = LLVMBuildPhi(p->builder, i32_type(p->module), "ferry.parity");
  ferry_map_put(&p->at_start, block, (intptr_t)phi);
  ferry_vec_push(&p->phis, phi);
  for (size_t i = 0; i < predecessors->count; i++) {
    LLVMBasicBlockRef predecessor = predecessors->items[i];
    LLVMValueRef value = parity_at_end(p, predecessor);
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(predecessor);
    for (unsigned s = 0; s < LLVMGetNumSuccessors(terminator); s++)
      if (LLVMGetSuccessor(terminator, s) == block) /* one entry per edge */
        LLVMAddIncoming(phi, &value, &predecessor, 1);
  }
  return phi;
}

/* Replaces phis whose incoming values are all one value (or the phi) by
 * that value, until none is left. */
static void remove_trivial_phis(struct ferry_vec *phis) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = 0; i < phis->count; i++) {
      LLVMValueRef phi = phis->items[i];
      if (!phi)
        continue;
      LLVMValueRef same = NULL;
      bool trivial = true;
      for (unsigned k = 0; trivial && k < LLVMCountIncoming(phi); k++) {
        LLVMValueRef value = LLVMGetIncomingValue(phi, k);
        if (value == phi || value == same)
          continue;
        if (same)
          trivial = false;
        same = value;
      }
      if (!trivial || !same)
        continue;
      LLVMReplaceAllUsesWith(phi, same);
      LLVMInstructionEraseFromParent(phi);
      phis->items[i] = NULL;
      changed = true;
    }
  }
}

static void mark_reachable(struct ferry_map *reachable, LLVMBasicBlockRef entry) {
  struct ferry_vec work = {0};
  ferry_set_insert(reachable, entry);
  ferry_vec_push(&work, entry);
  while (work.count) {
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(work.items[--work.count]);
    for (unsigned s = 0; terminator && s < LLVMGetNumSuccessors(terminator); s++) {
      LLVMBasicBlockRef successor = LLVMGetSuccessor(terminator, s);
      if (ferry_set_insert(reachable, successor))
        ferry_vec_push(&work, successor);
    }
  }
  ferry_vec_free(&work);
}

void ferry_bulk_finish(LLVMModuleRef module, LLVMBuilderRef builder,
                       struct ferry_analyses *analyses, LLVMValueRef mbarrier,
                       const struct ferry_vec *barriers) {
  LLVMValueRef fn = ferry_analyses_function(analyses);
  emit_initialisation(module, builder, fn, mbarrier);
  struct wait_site *sites = ferry_xcalloc(barriers->count ? barriers->count : 1, sizeof *sites);
  for (size_t i = 0; i < barriers->count; i++) {
    sites[i].barrier = barriers->items[i];
    open_wait_site(module, builder, mbarrier, &sites[i]);
  }
  /* The copies' rewrite and the wait sites just opened split blocks: the
   * parities follow the CFG as it now stands. */
  ferry_analyses_invalidate(analyses);
  struct parity_builder p = {
      .module = module, .builder = builder, .cfg = ferry_analyses_cfg(analyses),
      .sites = sites, .site_count = barriers->count};
  mark_reachable(&p.reachable, LLVMGetEntryBasicBlock(fn));
  for (size_t i = 0; i < barriers->count; i++)
    parity_at_end(&p, sites[i].wait);
  remove_trivial_phis(&p.phis);
  for (size_t i = 0; i < barriers->count; i++) {
    struct wait_site *site = &sites[i];
    if (LLVMIsAInstruction(site->next)) /* the parity may have been a phi removed since */
      site->parity = LLVMGetOperand(site->next, 0);
    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(site->wait));
    LLVMPositionBuilderAtEnd(builder, site->wait);
    LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(site->barrier));
    LLVMValueRef done =
        ferry_ptx_mbarrier_try_wait_parity(&(struct ferry_ptx){module, builder}, mbarrier, site->parity);
    LLVMBuildCondBr(builder, done, site->rest, site->wait);
  }
  ferry_map_free(&p.at_start);
  ferry_map_free(&p.reachable);
  ferry_vec_free(&p.phis);
  free(sites);
}
