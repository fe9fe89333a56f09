/* A copy whose loaded value has other uses (issue 13, shape 5):
 *
 *   v = g[i]; s[t] = v; __syncthreads(); ... acc += v;
 *
 * The copy becomes asynchronous and every other use of v reads it back from
 * s[t]: a load of the copy's destination just before the use (no second
 * global load; the bytes are in shared memory from the barrier the copy
 * waits for anyway). That load gives v when:
 * - the copy has one consumer barrier B, B dominates the use, and on every
 *   path to the use B is the last CTA barrier (backward from the use, B
 *   comes before any other barrier): the use is in the phase that B opens;
 *   v is the last value loaded, so the path from that copy reaches B first
 *   (the consumer search) and the destination's address is still the one
 *   stored to (its definition dominates the copy, which dominates the use);
 * - B is an aligned barrier (__syncthreads: every thread of the block
 *   executes that one instruction), so between B and the next barrier every
 *   thread runs code reachable from B with no barrier in between; none of
 *   that code may write what may be the destination's array, so no thread
 *   changes s[t] before it is read back or while it is. A barrier that is
 *   not aligned (cg::sync) may be left by other threads at another of the
 *   function's barriers: then the code after each of them must write no such
 *   array, and the function must call nothing that could hold a barrier
 *   (every_phase_clean);
 * - up to B the element is this thread's: the copy analysis proves this
 *   thread does not write it again, and another thread writing it between
 *   the copy and B would race with the copy in the original program.
 * A use that is a phi is refused (its read would go on an edge), as are
 * guarded copies and copy loops. */
#include "copy_read_back.h"

#include "barrier.h"
#include "cfg.h"
#include "dominators.h"
#include "memory.h"
#include "util.h"

#include <string.h>

/* __syncthreads() and the barriers clang emits for its forms: every thread
 * of the block executes the same instruction (bar.sync's .aligned). */
static bool is_aligned_barrier(LLVMValueRef barrier) {
  LLVMValueRef callee = ferry_called_function(barrier);
  if (!callee)
    return false;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  return ferry_calls_prefix(barrier, "llvm.nvvm.barrier0") || strstr(name, ".aligned") != NULL;
}

/* Whether, walking back from `use`, every path meets `barrier` before any
 * other CTA barrier. */
static bool last_barrier_is(const struct ferry_dominators *dominators, LLVMValueRef barrier,
                            LLVMValueRef use) {
  struct ferry_map visited = {0};
  struct ferry_vec worklist = {0};
  bool ok = true;
  LLVMBasicBlockRef block = LLVMGetInstructionParent(use);
  LLVMValueRef inst = LLVMGetPreviousInstruction(use);
  for (;;) {
    bool met = false;
    for (; inst; inst = LLVMGetPreviousInstruction(inst)) {
      if (inst == barrier) {
        met = true;
        break;
      }
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER) {
        ok = false;
        break;
      }
    }
    if (!ok)
      break;
    if (!met) {
      const struct ferry_vec *predecessors = ferry_block_predecessors(dominators, block);
      if (!predecessors->count) {
        ok = false; /* the entry, with no barrier: B would dominate the use */
        break;
      }
      for (size_t i = 0; i < predecessors->count; i++)
        if (ferry_block_is_reachable(dominators, predecessors->items[i]) &&
            ferry_set_insert(&visited, predecessors->items[i]))
          ferry_vec_push(&worklist, predecessors->items[i]);
    }
    if (!worklist.count)
      break;
    block = worklist.items[--worklist.count];
    inst = LLVMGetLastInstruction(block);
  }
  ferry_map_free(&visited);
  ferry_vec_free(&worklist);
  return ok;
}

/* Whether code reachable from `barrier` before the next CTA barrier may
 * write what `destination` may point to. */
static bool phase_may_write(LLVMValueRef barrier, LLVMValueRef destination) {
  struct ferry_map visited = {0};
  struct ferry_vec worklist = {0};
  bool writes = false;
  LLVMValueRef inst = LLVMGetNextInstruction(barrier);
  for (;;) {
    for (; inst && !writes; inst = LLVMGetNextInstruction(inst)) {
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
        break;
      if (ferry_may_write(inst, destination)) {
        writes = true;
        break;
      }
      if (LLVMIsATerminatorInst(inst)) {
        unsigned count = LLVMGetNumSuccessors(inst);
        for (unsigned i = 0; i < count; i++) {
          LLVMBasicBlockRef next = LLVMGetSuccessor(inst, i);
          if (ferry_set_insert(&visited, next))
            ferry_vec_push(&worklist, next);
        }
      }
    }
    if (writes || !worklist.count)
      break;
    LLVMBasicBlockRef block = worklist.items[--worklist.count];
    inst = LLVMGetFirstInstruction(block);
  }
  ferry_map_free(&visited);
  ferry_vec_free(&worklist);
  return writes;
}

