/* The cost model of cost_model.h: from each consumer barrier to the next
 * barrier, the most bytes any one path loads from what may be the copy's
 * destination (paths that exclude each other are not added up; a use of
 * a value the conversion reads back from the destination counts as the
 * load it becomes: copy_read_back.h), against
 * the bytes the thread copies; whether such a load sits in a loop that
 * lies within that phase (it then runs many times); and whether a store
 * there writes the destination's shared array again (the block computes in
 * place: a tree reduction, a sorting network). The choice between
 * cp.async.bulk and 16-byte chunks is bulk_choice.c's. */
#include "cost_model.h"

#include "address_space.h"
#include "barrier.h"
#include "bridge.h"
#include "loops.h"
#include "memory.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct reuse_count {
  LLVMValueRef destination;
  LLVMValueRef copy_store; /* the copy's own store, not a write "again" */
  /* A copy whose loaded value is read back (copy_read_back.h): the load,
   * each of whose users other than the store will load `size` bytes of
   * the destination; else NULL. */
  LLVMValueRef read_back;
  unsigned size;
  LLVMTargetDataRef layout;
  const struct ferry_loops *loops;
  const struct ferry_loop *barrier_loop; /* innermost loop of the barrier */
  bool in_loop;          /* a load of the destination in a loop of the phase */
  bool writes_again;     /* a store to the destination's shared array in the phase */
  struct ferry_map most; /* block -> most bytes from its start to a barrier */
  struct ferry_map open; /* blocks being counted: reaching one is a back edge */
};

static bool is_loop_within_phase(const struct reuse_count *count, LLVMBasicBlockRef block) {
  const struct ferry_loop *loop = ferry_loop_of_block(count->loops, block);
  return loop && loop != count->barrier_loop &&
         (!count->barrier_loop || ferry_loop_contains(count->barrier_loop, loop->header));
}

/* Whether `inst`, not the copy's store, uses the read-back value: the
 * conversion loads it from the destination there. */
static bool reads_back(const struct reuse_count *count, LLVMValueRef inst) {
  if (!count->read_back || inst == count->copy_store)
    return false;
  int operands = LLVMGetNumOperands(inst);
  for (int o = 0; o < operands; o++)
    if (LLVMGetOperand(inst, o) == count->read_back)
      return true;
  return false;
}

/* The most bytes loaded from the destination on a path from `inst` to the
 * next barrier, the loads that read a value back included. Back edges add
 * nothing: loops are judged by in_loop. */
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
    if (reads_back(count, inst)) {
      here += count->size;
      if (is_loop_within_phase(count, LLVMGetInstructionParent(inst)))
        count->in_loop = true;
    }
    if (LLVMIsAStoreInst(inst) && inst != count->copy_store) {
      LLVMValueRef pointer = LLVMGetOperand(inst, 1);
      if (ferry_infer_space(pointer) == FERRY_SPACE_SHARED &&
          ferry_may_alias(pointer, count->destination))
        count->writes_again = true;
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

/* As a hazard check (barrier.h): objects to work whose latency the
 * asynchronous copy (the context) could overlap and the plain copy could
 * not: a load that may read global memory, an atomic, or a call that may
 * touch memory. Arithmetic, shared and local loads and synchronisation are
 * not: the plain copy's load is in flight over them as well (its store to
 * shared memory waits for it). */
static const char *overlaps(LLVMValueRef inst, void *context) {
  const struct ferry_copy_site *site = context;
  static const char overlapped[] = "work the copy's latency could overlap";
  if (inst == site->load || inst == site->store)
    return NULL;
  if (LLVMIsALoadInst(inst)) {
    enum ferry_space space = ferry_infer_space(LLVMGetOperand(inst, 0));
    if (space == FERRY_SPACE_SHARED || space == FERRY_SPACE_LOCAL || space == FERRY_SPACE_PARAM)
      return NULL;
    return overlapped;
  }
  if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst))
    return overlapped;
  if (LLVMIsACallInst(inst) && ferry_classify_sync(inst) == FERRY_SYNC_NONE &&
      !ferry_call_is_memory_free(inst))
    return overlapped;
  return NULL;
}

