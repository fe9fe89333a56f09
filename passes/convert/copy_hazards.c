/* What this thread does around one copy that a cp.async could reorder
 * (copy_hazards.h): between the copy and its consumer barriers, and back
 * from the copy to the barrier before it; for a copy that can run again
 * before any barrier, the copy loop's (copy_loop.c). Offsets into the
 * destination's array are told apart for this thread and for every pair of
 * threads of the block (affine.h); a store that may alias the source is
 * versioned on a run-time test where its address is known at the copy. */
#include "copy_hazards.h"
#include "path_facts.h"

#include "analyses.h"
#include "copy_loop.h"
#include "ir_build.h"
#include "memory.h"

#include <stdio.h>

/* Bytes a load, store or constant-size memory transfer touches; 0 when
 * unknown. */
static unsigned long long access_size(LLVMValueRef inst) {
  LLVMModuleRef module =
      LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)));
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(module);
  if (LLVMIsALoadInst(inst))
    return LLVMStoreSizeOfType(layout, LLVMTypeOf(inst));
  if (LLVMIsAStoreInst(inst))
    return LLVMStoreSizeOfType(layout, LLVMTypeOf(LLVMGetOperand(inst, 0)));
  if (ferry_is_memory_transfer(inst) && LLVMIsAConstantInt(LLVMGetOperand(inst, 2)))
    return LLVMConstIntGetZExtValue(LLVMGetOperand(inst, 2));
  return 0;
}

/* How surely an access misses the copied element: not proved; proved for
 * one thread by the joint range or the residue (ferry_affine_apart) but
 * not across the block, which does not do; proved for one thread by each
 * term's range alone (the criterion that predates the block-wide one, kept
 * as it was); proved for every pair of threads of the block. */
enum reach { MAY_MEET, APART_IN_THREAD, APART_IN_THREAD_BY_RANGE, APART_IN_BLOCK };

/* The facts that hold for one of the two threads (path_facts.h). */
struct fact_set {
  struct ferry_path_fact items[4 * FERRY_PATH_FACTS_MAX];
  unsigned count;
};

/* Whether an access of `size` bytes at `offset` into the destination's
 * array must miss the copied element at `destination_offset`. Across the
 * block: the access made by any thread, the copy by any thread
 * (ferry_affine_apart, block-wide), which is what the copy needs: the
 * original's plain store is ordered with another thread's access of the
 * element in its warp by program order, its cp.async with nothing; so
 * `s[t]` against `s[2*S-1-t]` converts only where launch bounds keep the
 * block at S threads or fewer (thread 2*S-1-t writes s[t] otherwise).
 * Within one thread: the difference, with the indices the facts of both
 * accesses fix replaced by their values, lies at or above the element's
 * size or at or below minus the access's, over every value its atoms can
 * take, each term's range taken alone (ferry_affine_range: thread indices
 * below blockDim, blockDim at least 1, so `t + blockDim.x` is never `t`);
 * every atom has one value in both. */
static enum reach offset_misses(const struct ferry_copy_site *site,
                                const struct ferry_affine *offset,
                                const struct ferry_affine *destination_offset,
                                unsigned long long size, const struct fact_set *access_facts,
                                const struct fact_set *copy_facts) {
  LLVMValueRef fn = ferry_affine_function(site->affine);
  if (ferry_affine_apart(offset, access_facts->items, access_facts->count, size,
                         destination_offset, copy_facts->items, copy_facts->count, site->size,
                         fn, true))
    return APART_IN_BLOCK;
  struct ferry_affine difference;
  if (!ferry_affine_add_scaled(offset, destination_offset, -1, &difference))
    return MAY_MEET;
  struct fact_set facts = *access_facts;
  for (unsigned f = 0; f < copy_facts->count && facts.count < 4 * FERRY_PATH_FACTS_MAX; f++)
    facts.items[facts.count++] = copy_facts->items[f];
  ferry_affine_apply_facts(&difference, facts.items, facts.count);
  bool has_low, has_high;
  int64_t low, high;
  ferry_affine_range(&difference, fn, facts.items, facts.count, &has_low, &low, &has_high, &high);
  /* difference = offset - destination_offset */
  if ((has_low && low >= (int64_t)site->size) || (has_high && high <= -(int64_t)size))
    return APART_IN_THREAD_BY_RANGE;
  return ferry_affine_apart(offset, access_facts->items, access_facts->count, size,
                            destination_offset, copy_facts->items, copy_facts->count, site->size,
                            fn, false)
             ? APART_IN_THREAD
             : MAY_MEET;
}

