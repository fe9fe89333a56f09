/* The legality half of the pipeliner (pipeline.c says what it makes): finds
 * the loop's trip count, the arrays to replicate and every load of them,
 * the values a source address depends on; pipeline_stages.c then chooses
 * the stage count. Changes nothing. */
#include "pipeline_plan.h"

#include "address_space.h"
#include "analyses.h"
#include "barrier.h"
#include "bridge.h"
#include "cfg.h"
#include "loop_version.h"
#include "pipeline_dynamic.h"
#include "memory.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>

/* The loop must be counted, exactly (counted_loop.h): the latch is
 * `br (icmp c, bound), header, exit` (or swapped), with c an induction
 * variable of constant step or its increment, and the values it tests
 * only grow (counting down, only shrink) until one fails. */
static bool check_trip(struct ferry_pipeline *p, struct ferry_analyses *analyses,
                       const struct ferry_loop *loop, char *reason, size_t size) {
  const struct ferry_counted_loop *counted = ferry_analyses_counted_loop(analyses, loop);
  if (counted->shape != FERRY_COUNTED || !counted->exact)
    return ferry_refuse(reason, size, "%s", counted->refusal);
  p->counted = counted;
  return true;
}

/* Walks the users of a buffer through GEPs and casts: every load reached
 * must be in the loop (its pointer is then redirected to a slot); a store
 * other than the copy carries state, anything else lets the address
 * escape. */
static bool collect_uses(struct ferry_pipeline *p, const struct ferry_loop *loop,
                         LLVMValueRef value, size_t ring, int depth, char *reason, size_t size) {
  if (depth > 32)
    return ferry_refuse(reason, size, "the shared array is reached through too long a chain");
  LLVMValueRef fn = LLVMGetBasicBlockParent(loop->header);
  for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    /* One extern __shared__ array serves every kernel that declares it:
     * another kernel's uses run in other launches. A device function's
     * might run in this one. */
    if (LLVMIsAInstruction(user) && LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) != fn) {
      if (LLVMGetFunctionCallConv(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user))) ==
          LLVMPTXKernelCallConv)
        continue;
      return ferry_refuse(reason, size, "a device function uses the shared array too");
    }
    if (pipeline_forwards_pointer(user) && LLVMGetOperand(user, 0) == value) {
      if (LLVMIsAInstruction(user))
        ferry_vec_push_unique(&p->chains, user);
      if (!collect_uses(p, loop, user, ring, depth + 1, reason, size))
        return false;
      continue;
    }
    bool is_copy = false;
    for (size_t c = 0; c < p->count; c++)
      if (user == p->copies[c].site->store)
        is_copy = true;
    if (is_copy)
      continue;
    /* Only reads: what the loop writes into the array besides the copy
     * would be carried to later iterations, which the ring gives other
     * buffers. */
    if (!LLVMIsALoadInst(user))
      return ferry_refuse(reason, size,
                          LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) != value
                              ? "the loop writes the shared array besides the copy"
                              : "the shared array's address is used other than by loads");
    if (!ferry_loop_defines(loop, user))
      return ferry_refuse(reason, size, "the shared array is used outside the loop");
    struct rebased_use *rebased = ferry_xmalloc(sizeof *rebased);
    *rebased = (struct rebased_use){user, ring};
    ferry_vec_push(&p->rebased, rebased);
  }
  return true;
}

/* The prologue computes each copy's destination before the loop (its
 * pointer chain rebuilt on a ring slot): every index on the chain must
 * already be known there. */
static bool computed_before_loop(const struct ferry_loop *loop, LLVMValueRef pointer) {
  for (int depth = 0; pipeline_forwards_pointer(pointer); depth++) {
    if (depth > 32)
      return false;
    unsigned operands = (unsigned)LLVMGetNumOperands(pointer);
    for (unsigned i = 1; i < operands; i++)
      if (ferry_loop_defines(loop, LLVMGetOperand(pointer, i)))
        return false;
    pointer = LLVMGetOperand(pointer, 0);
  }
  return true;
}