/* Whether a path from the CTA barrier before the copy (or the function's
 * entry) through it to a CTA barrier after it holds work the copy could
 * overlap: the barrier searches of barrier.h, back from the copy and
 * forward from it. Forward, only a stop at such work counts: a legal
 * copy's paths all reach its consumer barriers, and the search's other
 * failures stop at the copy or a return, neither of which overlaps. */
static bool phase_overlaps(const struct ferry_copy_site *site, const struct ferry_cfg *cfg) {
  LLVMValueRef anchor = site->load ? site->load : site->store;
  const char *reason;
  if (ferry_find_hazard_since_barrier(anchor, cfg, overlaps, (void *)site, &reason))
    return true;
  struct ferry_consumer_search after;
  bool overlapped = !ferry_find_consumer_barriers(anchor, overlaps, (void *)site, &after) &&
                    after.reason && overlaps(after.blocker, (void *)site);
  ferry_consumer_search_free(&after);
  return overlapped;
}

enum ferry_payoff ferry_copy_payoff(const struct ferry_copy_site *site,
                                    const struct ferry_loops *loops, const struct ferry_cfg *cfg,
                                    char *reason, size_t reason_size) {
  if (!ferry_option_cost_model())
    return FERRY_PAYS;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(site->store));
  enum ferry_payoff payoff = FERRY_PAYS;
  bool copy_in_loop = ferry_loop_of_block(loops, LLVMGetInstructionParent(site->store)) != NULL;
  for (size_t b = 0; payoff == FERRY_PAYS && b < site->consumers.barriers.count; b++) {
    LLVMValueRef barrier = site->consumers.barriers.items[b];
    struct reuse_count count = {
        .destination = site->destination,
        .copy_store = site->store,
        .read_back = site->read_back ? site->load : NULL,
        .size = site->size,
        .layout = LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn)),
        .loops = loops,
        .barrier_loop = ferry_loop_of_block(loops, LLVMGetInstructionParent(barrier)),
    };
    unsigned long long bytes = most_from(&count, LLVMGetNextInstruction(barrier));
    ferry_map_free(&count.most);
    ferry_map_free(&count.open);
    unsigned long long reuse = bytes / site->size;
    /* In place. Measured on an H100 (bench/, medians of 21 launches,
     * sm_80 PTX and sm_90a alike, five runs of each): the tree
     * reduction's guarded copy as a single-stage cp.async ran 0.87-0.92x
     * legacy (0.3342 - 0.3565 ms against 0.3066 - 0.3095), the bitonic
     * sort's two copies 0.965-0.994x (1.6060 - 1.6499 ms against 1.5922 -
     * 1.6000), never faster, with code otherwise identical to legacy's;
     * read-only phases of the same single-stage form did not lose (the DCT
     * 1.00-1.01x, the merge step 1.02-1.03x, the convolution's row pass
     * 1.03-1.05x, the stencil 1.28x). Where the block writes the
     * copied array again after the barrier, the plain copy stays (what
     * a ring would do there was not measured: it keeps the other rules).
     * Only for a copy outside loops, as both kernels' are: a copy in a
     * loop is the streaming shape, where single-stage copies measured
     * 0.96-1.01x (cost_model.h), and the rule was not measured there. */
    bool heavy = count.in_loop || reuse >= FERRY_REUSE_LIMIT;
    if (count.writes_again && !copy_in_loop) {
      snprintf(reason, reason_size,
               "not converted: cost model: the block writes the destination buffer "
               "again after the barrier (it computes in place in shared memory, as in a "
               "tree reduction or a sorting network, where a single-stage asynchronous "
               "copy measured slower; -ferry-cost-model=false converts anyway)");
      payoff = heavy ? FERRY_PAYS_IN_CHUNKED_RING_ONLY : FERRY_PAYS_IN_RING_ONLY;
    } else if (count.in_loop) {
      snprintf(reason, reason_size,
               "not converted: cost model: a loop reads the destination buffer after "
               "the barrier (shared-memory-bound compute, as in a tiled matrix "
               "product, where a single-stage asynchronous copy measured slower and only a "
               "pipelined ring of 16-byte chunks pays; -ferry-cost-model=false converts "
               "anyway)");
      payoff = FERRY_PAYS_IN_CHUNKED_RING_ONLY;
    } else if (reuse >= FERRY_REUSE_LIMIT) {
      snprintf(reason, reason_size,
               "not converted: cost model: each thread reads %llu times as many bytes of "
               "the destination buffer as it copies, after the barrier (shared-memory-bound "
               "compute, as in a tiled matrix product, where a single-stage asynchronous "
               "copy measured slower and only a pipelined ring of 16-byte chunks pays; "
               "-ferry-cost-model=false converts anyway)", reuse);
      payoff = FERRY_PAYS_IN_CHUNKED_RING_ONLY;
    }
  }
  /* Alone in its phase. Measured by the measured dispatch's trials on
   * bench/real (H200, sm_90a and sm_80): every copy of the suite this rule
   * refuses ran slower or equal as a single-stage cp.async, never faster:
   * Rodinia backprop's guarded 4-byte copy 0.5-5 % slower in 5 of 6
   * trials, srad's tile copies 2 % and 10-14 % slower, SHOC scan's block
   * seed equal (0.1-1.7 % slower), cuda-samples scan's and SHOC sort's
   * block-scalar loads too short to time. Nothing is left for the latency
   * to overlap: the wait at the barrier exposes all of it, as the plain
   * copy's store does, and the commit and wait are added; a copy sharing
   * its phase with another load (bench/stencil.cu's tile and halos: 1.34x)
   * converts. Only for a copy outside loops (it runs once a phase) of one
   * instruction (16 bytes or less): one the compiler splits, or one that
   * runs many times before its barrier, keeps the other rules. */
  if (payoff == FERRY_PAYS && ferry_option_lone_copy() && !copy_in_loop && !site->loop &&
      site->size <= 16 && !phase_overlaps(site, cfg)) {
    snprintf(reason, reason_size,
             "not converted: cost model: the copy is its thread's only load from global "
             "memory between the barrier before it and its consumer barrier, so its latency "
             "has nothing to overlap (a single-stage asynchronous copy measured slower there; "
             "-ferry-lone-copy=false converts anyway)");
    payoff = FERRY_PAYS_IN_RING_ONLY;
  }
  return payoff;
}