enum { MAX_PHI_DEPTH = 3 };

/* A global variable with storage of its own (a defined __shared__ array),
 * or an alloca. */
static bool is_own_array(LLVMValueRef base) {
  return LLVMIsAAllocaInst(base) || (LLVMIsAGlobalVariable(base) && !LLVMIsDeclaration(base));
}

/* offset_misses for `pointer` + `extra` bytes against the copy's
 * `destination` + `destination_extra`. A pointer that is a phi (the
 * optimizer merges `if (ty == 0) tile[0][tx] = ...; if (ty == 15)
 * tile[17][tx] = ...;` into one store through a phi) misses when each
 * incoming pointer does, with what the branches to its incoming block fix
 * for the thread that runs that phi; the access's phi is split first, then
 * the destination's (that merged store is itself a copy). */
static enum reach address_misses(const struct ferry_copy_site *site, LLVMValueRef pointer,
                                 const struct ferry_affine *extra, LLVMValueRef destination,
                                 const struct ferry_affine *destination_extra,
                                 unsigned long long size, const struct fact_set *access_facts,
                                 const struct fact_set *copy_facts, unsigned depth) {
  LLVMValueRef base, destination_base;
  struct ferry_affine offset, destination_offset;
  if (!ferry_affine_address(site->affine, pointer, &base, &offset) ||
      !ferry_affine_address(site->affine, destination, &destination_base, &destination_offset) ||
      !ferry_affine_add_scaled(&offset, extra, 1, &offset) ||
      !ferry_affine_add_scaled(&destination_offset, destination_extra, 1, &destination_offset))
    return MAY_MEET;
  if (base == destination_base && LLVMIsAGlobalVariable(base))
    return offset_misses(site, &offset, &destination_offset, size, access_facts, copy_facts);
  /* Two distinct arrays (not `extern __shared__`, which all name one
   * buffer): an address based on one never reaches the other, whichever
   * threads make them. Met where a phi merges addresses into different
   * __shared__ arrays (issue 13, shape 3). */
  if (base != destination_base && is_own_array(base) && is_own_array(destination_base))
    return APART_IN_BLOCK;
  bool split_access = LLVMIsAPHINode(base) != NULL;
  LLVMValueRef phi = split_access ? base : destination_base;
  if (!LLVMIsAPHINode(phi) || depth >= MAX_PHI_DEPTH)
    return MAY_MEET;
  enum reach least = APART_IN_BLOCK;
  for (unsigned i = 0; i < LLVMCountIncoming(phi) && least != MAY_MEET; i++) {
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
    struct fact_set facts = split_access ? *access_facts : *copy_facts;
    if (facts.count + FERRY_PATH_FACTS_MAX <= 4 * FERRY_PATH_FACTS_MAX)
      facts.count +=
          ferry_path_facts(site->affine, LLVMGetBasicBlockTerminator(from), facts.items + facts.count);
    LLVMValueRef incoming = LLVMGetIncomingValue(phi, i);
    enum reach reach =
        split_access ? address_misses(site, incoming, &offset, destination_base,
                                      &destination_offset, size, &facts, copy_facts, depth + 1)
                     : address_misses(site, base, &offset, incoming, &destination_offset, size,
                                      access_facts, &facts, depth + 1);
    if (reach < least)
      least = reach;
  }
  return least;
}