/* The loop instructions a source address (`what`, for the reason: "the
 * source address", or a guarded copy's "the copy's guard") depends on
 * must be pure arithmetic and comparisons over induction variables and
 * loop-invariant values. */
static bool collect_cone(struct ferry_pipeline *p, const struct ferry_loops *loops,
                         const struct ferry_loop *loop, LLVMValueRef value, int depth,
                         const char *what, char *reason, size_t size) {
  if (!ferry_loop_defines(loop, value) || ferry_map_get(&p->cone, value, NULL))
    return true;
  /* A copy loop's counter: its copy of a later iteration is of the same
   * element (pipeline_copy_loop.c); its loop's other phis are refused. */
  if (p->copy_loop && LLVMIsAPHINode(value) &&
      ferry_loop_contains(p->copy_loop, LLVMGetInstructionParent(value))) {
    if (value == p->copy_counter)
      return true;
    return ferry_refuse(reason, size, "%s depends on a value the copy loop carries besides "
                                      "its counter", what);
  }
  if (depth > 64)
    return ferry_refuse(reason, size, "%s is too deep an expression", what);
  if (LLVMIsAPHINode(value)) {
    struct ferry_induction induction;
    LLVMValueRef start, step;
    bool varies = false, down = false;
    const struct ferry_counted_loop *counted = p->counted;
    if (counted && value == counted->iv && counted->step_value) {
      /* The loop's counter stepping by a value fixed before the loop, maybe
       * clamped where the loop leaves (counted_loop.h): in every iteration
       * that runs it is start + j * step_value. */
      ferry_map_put(&p->step_values, value, (intptr_t)counted->step_value);
      ferry_map_put(&p->starts, value, (intptr_t)counted->start);
    } else if (ferry_induction_variable(loops, value, &induction) && induction.loop == loop) {
      ferry_map_put(&p->steps, value, (intptr_t)induction.step);
      ferry_map_put(&p->starts, value, (intptr_t)induction.start);
    } else if (ferry_loop_invariant_step(loop, value, &start, &step)) {
      ferry_map_put(&p->step_values, value, (intptr_t)step);
      ferry_map_put(&p->starts, value, (intptr_t)start);
      ferry_map_put(&p->cone, value, 1);
      return collect_cone(p, loops, loop, step, depth + 1, what, reason, size);
    } else if (ferry_loop_pointer_step(loop, value, &start, &step, &varies)) {
      ferry_map_put(&p->pointer_steps, value, (intptr_t)step);
      ferry_map_put(&p->starts, value, (intptr_t)start);
      ferry_map_put(&p->cone, value, 1);
      return collect_cone(p, loops, loop, LLVMGetOperand(step, 1), depth + 1, what, reason,
                          size);
    } else if (ferry_pipeline_guarded_step(p, loop, value, &start, &step, &down)) {
      /* A staged copy's (p->facts): stepped where the copy runs, down
       * where it subtracts (reads_down_steps). */
      ferry_map_put(&p->step_values, value, (intptr_t)step);
      if (down)
        ferry_map_put(&p->down_steps, value, 1);
      ferry_map_put(&p->starts, value, (intptr_t)start);
      ferry_map_put(&p->cone, value, 1);
      return collect_cone(p, loops, loop, step, depth + 1, what, reason, size);
    } else if (varies) {
      return ferry_refuse(reason, size, "the source pointer advances by an amount that changes "
                                        "from one iteration to the next");
    } else {
      return ferry_refuse(reason, size, "%s depends on a value carried around the loop that "
                                        "is not an induction variable", what);
    }
    ferry_map_put(&p->cone, value, 1);
    return true;
  }
  switch (LLVMGetInstructionOpcode(value)) {
  case LLVMGetElementPtr: case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl:
  case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMAddrSpaceCast: case LLVMBitCast:
  case LLVMICmp: case LLVMSelect: /* a guard's tests: `row < M && k + tx < K` */
    break;
  default:
    return ferry_refuse(reason, size, "%s depends on a load, call or other value that "
                                      "cannot be computed ahead", what);
  }
  ferry_map_put(&p->cone, value, 1);
  unsigned operands = (unsigned)LLVMGetNumOperands(value);
  for (unsigned i = 0; i < operands; i++)
    if (!collect_cone(p, loops, loop, LLVMGetOperand(value, i), depth + 1, what, reason, size))
      return false;
  return true;
}