/* Untimed. The measured dispatch's trials on bench/real (H100 and H200,
 * sm_90a and sm_80: bench/real/results/h100-dispatch-report.txt,
 * h200-dispatch-report.txt) found every single-stage per-thread copy of
 * under 16 bytes of the suite slower or equal, none faster: HeCBench
 * matern's seven 4-byte copies 5.0 % slower in every trial, cuda-samples
 * mergeSort's 4.2-5.3 % and 9.2-11.4 %, SHOC sort's reorderData 0.3 %
 * above to 0.9 % below, Rodinia lavaMD's 32-byte struct copy in 8-byte
 * pieces 0.1 % either way, the transposes' twelve 0.6-1.2 % slower,
 * Rodinia nw's within its launches' noise; under the rules alone
 * (FERRY_DISPATCH=model) matern and mergesort ran 0.95x. The single-stage
 * copies that paid there were 16 bytes wide (cudaTensorCoreGemm's int4
 * chunks, 1.25x). Yet such a copy can pay where its thread's plain loads
 * wait one after another (bench/stencil.cu's halos behind branches,
 * 1.34x), so the conversion is kept for a trial to judge rather than
 * refused. Rings, prefetched loops, copy loops, block-collective forms and
 * 16-byte copies keep the rules' untimed choice. */
bool ferry_copy_pays_untimed(const struct ferry_copy_form *form,
                             const struct ferry_copy_site *site) {
  if (form->kind != FERRY_COPY_PER_THREAD || site->loop)
    return true;
  return ferry_per_thread_piece(form->size, form->align) >= 16;
}