/* How surely this thread's access `inst` of `size` bytes at `pointer`, and
 * the same access by every other thread of the block, miss the copied
 * element; an index that a branch on the way to either access fixes (`if
 * (threadIdx.y == 0)`) counts with its value, for the thread that took it. */
static enum reach misses_destination(const struct ferry_copy_site *site, LLVMValueRef inst,
                                     LLVMValueRef pointer, unsigned long long size) {
  if (!site->affine || !size)
    return MAY_MEET;
  struct fact_set access_facts, copy_facts;
  access_facts.count = ferry_path_facts(site->affine, inst, access_facts.items);
  copy_facts.count = ferry_path_facts(site->affine, site->store, copy_facts.items);
  struct ferry_affine zero = {.width = 64, .exact_signed = true, .exact_unsigned = true};
  return address_misses(site, pointer, &zero, site->destination, &zero, size, &access_facts,
                        &copy_facts, 0);
}

/* How surely `inst`'s access of the destination's array, by any thread,
 * misses the copied element: by the pointer it accesses, or a transfer's
 * destination (`write`) or source. */
static enum reach access_misses(const struct ferry_copy_site *site, LLVMValueRef inst, bool write) {
  if (ferry_accessed_pointer(inst))
    return misses_destination(site, inst, ferry_accessed_pointer(inst), access_size(inst));
  if (ferry_is_memory_transfer(inst))
    return misses_destination(site, inst, LLVMGetOperand(inst, write ? 0 : 1), access_size(inst));
  return MAY_MEET;
}

/* Whether `inst` may write (`write`) or read the copied element; with
 * *in_block_only set where the thread's own access is proved apart and
 * another thread's is not. */
static bool may_touch_destination(const struct ferry_copy_site *site, LLVMValueRef inst, bool write,
                                  bool *in_block_only) {
  *in_block_only = false;
  if (!(write ? ferry_may_write(inst, site->destination) : ferry_may_read(inst, site->destination)))
    return false;
  enum reach reach = access_misses(site, inst, write);
  *in_block_only = reach == APART_IN_THREAD;
  return reach < APART_IN_THREAD_BY_RANGE;
}

/* What no instruction between the copy and its barrier may be, whatever it
 * accesses: synchronisation of other kinds, a call that may access memory,
 * an atomic or volatile access. */
static const char *ordering_hazard(LLVMValueRef inst) {
  if (ferry_classify_sync(inst) == FERRY_SYNC_OTHER)
    return "the thread synchronises by other means (fence, __syncwarp, "
           "bar.arrive or an asynchronous-copy operation) before the barrier";
  if ((LLVMIsACallInst(inst) || LLVMIsAInvokeInst(inst) || LLVMIsACallBrInst(inst)) &&
      !ferry_is_memory_transfer(inst) && !ferry_call_is_abort(inst)) {
    if (!ferry_call_is_memory_free(inst))
      return "a call that may access memory stands between the copy and the barrier";
    return NULL;
  }
  if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst) ||
      ((LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst)) && !ferry_is_plain_access(inst)))
    return "an atomic or volatile access stands between the copy and the barrier";
  return NULL;
}

/* Whether a value is known where the copy runs: a constant, an argument,
 * or an instruction that dominates the copy. */
static bool known_at_copy(const struct ferry_copy_site *site, LLVMValueRef value) {
  if (!LLVMIsAInstruction(value))
    return true; /* a constant, an argument, a global */
  const struct ferry_dominators *dominators =
      ferry_loops_dominators(ferry_affine_loops(site->affine));
  return ferry_instruction_dominates(dominators, value, site->store);
}

/* A store whose bytes this thread's run-time test can tell from the
 * source's (see alias_stores): plain, of a known size, at an address known
 * at the copy or a GEP of values known there (built again before the copy).
 * Being one SSA value, the address is the same however often the store
 * runs before the barrier. */