bool ferry_pipeline_collect_cone(struct ferry_pipeline *p, const struct ferry_loops *loops,
                                 const struct ferry_loop *loop, LLVMValueRef value,
                                 const char *what, char *reason, size_t size) {
  return collect_cone(p, loops, loop, value, 0, what, reason, size);
}

/* The edges into `block` from the terminators of `fn`: how many, and the
 * block of the last (llvm-c lists no predecessors). */
static unsigned edges_into(LLVMValueRef fn, LLVMBasicBlockRef block, LLVMBasicBlockRef *from) {
  unsigned edges = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(bb);
    unsigned count = terminator ? LLVMGetNumSuccessors(terminator) : 0;
    for (unsigned i = 0; i < count; i++)
      if (LLVMGetSuccessor(terminator, i) == block) {
        edges++;
        *from = bb;
      }
  }
  return edges;
}

/* A guarded copy (copy_site.h, merged) in a ring: iteration i issues the
 * copy of iteration i+S-1 (and the prologue those of 0..S-2), which reads
 * where that iteration's guard holds. The guard is the select's condition,
 * or, for the phi `[(load), A], [0, B]` of `if (c) ... else ...`, the
 * condition of the one branch that leads to A: A has that branch as its
 * only way in, from B itself (`if (c) s = g[i]`, no else) or from a block
 * whose other way goes to B, B's only way in, on to the phi. Other shapes
 * (a phi of three or more paths: `a && b` kept as branches) are refused.
 * The guard then joins the cone, under the source's rules: computed ahead,
 * it must be a pure function of induction variables and loop-invariant
 * values. */
static bool check_guard(struct ferry_pipeline *p, const struct ferry_loops *loops,
                        const struct ferry_loop *loop, size_t c, char *reason, size_t size) {
  const struct ferry_copy_site *site = p->copies[c].site;
  LLVMValueRef merged = site->merged;
  if (p->copy_loop)
    return ferry_refuse(reason, size, "a guarded copy in a block-strided copy loop is not "
                                      "pipelined");
  if (LLVMIsASelectInst(merged)) {
    p->guards[c] = LLVMGetOperand(merged, 0);
    p->guard_inverted[c] = LLVMGetOperand(merged, 1) != site->load;
  } else {
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(merged));
    LLVMBasicBlockRef loads = LLVMGetInstructionParent(site->load), other = NULL, branch_block = NULL;
    for (unsigned i = 0; i < LLVMCountIncoming(merged); i++)
      if (LLVMGetIncomingBlock(merged, i) != loads)
        other = LLVMGetIncomingBlock(merged, i);
    LLVMValueRef branch = NULL;
    if (LLVMCountIncoming(merged) == 2 && other && edges_into(fn, loads, &branch_block) == 1) {
      branch = LLVMGetBasicBlockTerminator(branch_block);
      LLVMBasicBlockRef into_other = NULL;
      LLVMBasicBlockRef joins = LLVMGetInstructionParent(merged);
      if (!LLVMIsABranchInst(branch) || !LLVMIsConditional(branch))
        branch = NULL;
      else if (branch_block == other) {
        if (LLVMGetSuccessor(branch, LLVMGetSuccessor(branch, 0) == loads ? 1 : 0) != joins)
          branch = NULL;
      } else {
        LLVMBasicBlockRef elsewhere =
            LLVMGetSuccessor(branch, LLVMGetSuccessor(branch, 0) == loads ? 1 : 0);
        LLVMValueRef on = LLVMGetBasicBlockTerminator(other);
        if (elsewhere != other || edges_into(fn, other, &into_other) != 1 ||
            LLVMGetNumSuccessors(on) != 1)
          branch = NULL;
      }
    }
    if (!branch || LLVMGetSuccessor(branch, 0) == LLVMGetSuccessor(branch, 1))
      return ferry_refuse(reason, size,
                          "the guarded copy's value does not merge the two ways of one "
                          "`if (guard)` branch, whose guard the ring would evaluate for a "
                          "later iteration");
    p->guards[c] = LLVMGetCondition(branch);
    p->guard_inverted[c] = LLVMGetSuccessor(branch, 0) != loads;
  }
  return collect_cone(p, loops, loop, p->guards[c], 0, "the copy's guard", reason, size);
}