/* A call that cannot hold a CTA barrier of its own: an intrinsic (the
 * barriers among them are classified as such), or a call that touches no
 * memory (cooperative groups' inline assembly reading a special register;
 * clang marks asm memory(none) only without side effects or a memory
 * clobber, which a barrier in it would need). */
static bool holds_no_hidden_barrier(LLVMValueRef inst) {
  if (!LLVMIsACallInst(inst) && !LLVMIsAInvokeInst(inst) && !LLVMIsACallBrInst(inst))
    return true;
  return ferry_calls_prefix(inst, "llvm.") || ferry_call_is_memory_free(inst);
}

/* For a barrier that is not .aligned (cooperative groups' sync, which
 * clang lowers to barrier.cta.sync.all): the other threads of the block
 * may leave their barrier of the same phase at another instruction of the
 * function. Where the function calls nothing that could hold a barrier,
 * every thread leaves one of the function's CTA barriers, so if the code
 * each of them reaches before the next barrier writes nothing that may be
 * the destination's array, no thread changes the element before it is
 * read back, whichever barrier it left. */
static bool every_phase_clean(LLVMValueRef barrier, LLVMValueRef destination) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(barrier));
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(fn); block;
       block = LLVMGetNextBasicBlock(block))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (!holds_no_hidden_barrier(inst))
        return false;
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER &&
          phase_may_write(inst, destination))
        return false;
    }
  return true;
}

const char *ferry_read_back_refusal(const struct ferry_copy_site *site) {
  if (!site->load || site->merged || site->loop || !site->affine)
    return "the loaded value has other uses than the store";
  if (site->consumers.barriers.count != 1)
    return "the loaded value has other uses than the store, and the copy has several "
           "consumer barriers (a use reads the value back after the copy's one barrier)";
  LLVMValueRef barrier = site->consumers.barriers.items[0];
  if (!is_aligned_barrier(barrier) && !every_phase_clean(barrier, site->destination))
    return "the loaded value has other uses than the store, and the copy's barrier is not "
           "__syncthreads() (.aligned: every thread at one instruction), so other threads' "
           "writes after it cannot be ruled out (other threads may leave another barrier of the "
           "function, or of a function it calls, after whose code the block may write the "
           "destination's array)";
  const struct ferry_dominators *dominators =
      ferry_loops_dominators(ferry_affine_loops(site->affine));
  for (LLVMUseRef use = LLVMGetFirstUse(site->load); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (user == site->store && LLVMGetOperand(user, 1) != site->load)
      continue;
    if (LLVMIsAPHINode(user) || !ferry_instruction_dominates(dominators, barrier, user) ||
        !last_barrier_is(dominators, barrier, user))
      return "the loaded value has other uses than the store before the copy's barrier or "
             "past another (a use reads the value back from the destination only in the "
             "phase the copy's barrier opens)";
  }
  if (phase_may_write(barrier, site->destination))
    return "the loaded value has other uses than the store, and after the copy's barrier "
           "the block may write the destination's array before the next barrier (the value "
           "cannot be read back from it)";
  return NULL;
}

void ferry_read_back_uses(LLVMBuilderRef builder, const struct ferry_copy_site *site) {
  struct ferry_vec users = {0};
  for (LLVMUseRef use = LLVMGetFirstUse(site->load); use; use = LLVMGetNextUse(use))
    if (LLVMGetUser(use) != site->store)
      ferry_vec_push_unique(&users, LLVMGetUser(use));
  LLVMTypeRef type = LLVMTypeOf(site->load);
  for (size_t i = 0; i < users.count; i++) {
    LLVMValueRef user = users.items[i];
    LLVMPositionBuilderBefore(builder, user);
    LLVMValueRef value = LLVMBuildLoad2(builder, type, site->destination, "ferry.read.back");
    LLVMSetAlignment(value, LLVMGetAlignment(site->store));
    int operands = LLVMGetNumOperands(user);
    for (int o = 0; o < operands; o++)
      if (LLVMGetOperand(user, o) == site->load)
        LLVMSetOperand(user, o, value);
  }
  ferry_vec_free(&users);
}