static bool checkable_alias_store(struct ferry_copy_site *site, LLVMValueRef inst) {
  if (!site->affine || !site->load || site->merged || !LLVMIsAStoreInst(inst) ||
      !ferry_is_plain_access(inst))
    return false;
  for (unsigned i = 0; i < site->alias_store_count; i++)
    if (site->alias_stores[i] == inst)
      return true;
  if (site->alias_store_count == FERRY_ALIAS_STORES)
    return false;
  LLVMValueRef pointer = LLVMGetOperand(inst, 1);
  if (!known_at_copy(site, pointer)) {
    if (!LLVMIsAGetElementPtrInst(pointer))
      return false;
    unsigned operands = (unsigned)LLVMGetNumOperands(pointer);
    for (unsigned i = 0; i < operands; i++)
      if (!known_at_copy(site, LLVMGetOperand(pointer, i)))
        return false;
  }
  site->alias_stores[site->alias_store_count] = inst;
  site->alias_store_bytes[site->alias_store_count++] = access_size(inst);
  return true;
}

/* Where a thread's own access misses its copy but the same access by
 * another thread of the block is not proved to (offset_misses). */
#define ANOTHER_THREAD_MISSES                                                                    \
  " before the barrier: this thread's own access misses its copy, but not for every pair of "   \
  "threads of the block (the offsets meet for some thread indices below the block's size; "    \
  "launch bounds that keep the block smaller may prove them apart)"
static const char *const ANOTHER_THREAD_WRITES =
    "another thread of the block may write the destination" ANOTHER_THREAD_MISSES;
static const char *const ANOTHER_THREAD_READS =
    "another thread of the block may read the destination" ANOTHER_THREAD_MISSES;
static const char *const ANOTHER_THREAD_EARLIER =
    "another thread of the block may access the destination with no barrier between it and the "
    "copy: this thread's own access misses its copy, but not for every pair of threads of the "
    "block (the offsets meet for some thread indices below the block's size; launch bounds that "
    "keep the block smaller may prove them apart)";

/* The objections that concern only where the copy's value lands (its
 * destination), in the words of the searches below: a copy refused for one
 * of them alone may still have its load issued early into slots of its own
 * (ferry_destination_hazard). */
static const char *const WRITES_AGAIN =
    "the thread may write the destination again before the barrier";
static const char *const READS_BEFORE = "the thread may read the destination before the barrier";
static const char *const ACCESSES_EARLIER =
    "the thread may access the destination earlier with no barrier in between";
static const char *const LOOP_ACCESSES =
    "the thread may access the destination's array in the copy's loop or between it and the "
    "barrier (every iteration's copy is in flight until the barrier)";
static const char *const LOOP_ACCESSES_EARLIER =
    "the thread may access the destination's array earlier with no barrier in between";

bool ferry_destination_hazard(const char *objection) {
  const char *const all[] = {WRITES_AGAIN,         READS_BEFORE,          ACCESSES_EARLIER,
                             LOOP_ACCESSES,        LOOP_ACCESSES_EARLIER, ANOTHER_THREAD_WRITES,
                             ANOTHER_THREAD_READS, ANOTHER_THREAD_EARLIER};
  for (size_t i = 0; objection && i < sizeof all / sizeof *all; i++)
    if (objection == all[i])
      return true;
  return false;
}

const char *ferry_copy_hazard(LLVMValueRef inst, void *context) {
  struct ferry_copy_site *site = context;
  const char *objection = ordering_hazard(inst);
  if (objection)
    return objection;
  if (ferry_may_write(inst, site->source)) {
    if (checkable_alias_store(site, inst))
      return NULL;
    return "a store that may alias the source stands between the copy and the barrier";
  }
  bool in_block_only;
  if (may_touch_destination(site, inst, true, &in_block_only))
    return in_block_only ? ANOTHER_THREAD_WRITES : WRITES_AGAIN;
  if (may_touch_destination(site, inst, false, &in_block_only))
    return in_block_only ? ANOTHER_THREAD_READS : READS_BEFORE;
  return NULL;
}