/* One slot of a dynamic ring: the end of the furthest byte the copies and
 * the loads of the loop may touch, rounded up to 16 bytes so that every
 * slot keeps the array's alignment for cp.async. */
static bool bound_dynamic_stage(struct ferry_pipeline *p, struct ferry_affine_context *affine,
                                LLVMValueRef fn, size_t r, char *reason, size_t size) {
  struct ring *ring = &p->rings[r];
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(LLVMGetGlobalParent(fn));
  unsigned long long end = 0;
  for (size_t c = 0; c < p->count; c++) {
    if (p->ring_of_copy[c] != r)
      continue;
    struct ferry_dynamic_access *access = ferry_xmalloc(sizeof *access);
    ferry_vec_push(&ring->accesses, access);
    if (!ferry_dynamic_access_end(affine, fn, ring->buffer, p->copies[c].site->destination,
                                  p->copies[c].site->size, &end, access, reason, size))
      return false;
  }
  for (size_t i = 0; i < p->rebased.count; i++) {
    const struct rebased_use *use = p->rebased.items[i];
    if (use->ring != r)
      continue;
    struct ferry_dynamic_access *access = ferry_xmalloc(sizeof *access);
    ferry_vec_push(&ring->accesses, access);
    if (!ferry_dynamic_access_end(affine, fn, ring->buffer, LLVMGetOperand(use->load, 0),
                                  LLVMStoreSizeOfType(layout, LLVMTypeOf(use->load)), &end, access,
                                  reason, size))
      return false;
  }
  ring->stage_bytes = (end + 15) & ~15ull;
  return true;
}

/* A relocated ring (pipeline_dynamic.h) takes the launch's dynamic shared
 * memory, its stages chosen per launch, where the rewrite is proved right
 * for any stage count: the ring's issue guards take S - 1 at run time
 * (the last iteration's index in 32 bits, or a wider counter's own test
 * at a distance: counted_loop.h), and nothing the kernel calls reaches
 * the dynamic memory the ring overlays. A versioned loop's check
 * (pipeline_version.c) reads slot 0, the extern array itself, whose
 * alignment every slot shares (the stride is a multiple of 16). Else it
 * stays relocated, and the report's launch_refusal says why.
 *
 * A loop's one ring of a static array takes the launch's memory too
 * (from_static), where ferry_static_ring_takes_launch allows it, its
 * slots a multiple of 16 bytes, and the loop neither a copy loop nor one
 * of heavy reuse (their stages are fixed): so that a block alone on its
 * multiprocessor gets 32 or 64 stages and one barrier an iteration, which
 * static slots cannot hold without costing blocks elsewhere (bench/
 * copy_compute, 1 KiB tiles: 16 static slots reach 77 % of the roof at
 * one block per SM, the launch's 64 stages 95 %: bench/results/
 * h200-static-launch-ring.txt). */
static void choose_launch_ring(struct ferry_pipeline *p, LLVMValueRef fn) {
  for (size_t r = 0; r < p->ring_count; r++) {
    struct ring *ring = &p->rings[r];
    if (!ring->dynamic && p->ring_count == 1 && !p->copy_loop && !p->reuse_heavy &&
        ring->stage_bytes && ring->stage_bytes % 16 == 0 &&
        ferry_static_ring_takes_launch(fn, ring->buffer)) {
      ring->from_static = ring->per_launch = p->launch_stages = true;
      continue;
    }
    if (!ring->relocated)
      continue;
    if (!ferry_dynamic_memory_private(fn)) {
      snprintf(p->report.launch_refusal, sizeof p->report.launch_refusal,
               "a function other than a kernel uses an extern __shared__ array");
      continue;
    }
    ring->relocated = false;
    ring->per_launch = true;
    p->launch_stages = true;
  }
}

/* Whether every path from `inst` to the end of the iteration (the
 * latch's branch: the loop's only back edge and only exit) meets a CTA
 * barrier. Iteration i issues a later iteration's copy into the slot it
 * read just before that branch (a copy loop's ring, early in iteration
 * i+1; a loop entered again, in its prologue after it): a read of a slot
 * must be followed by a barrier of the block before the iteration ends,
 * or another thread's issue could overwrite the slot while this thread
 * still reads it. The loop as written may have its barrier at the top
 * instead (`__syncthreads(); s[t] = g[i]; __syncthreads(); acc +=
 * s[...];`), which orders its reads before the next copy but not before
 * the ring's issue. */
static bool barrier_before_iteration_ends(const struct ferry_loop *loop, LLVMValueRef inst) {
  struct ferry_map visited = {0};
  struct ferry_vec worklist = {0};
  bool ok = true;
  inst = LLVMGetNextInstruction(inst);
  for (;;) {
    for (; inst; inst = LLVMGetNextInstruction(inst)) {
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
        break;
      if (!LLVMIsATerminatorInst(inst))
        continue;
      unsigned count = LLVMGetNumSuccessors(inst);
      for (unsigned i = 0; ok && i < count; i++) {
        LLVMBasicBlockRef next = LLVMGetSuccessor(inst, i);
        if (next == loop->header || !ferry_loop_contains(loop, next))
          ok = false;
        else if (ferry_set_insert(&visited, next))
          ferry_vec_push(&worklist, next);
      }
    }
    if (!ok || !worklist.count)
      break;
    inst = LLVMGetFirstInstruction(worklist.items[--worklist.count]);
  }
  ferry_map_free(&visited);
  ferry_vec_free(&worklist);
  return ok;
}

/* A copy whose loaded value has other uses (copy_read_back.h): in the
 * ring each use reads the value back from its iteration's slot, which
 * only the loop knows (compute_slot): every use must be in the loop; it
 * then follows the copy's barrier in the copy's iteration (copy_site.c
 * proved the barrier dominates it and is the last one before it, and the
 * use, no phi, is dominated by the load). */
static bool check_read_back(const struct ferry_loop *loop, const struct ferry_copy_site *site,
                            char *reason, size_t size) {
  for (LLVMUseRef use = LLVMGetFirstUse(site->load); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (user == site->store)
      continue;
    if (!ferry_loop_defines(loop, user))
      return ferry_refuse(reason, size,
                          "the copy's loaded value is used after the loop, where the ring "
                          "no longer knows the slot to read it back from");
    if (!barrier_before_iteration_ends(loop, user))
      return ferry_refuse(reason, size,
                          "the copy's loaded value is read back from the shared array with no "
                          "barrier between that read and the end of the iteration, where the "
                          "ring issues a later iteration's copy into the same slot");
  }
  return true;
}

/* The plan this file makes, and everything it holds. */
void ferry_pipeline_free(struct ferry_pipeline *p) {
  if (!p)
    return;
  for (size_t i = 0; i < p->rebased.count; i++)
    free(p->rebased.items[i]);
  for (size_t r = 0; r < p->ring_count; r++) {
    for (size_t i = 0; i < p->rings[r].accesses.count; i++)
      free(p->rings[r].accesses.items[i]);
    ferry_vec_free(&p->rings[r].accesses);
  }
  ferry_vec_free(&p->rebased);
  ferry_vec_free(&p->chains);
  ferry_vec_free(&p->loop_blocks);
  ferry_range_check_free(p->ranges);
  ferry_map_free(&p->cone);
  ferry_map_free(&p->steps);
  ferry_map_free(&p->step_values);
  ferry_map_free(&p->down_steps);
  ferry_map_free(&p->pointer_steps);
  ferry_map_free(&p->starts);
  free(p);
}