/* Before the copy, back to the previous barrier: an earlier access of this
 * thread to the destination is ordered with a plain store by program order,
 * but cp.async promises no order with it, so a pending asynchronous write
 * could overtake it. */
const char *ferry_earlier_access_hazard(LLVMValueRef inst, void *context) {
  const struct ferry_copy_site *site = context;
  if (inst == site->load)
    return NULL;
  bool in_block_only;
  if (may_touch_destination(site, inst, true, &in_block_only) ||
      may_touch_destination(site, inst, false, &in_block_only))
    return in_block_only ? ANOTHER_THREAD_EARLIER : ACCESSES_EARLIER;
  /* Likewise an earlier write of the source: the asynchronous read is not
   * promised to see it. */
  if (ferry_may_write(inst, site->source))
    return "the thread may write the source earlier with no barrier in between";
  return NULL;
}

/* A copy loop (copy_loop.h): in the loop and from it to the barrier, any
 * access that may touch the destination's array counts, with no offset
 * reasoning (another iteration's copy, with other values of the loop's
 * atoms, may be in flight); the copy's own load and store excepted. */
static const char *loop_copy_hazard(LLVMValueRef inst, void *context) {
  const struct ferry_copy_site *site = context;
  if (inst == site->load || inst == site->store)
    return NULL;
  const char *objection = ordering_hazard(inst);
  if (objection)
    return objection;
  if (ferry_may_write(inst, site->source))
    return "a store that may alias the source stands between the copy and the barrier";
  if (ferry_may_write(inst, site->destination) || ferry_may_read(inst, site->destination))
    return LOOP_ACCESSES;
  return NULL;
}

/* Before a copy loop, back to the previous barrier: any access that may
 * touch the destination's array, or write the source, except the copy's
 * own (in an earlier iteration). */
const char *ferry_loop_earlier_hazard(LLVMValueRef inst, void *context) {
  const struct ferry_copy_site *site = context;
  if (inst == site->load || inst == site->store)
    return NULL;
  if (ferry_may_write(inst, site->destination) || ferry_may_read(inst, site->destination))
    return LOOP_ACCESSES_EARLIER;
  if (ferry_may_write(inst, site->source))
    return "the thread may write the source earlier with no barrier in between";
  return NULL;
}

/* A copy that can run again before any barrier: a copy loop's, when its
 * innermost loop holds no barrier and copy_loop.c proves the iterations'
 * copies apart; NULL then (site->loop and the consumers set), else why not. */
const char *ferry_match_copy_loop(struct ferry_copy_site *site, LLVMValueRef inst) {
  const char *again = site->consumers.reason;
  if (!site->affine || site->consumers.blocker != inst)
    return again;
  const struct ferry_loop *loop =
      ferry_loop_of_block(ferry_affine_loops(site->affine), LLVMGetInstructionParent(inst));
  if (!loop)
    return again;
  for (size_t b = 0; b < loop->blocks.count; b++)
    for (LLVMValueRef i = LLVMGetFirstInstruction(loop->blocks.items[b]); i;
         i = LLVMGetNextInstruction(i))
      if (ferry_classify_sync(i) == FERRY_SYNC_CTA_BARRIER)
        return again; /* skipped on some path back to the copy */
  const char *refusal =
      ferry_copy_loop_refusal(site->affine, loop, site->source, site->destination, site->size);
  if (refusal)
    return refusal;
  ferry_consumer_search_free(&site->consumers);
  site->loop = loop;
  if (!ferry_find_consumer_barriers_after_loop(loop, loop_copy_hazard, site, &site->consumers))
    return site->consumers.reason;
  return NULL;
}