struct ferry_pipeline *ferry_pipeline_check(LLVMModuleRef module,
                                            struct ferry_affine_context *affine,
                                            const struct ferry_loop *loop,
                                            const struct ferry_pipeline_copy *copies,
                                            size_t count, const struct ferry_vec *planned,
                                            char *reason, size_t reason_size) {
  struct ferry_pipeline *p = ferry_xcalloc(1, sizeof *p);
  LLVMValueRef fn = ferry_affine_function(affine);
  const struct ferry_loops *loops = ferry_affine_loops(affine);
  const struct ferry_dominators *dominators = ferry_loops_dominators(loops);
  bool ok = count <= FERRY_RING_MAX_COPIES;
  if (!ok)
    ferry_refuse(reason, reason_size, "more than %d copies in the loop", FERRY_RING_MAX_COPIES);
  for (size_t c = 0; ok && c < count; c++) {
    p->copies[p->count++] = copies[c];
    p->reuse_heavy |= copies[c].reuse_heavy;
  }
  ok = ok && check_trip(p, ferry_affine_analyses(affine), loop, reason, reason_size);
  /* Copies in a block-strided copy loop issue ahead where they stand
   * (pipeline_copy_loop.c). */
  if (ok && copies[0].site->loop)
    ok = ferry_pipeline_check_copy_loop(p, loop, reason, reason_size);
  else
    for (size_t c = 0; ok && c < count; c++)
      if (copies[c].site->loop)
        ok = ferry_refuse(reason, reason_size, "the loop's copies are not all in one "
                                               "block-strided copy loop");

  for (size_t c = 0; ok && c < count; c++) {
    const struct ferry_copy_site *site = copies[c].site;
    if (site->consumers.barriers.count != 1 ||
        !ferry_loop_defines(loop, site->consumers.barriers.items[0]) ||
        (p->barrier && p->barrier != site->consumers.barriers.items[0])) {
      ok = ferry_refuse(reason, reason_size, "the copies do not all wait at one barrier in the loop");
      break;
    }
    p->barrier = site->consumers.barriers.items[0];
    /* The copy of iteration i+S-1 is issued where iteration i copied, and
     * the prologue's unconditionally: only right if every iteration copies. */
    LLVMBasicBlockRef copy_block = LLVMGetInstructionParent(site->store);
    if (!p->copy_loop && !ferry_block_dominates(dominators, copy_block, loop->latches.items[0])) {
      ok = ferry_refuse(reason, reason_size,
                        "the copy does not run in every iteration of the loop");
      break;
    }
    LLVMValueRef buffer = ferry_strip_pointer(site->destination);
    if (!LLVMIsAGlobalVariable(buffer) ||
        LLVMGetPointerAddressSpace(LLVMTypeOf(buffer)) != FERRY_ADDRSPACE_SHARED) {
      ok = ferry_refuse(reason, reason_size, "the destination is not a __shared__ array");
      break;
    }
    bool dynamic = LLVMIsDeclaration(buffer);
    bool relocated = dynamic && ferry_dynamic_ring_relocates(fn);
    if (dynamic && !relocated && !ferry_dynamic_shared_hint(fn, &p->dynamic_bytes, reason, reason_size)) {
      ok = false;
      break;
    }
    for (size_t r = 0; r < p->ring_count; r++)
      if (p->rings[r].buffer == buffer || (dynamic && p->rings[r].dynamic))
        ok = ferry_refuse(reason, reason_size, "two copies write the same shared array");
    if (!ok)
      break;
    /* Every extern __shared__ array starts at the same address: another
     * would overlap the ring. */
    if (dynamic && ferry_shared_array_besides(fn, buffer, true)) {
      ok = ferry_refuse(reason, reason_size, "the kernel uses another extern __shared__ array, "
                                             "which shares the dynamic memory of the ring");
      break;
    }
    p->ring_of_copy[c] = p->ring_count;
    p->rings[p->ring_count++] = (struct ring){
        .buffer = buffer, .type = LLVMGlobalGetValueType(buffer),
        .align = LLVMGetAlignment(buffer), .dynamic = dynamic, .relocated = relocated,
        .stage_bytes = dynamic ? 0 : LLVMABISizeOfType(LLVMGetModuleDataLayout(module),
                                                       LLVMGlobalGetValueType(buffer))};
    /* A copy loop's destination moves with its counter, the same in every
     * iteration of this loop (pipeline_copy_loop.c). */
    if (!p->copy_loop && !ferry_loop_invariant(loop, site->destination, 0)) {
      ok = ferry_refuse(reason, reason_size,
                        "the copy's destination changes from one iteration to the next");
      break;
    }
    if (!p->copy_loop && !computed_before_loop(loop, site->destination)) {
      ok = ferry_refuse(reason, reason_size, "the copy's destination is computed inside the "
                                             "loop, where the prologue cannot reach it");
      break;
    }
    ok = collect_cone(p, loops, loop, site->source, 0, "the source address", reason, reason_size);
    if (ok && site->merged)
      ok = check_guard(p, loops, loop, c, reason, reason_size);
    if (ok && site->read_back)
      ok = check_read_back(loop, site, reason, reason_size);
  }
  for (size_t r = 0; ok && r < p->ring_count; r++)
    ok = collect_uses(p, loop, p->rings[r].buffer, r, 0, reason, reason_size);
  for (size_t r = 0; ok && r < p->ring_count; r++)
    if (p->rings[r].dynamic)
      ok = bound_dynamic_stage(p, affine, fn, r, reason, reason_size);
  /* The compute reads slot i mod S: it must come after the barrier where
   * iteration i's copy is complete. An access before it, in the same
   * iteration, would be reading the previous iteration's data. */
  for (size_t i = 0; ok && i < p->rebased.count; i++) {
    const struct rebased_use *use = p->rebased.items[i];
    if (!ferry_instruction_dominates(dominators, p->barrier, use->load))
      ok = ferry_refuse(reason, reason_size,
                        "the loop uses the shared array before the copy's barrier");
    else if (!barrier_before_iteration_ends(loop, use->load))
      ok = ferry_refuse(reason, reason_size,
                        "the loop reads the shared array with no barrier between that read and "
                        "the end of the iteration, where the ring issues a later iteration's "
                        "copy into the slot read (other threads may still be reading it)");
  }

  /* Iteration i+S-1's source is read during iteration i: nothing in the
   * loop may write any source, or a check before the loop must show that
   * nothing it writes is read (pipeline_ranges.c). */
  ok = ok && ferry_pipeline_check_writes(p, affine, loop, reason, reason_size);
  ok = ok && ferry_pipeline_plan_global_test(p, loop, reason, reason_size);
  /* A copy of heavy reuse pays only in a ring checked once before the
   * loop (cost_model.h). */
  if (ok) {
    char *why = p->report.version_refusal;
    bool versioned =
        ferry_pipeline_plan_version(p, affine, loop, why, sizeof p->report.version_refusal);
    if (p->reuse_heavy && !versioned)
      ok = ferry_refuse(reason, reason_size,
                        "the compute reads the copied bytes many times (cost model): only a "
                        "ring of 16-byte chunks checked once before the loop pays there, and %s",
                        why[0] ? why : "a copy has no block-collective form");
  }
  if (ok)
    choose_launch_ring(p, fn);
  ok = ok && ferry_pipeline_choose_stages(p, module, planned, reason, reason_size);
  ok = ok && ferry_pipeline_copy_loop_plain(p, reason, reason_size);
  if (ok)
    ferry_pipeline_plan_one_barrier(p, loop);
  if (!ok) {
    ferry_pipeline_free(p);
    return NULL;
  }
  /* The rest of the report (pipeline.h): a versioned ring has no version
   * refusal to tell. */
  if (p->versioned)
    p->report.version_refusal[0] = '\0';
  p->report.range_stores = ferry_pipeline_range_stores(p);
  return p;
}
