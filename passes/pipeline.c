/* ferry's software pipeliner: copy loops become S-stage rings.
 *
 * Matches a loop with a preheader and one latch, which is also its only
 * exit, ending in `br (icmp iv.next, bound)` where iv counts by one and the
 * loop continues while iv.next != bound, < bound (signed or unsigned), with
 * bound loop-invariant; whose converted copies all wait at one consumer
 * barrier inside the loop; each copy writing, at the same place every
 * iteration, its own static shared array, which the loop otherwise only
 * reads; each source address a pure
 * function of the loop's induction variables and loop-invariant values;
 * and nothing in the loop that may write a source. Every iteration must
 * run the copies, and every access to the arrays must follow the barrier.
 *
 * Emits: for each array, a ring of S copies ([S x T], 16-byte aligned); an
 * iteration counter; a prologue in the preheader issuing iterations 0..S-2
 * into slots 0..S-2, one commit group each, every issue past the first
 * guarded by the trip count; in the loop, the copy of iteration i+S-1 into
 * slot (i+S-1) mod S (guarded), the loads and stores of the compute
 * redirected to slot i mod S, and commit + wait_group S-1 before the
 * consumer barrier (placed by the caller); a wait for everything at the
 * exit. The barrier that ended iteration i-1's compute is what frees slot
 * (i-1) mod S for iteration i's issue: copy_site.c proved it is there.
 *
 * S is the largest power of two up to 16 whose ring stays within 16 KiB of
 * shared memory per block, within the 48 KiB static limit with the
 * kernel's other static arrays, and, under __launch_bounds__(t, N), within
 * what N blocks may each have of a multiprocessor; or -ferry-stages. Refuses, with a reason, whatever
 * it has not proved. */
#include "pipeline.h"

#include "address_space.h"
#include "barrier.h"
#include "bridge.h"
#include "copy_emit.h"
#include "ir_build.h"
#include "memory.h"
#include "target.h"
#include "util.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Stages: chosen up to AUTO_STAGES, forced (-ferry-stages) up to MAX_STAGES.
 * Sixteen 1 KiB stages measured best on an H100 (bench/: 83/96/93/92% of
 * the copy roof at 1/2/4/8 blocks per SM, against 70/87/91/93% with 8). */
enum { MAX_COPIES = 8, AUTO_STAGES = 16, MAX_STAGES = 16, RING_BUDGET = 16 * 1024,
       STATIC_LIMIT = 48 * 1024, BLOCK_RESERVE = 1024 };

/* Shared memory of one multiprocessor, as a kernel may use it. */
static unsigned long long sm_shared_capacity(struct ferry_target target) {
  if (target.sm >= 90)
    return 228 * 1024;
  if (target.sm == 80)
    return 164 * 1024;
  return 100 * 1024;
}

/* __launch_bounds__(threads, N): N blocks must fit on a multiprocessor. */
static unsigned long long launch_bound_allowance(LLVMValueRef fn) {
  LLVMAttributeRef attribute = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, "nvvm.minctasm", 13);
  if (!attribute)
    return 0;
  unsigned length;
  const char *text = LLVMGetStringAttributeValue(attribute, &length);
  unsigned long long blocks = strtoull(text, NULL, 10);
  if (!blocks)
    return 0;
  unsigned long long per_block = sm_shared_capacity(ferry_function_target(fn)) / blocks;
  return per_block > BLOCK_RESERVE ? per_block - BLOCK_RESERVE : 1;
}

struct ring {
  LLVMValueRef buffer;       /* the original array */
  LLVMTypeRef type;          /* its value type */
  unsigned align;
  LLVMValueRef ring;         /* [S x type], made by apply */
  LLVMValueRef compute_slot; /* slot i mod S, made by apply */
  LLVMValueRef issue_slot;   /* slot (i+S-1) mod S, made by apply */
};

struct rebased_use {
  LLVMValueRef user;
  unsigned operand;
  size_t ring;
};

struct ferry_pipeline {
  unsigned stages;
  LLVMBasicBlockRef header;
  LLVMValueRef preheader_branch;
  LLVMValueRef latch_branch;
  LLVMBasicBlockRef exit;
  LLVMValueRef barrier;
  LLVMValueRef iv;           /* the counting phi */
  LLVMValueRef iv_start;
  LLVMValueRef bound;
  LLVMIntPredicate continue_while; /* LLVMIntNE, LLVMIntULT or LLVMIntSLT */
  struct ring rings[MAX_COPIES];
  size_t ring_count;
  struct ferry_pipeline_copy copies[MAX_COPIES];
  size_t ring_of_copy[MAX_COPIES];
  size_t count;
  struct ferry_vec rebased;  /* struct rebased_use * */
  struct ferry_vec chains;   /* GEP/cast instructions between a buffer and its uses */
  struct ferry_map cone;     /* loop instructions sources depend on -> 1 */
  struct ferry_map steps;    /* induction phi -> step */
  struct ferry_map starts;   /* induction phi -> start value */
};

static bool in_loop(const struct ferry_loop *loop, LLVMValueRef value) {
  return LLVMIsAInstruction(value) &&
         ferry_loop_contains(loop, LLVMGetInstructionParent(value));
}

static LLVMOpcode opcode_of(LLVMValueRef value) {
  if (LLVMIsAInstruction(value))
    return LLVMGetInstructionOpcode(value);
  if (LLVMIsAConstantExpr(value))
    return LLVMGetConstOpcode(value);
  return 0;
}

static bool forwards_pointer(LLVMValueRef value) {
  LLVMOpcode opcode = opcode_of(value);
  return opcode == LLVMGetElementPtr || opcode == LLVMAddrSpaceCast || opcode == LLVMBitCast;
}

static LLVMIntPredicate swapped(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntULT: return LLVMIntUGT;
  case LLVMIntUGT: return LLVMIntULT;
  case LLVMIntULE: return LLVMIntUGE;
  case LLVMIntUGE: return LLVMIntULE;
  case LLVMIntSLT: return LLVMIntSGT;
  case LLVMIntSGT: return LLVMIntSLT;
  case LLVMIntSLE: return LLVMIntSGE;
  case LLVMIntSGE: return LLVMIntSLE;
  default: return p;
  }
}

static LLVMIntPredicate inverse(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ: return LLVMIntNE;
  case LLVMIntNE: return LLVMIntEQ;
  case LLVMIntULT: return LLVMIntUGE;
  case LLVMIntUGE: return LLVMIntULT;
  case LLVMIntUGT: return LLVMIntULE;
  case LLVMIntULE: return LLVMIntUGT;
  case LLVMIntSLT: return LLVMIntSGE;
  case LLVMIntSGE: return LLVMIntSLT;
  case LLVMIntSGT: return LLVMIntSLE;
  case LLVMIntSLE: return LLVMIntSGT;
  }
  return p;
}

/* The latch must be `br (icmp iv.next, bound), header, exit` (or swapped),
 * with iv an induction variable of step 1. */
static bool check_trip(struct ferry_pipeline *p, const struct ferry_loops *loops,
                       const struct ferry_loop *loop, char *reason, size_t size) {
  if (!loop->preheader)
    return ferry_refuse(reason, size, "the loop has no preheader");
  if (loop->latches.count != 1 || loop->exiting.count != 1 ||
      loop->exiting.items[0] != loop->latches.items[0])
    return ferry_refuse(reason, size, "the loop has more than one latch or exit");
  LLVMBasicBlockRef latch = loop->latches.items[0];
  LLVMValueRef branch = LLVMGetBasicBlockTerminator(latch);
  if (!LLVMIsABranchInst(branch) || !LLVMIsConditional(branch))
    return ferry_refuse(reason, size, "the loop does not end in a conditional branch");
  LLVMValueRef compare = LLVMGetCondition(branch);
  if (!LLVMIsAICmpInst(compare))
    return ferry_refuse(reason, size, "the loop's exit condition is not an integer comparison");
  bool continue_on_true = LLVMGetSuccessor(branch, 0) == loop->header;
  p->exit = LLVMGetSuccessor(branch, continue_on_true ? 1 : 0);
  LLVMIntPredicate predicate = LLVMGetICmpPredicate(compare);
  for (unsigned side = 0; side < 2; side++) {
    LLVMValueRef counter = LLVMGetOperand(compare, side);
    LLVMValueRef bound = LLVMGetOperand(compare, 1 - side);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(loop->header); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
      struct ferry_induction induction;
      if (!ferry_induction_variable(loops, phi, &induction) || induction.loop != loop ||
          induction.increment != counter || induction.step != 1 || in_loop(loop, bound))
        continue;
      LLVMIntPredicate continue_while = side ? swapped(predicate) : predicate;
      if (!continue_on_true)
        continue_while = inverse(continue_while);
      if (continue_while != LLVMIntNE && continue_while != LLVMIntULT &&
          continue_while != LLVMIntSLT)
        return ferry_refuse(reason, size, "the loop's trip count has a form not handled");
      p->iv = phi;
      p->iv_start = induction.start;
      p->bound = bound;
      p->continue_while = continue_while;
      p->header = loop->header;
      p->preheader_branch = LLVMGetBasicBlockTerminator(loop->preheader);
      p->latch_branch = branch;
      return true;
    }
  }
  return ferry_refuse(reason, size, "the loop is not counted by an induction variable of step 1");
}

/* Walks the users of a buffer through GEPs and casts: every load or store
 * reached must be in the loop (its pointer operand is then redirected to a
 * slot); anything else lets the address escape. */
static bool collect_uses(struct ferry_pipeline *p, const struct ferry_loop *loop,
                         LLVMValueRef value, size_t ring, int depth, char *reason, size_t size) {
  if (depth > 32)
    return ferry_refuse(reason, size, "the shared array is reached through too long a chain");
  for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (forwards_pointer(user) && LLVMGetOperand(user, 0) == value) {
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
    unsigned operand = 0;
    if (!in_loop(loop, user))
      return ferry_refuse(reason, size, "the shared array is used outside the loop");
    struct rebased_use *rebased = ferry_xmalloc(sizeof *rebased);
    *rebased = (struct rebased_use){user, operand, ring};
    ferry_vec_push(&p->rebased, rebased);
  }
  return true;
}

/* The same in every iteration: no phi, load or call of the loop on the way.
 * The ring's slot replaces the array, the rest of the address is reused. */
static bool loop_invariant(const struct ferry_loop *loop, LLVMValueRef value, int depth) {
  if (!in_loop(loop, value))
    return true;
  if (depth > 64 || LLVMIsAPHINode(value) || LLVMIsALoadInst(value) || LLVMIsACallInst(value))
    return false;
  unsigned operands = (unsigned)LLVMGetNumOperands(value);
  for (unsigned i = 0; i < operands; i++)
    if (!loop_invariant(loop, LLVMGetOperand(value, i), depth + 1))
      return false;
  return true;
}

/* The loop instructions a source address depends on must be pure
 * arithmetic over induction variables and loop-invariant values. */
static bool collect_cone(struct ferry_pipeline *p, const struct ferry_loops *loops,
                         const struct ferry_loop *loop, LLVMValueRef value, int depth,
                         char *reason, size_t size) {
  if (!in_loop(loop, value) || ferry_map_get(&p->cone, value, NULL))
    return true;
  if (depth > 64)
    return ferry_refuse(reason, size, "the source address is too deep an expression");
  if (LLVMIsAPHINode(value)) {
    struct ferry_induction induction;
    if (!ferry_induction_variable(loops, value, &induction) || induction.loop != loop)
      return ferry_refuse(reason, size, "the source address depends on a value carried "
                                  "around the loop that is not an induction variable");
    ferry_map_put(&p->steps, value, (intptr_t)induction.step);
    ferry_map_put(&p->starts, value, (intptr_t)induction.start);
    ferry_map_put(&p->cone, value, 1);
    return true;
  }
  switch (LLVMGetInstructionOpcode(value)) {
  case LLVMGetElementPtr: case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl:
  case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMAddrSpaceCast: case LLVMBitCast:
    break;
  default:
    return ferry_refuse(reason, size, "the source address depends on a load, call or "
                                "other value that cannot be computed ahead");
  }
  ferry_map_put(&p->cone, value, 1);
  unsigned operands = (unsigned)LLVMGetNumOperands(value);
  for (unsigned i = 0; i < operands; i++)
    if (!collect_cone(p, loops, loop, LLVMGetOperand(value, i), depth + 1, reason, size))
      return false;
  return true;
}

/* Whether an instruction of `fn` uses `value`, directly or through
 * constant expressions. */
static bool used_in_function(LLVMValueRef value, LLVMValueRef fn, int depth) {
  for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAInstruction(user)) {
      if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == fn)
        return true;
    } else if (LLVMIsAConstantExpr(user) && depth < 8 && used_in_function(user, fn, depth + 1)) {
      return true;
    }
  }
  return false;
}

/* The static shared memory the kernel of the loop uses besides the arrays
 * being replaced: other kernels' arrays are theirs. (A device function the
 * kernel calls is not looked into; the 48 KiB check of ptxas still holds.) */
static unsigned long long static_shared_bytes(LLVMModuleRef module, LLVMTargetDataRef layout,
                                              const struct ferry_pipeline *p) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(p->latch_branch));
  unsigned long long bytes = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != FERRY_ADDRSPACE_SHARED ||
        LLVMIsDeclaration(g) || !used_in_function(g, fn, 0))
      continue;
    bool ours = false;
    for (size_t r = 0; r < p->ring_count; r++)
      ours |= p->rings[r].buffer == g;
    if (!ours)
      bytes += LLVMABISizeOfType(layout, LLVMGlobalGetValueType(g));
  }
  return bytes;
}

static bool choose_stages(struct ferry_pipeline *p, LLVMModuleRef module, char *reason,
                          size_t size) {
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(module);
  unsigned long long per_stage = 0;
  for (size_t r = 0; r < p->ring_count; r++)
    per_stage += LLVMABISizeOfType(layout, p->rings[r].type);
  unsigned long long others = static_shared_bytes(module, layout, p);
  unsigned long long allowance =
      launch_bound_allowance(LLVMGetBasicBlockParent(LLVMGetInstructionParent(p->latch_branch)));
  unsigned requested = ferry_option_stages();
  unsigned stages = requested ? requested : AUTO_STAGES;
  if (requested == 1)
    return ferry_refuse(reason, size, "pipelining is off (-ferry-stages=1)");
  if (requested && (requested > MAX_STAGES || (requested & (requested - 1))))
    return ferry_refuse(reason, size, "-ferry-stages=%u: the stages must be 2, 4, 8 or 16", requested);
  while (stages >= 2 && ((!requested && stages * per_stage > RING_BUDGET) ||
                         (!requested && allowance && others + stages * per_stage > allowance) ||
                         others + stages * per_stage > STATIC_LIMIT))
    stages /= 2;
  if (stages < 2 && others + 2 * per_stage > STATIC_LIMIT)
    return ferry_refuse(reason, size, "two stages of %llu bytes do not fit in the 48 KiB of "
                        "static shared memory", per_stage);
  if (stages < 2)
    return ferry_refuse(reason, size, "two stages of %llu bytes exceed the %d KiB a ring may "
                        "take by default (-ferry-stages=2 forces them)", per_stage,
                        RING_BUDGET / 1024);
  p->stages = stages;
  return true;
}

struct ferry_pipeline *ferry_pipeline_check(LLVMModuleRef module,
                                            struct ferry_affine_context *affine,
                                            const struct ferry_loop *loop,
                                            const struct ferry_pipeline_copy *copies,
                                            size_t count, char *reason, size_t reason_size) {
  struct ferry_pipeline *p = ferry_xcalloc(1, sizeof *p);
  const struct ferry_loops *loops = ferry_affine_loops(affine);
  const struct ferry_dominators *dominators = ferry_loops_dominators(loops);
  bool ok = count <= MAX_COPIES;
  if (!ok)
    ferry_refuse(reason, reason_size, "more than %d copies in the loop", MAX_COPIES);
  for (size_t c = 0; ok && c < count; c++)
    p->copies[p->count++] = copies[c];
  ok = ok && check_trip(p, loops, loop, reason, reason_size);

  for (size_t c = 0; ok && c < count; c++) {
    const struct ferry_copy_site *site = copies[c].site;
    if (site->consumers.barriers.count != 1 ||
        !in_loop(loop, site->consumers.barriers.items[0]) ||
        (p->barrier && p->barrier != site->consumers.barriers.items[0])) {
      ok = ferry_refuse(reason, reason_size, "the copies do not all wait at one barrier in the loop");
      break;
    }
    p->barrier = site->consumers.barriers.items[0];
    /* The copy of iteration i+S-1 is issued where iteration i copied, and
     * the prologue's unconditionally: only right if every iteration copies. */
    LLVMBasicBlockRef copy_block = LLVMGetInstructionParent(site->store);
    if (!ferry_block_dominates(dominators, copy_block, loop->latches.items[0])) {
      ok = ferry_refuse(reason, reason_size,
                        "the copy does not run in every iteration of the loop");
      break;
    }
    LLVMValueRef buffer = ferry_strip_pointer(site->destination);
    if (!LLVMIsAGlobalVariable(buffer) || LLVMIsDeclaration(buffer) ||
        LLVMGetPointerAddressSpace(LLVMTypeOf(buffer)) != FERRY_ADDRSPACE_SHARED) {
      ok = ferry_refuse(reason, reason_size, "the destination is not a static __shared__ array "
                                       "(an extern one has no size to replicate)");
      break;
    }
    for (size_t r = 0; r < p->ring_count; r++)
      if (p->rings[r].buffer == buffer)
        ok = ferry_refuse(reason, reason_size, "two copies write the same shared array");
    if (!ok)
      break;
    p->ring_of_copy[c] = p->ring_count;
    p->rings[p->ring_count++] = (struct ring){
        .buffer = buffer, .type = LLVMGlobalGetValueType(buffer),
        .align = LLVMGetAlignment(buffer)};
    if (!loop_invariant(loop, site->destination, 0)) {
      ok = ferry_refuse(reason, reason_size,
                        "the copy's destination changes from one iteration to the next");
      break;
    }
    ok = collect_cone(p, loops, loop, site->source, 0, reason, reason_size);
  }
  for (size_t r = 0; ok && r < p->ring_count; r++)
    ok = collect_uses(p, loop, p->rings[r].buffer, r, 0, reason, reason_size);
  /* The compute reads slot i mod S: it must come after the barrier where
   * iteration i's copy is complete. An access before it, in the same
   * iteration, would be reading the previous iteration's data. */
  for (size_t i = 0; ok && i < p->rebased.count; i++) {
    const struct rebased_use *use = p->rebased.items[i];
    if (!ferry_instruction_dominates(dominators, p->barrier, use->user))
      ok = ferry_refuse(reason, reason_size,
                        "the loop uses the shared array before the copy's barrier");
  }

  /* Iteration i+S-1's source is read during iteration i: nothing in the
   * loop may write any source. */
  for (size_t b = 0; ok && b < loop->blocks.count; b++)
    for (LLVMValueRef inst = LLVMGetFirstInstruction(loop->blocks.items[b]); ok && inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (ferry_classify_sync(inst) == FERRY_SYNC_CTA_BARRIER)
        continue;
      for (size_t c = 0; ok && c < count; c++)
        if (inst != copies[c].site->store && ferry_may_write(inst, copies[c].site->source))
          ok = ferry_refuse(reason, reason_size,
                      "the loop may write the source (mark the pointers __restrict__ "
                      "if they never overlap)");
    }
  ok = ok && choose_stages(p, module, reason, reason_size);
  if (!ok) {
    ferry_pipeline_free(p);
    return NULL;
  }
  return p;
}

unsigned ferry_pipeline_stages(const struct ferry_pipeline *p) { return p->stages; }
LLVMValueRef ferry_pipeline_barrier(const struct ferry_pipeline *p) { return p->barrier; }

void ferry_pipeline_free(struct ferry_pipeline *p) {
  if (!p)
    return;
  for (size_t i = 0; i < p->rebased.count; i++)
    free(p->rebased.items[i]);
  ferry_vec_free(&p->rebased);
  ferry_vec_free(&p->chains);
  ferry_map_free(&p->cone);
  ferry_map_free(&p->steps);
  ferry_map_free(&p->starts);
  free(p);
}

/* `value` (a pointer into `buffer`, through GEPs and casts) with the buffer
 * replaced by `base`, built at the builder's position. */
static LLVMValueRef rebase(LLVMBuilderRef builder, LLVMValueRef value, LLVMValueRef buffer,
                           LLVMValueRef base) {
  if (value == buffer)
    return base;
  LLVMValueRef from = rebase(builder, LLVMGetOperand(value, 0), buffer, base);
  switch (opcode_of(value)) {
  case LLVMGetElementPtr: {
    unsigned count = (unsigned)LLVMGetNumOperands(value) - 1;
    LLVMValueRef indices[16];
    if (count > 16)
      count = 16; /* collect_uses never accepts deeper GEPs than LLVM prints */
    for (unsigned i = 0; i < count; i++)
      indices[i] = LLVMGetOperand(value, i + 1);
    return LLVMBuildGEP2(builder, LLVMGetGEPSourceElementType(value), from, indices, count, "");
  }
  case LLVMAddrSpaceCast:
    if (LLVMTypeOf(from) == LLVMTypeOf(value))
      return from;
    return LLVMBuildAddrSpaceCast(builder, from, LLVMTypeOf(value), "");
  default: /* bitcast: pointers are opaque */
    return from;
  }
}

/* `value`, a source address or part of one, as iteration i+distance
 * computes it (prologue: i = 0, so induction variables start from their
 * start values); cloned at the builder's position. */
static LLVMValueRef value_at(struct ferry_pipeline *p, LLVMBuilderRef builder,
                             LLVMValueRef value, unsigned distance, bool prologue,
                             struct ferry_map *made) {
  intptr_t known;
  if (!ferry_map_get(&p->cone, value, NULL))
    return value;
  if (ferry_map_get(made, value, &known))
    return (LLVMValueRef)known;
  LLVMValueRef result;
  intptr_t step;
  if (ferry_map_get(&p->steps, value, &step)) {
    intptr_t start;
    ferry_map_get(&p->starts, value, &start);
    LLVMValueRef base = prologue ? (LLVMValueRef)start : value;
    result = distance ? LLVMBuildAdd(builder, base,
                                     LLVMConstInt(LLVMTypeOf(value),
                                                  (unsigned long long)(step * (intptr_t)distance),
                                                  true),
                                     "ferry.ahead")
                      : base;
  } else {
    result = LLVMInstructionClone(value);
    unsigned operands = (unsigned)LLVMGetNumOperands(value);
    for (unsigned i = 0; i < operands; i++)
      LLVMSetOperand(result, i, value_at(p, builder, LLVMGetOperand(value, i), distance,
                                         prologue, made));
    LLVMInsertIntoBuilder(builder, result);
  }
  ferry_map_put(made, value, (intptr_t)result);
  return result;
}

/* Whether iteration i+distance runs, given the counter's value at i. */
static LLVMValueRef runs_ahead(const struct ferry_pipeline *p, LLVMBuilderRef builder,
                               LLVMValueRef counter, unsigned distance) {
  LLVMTypeRef type = LLVMTypeOf(p->bound);
  LLVMValueRef remaining = LLVMBuildSub(builder, p->bound, counter, "");
  LLVMValueRef more = LLVMBuildICmp(builder, LLVMIntUGT, remaining,
                                    LLVMConstInt(type, distance, false), "");
  if (p->continue_while == LLVMIntNE)
    return more;
  LLVMIntPredicate ahead = p->continue_while == LLVMIntULT ? LLVMIntUGT : LLVMIntSGT;
  return LLVMBuildAnd(builder, LLVMBuildICmp(builder, ahead, p->bound, counter, ""), more,
                      "ferry.runs");
}

static LLVMValueRef first_non_phi(LLVMBasicBlockRef block) {
  LLVMValueRef inst = LLVMGetFirstInstruction(block);
  while (inst && LLVMIsAPHINode(inst))
    inst = LLVMGetNextInstruction(inst);
  return inst;
}

static LLVMValueRef slot(LLVMBuilderRef builder, const struct ring *ring, unsigned stages,
                         LLVMValueRef index) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(index)));
  LLVMValueRef indices[2] = {LLVMConstInt(i32, 0, false), index};
  return LLVMBuildGEP2(builder, LLVMArrayType2(ring->type, stages), ring->ring, indices, 2,
                       "ferry.slot");
}

static void issue_stage(LLVMModuleRef module, LLVMBuilderRef builder, struct ferry_pipeline *p,
                        size_t c, LLVMValueRef anchor, LLVMValueRef destination_base,
                        unsigned distance, bool prologue, LLVMValueRef guard) {
  const struct ferry_copy_site *site = p->copies[c].site;
  struct ring *ring = &p->rings[p->ring_of_copy[c]];
  struct ferry_map made = {0};
  LLVMPositionBuilderBefore(builder, anchor);
  LLVMValueRef source = value_at(p, builder, site->source, distance, prologue, &made);
  LLVMValueRef destination = rebase(builder, site->destination, ring->buffer, destination_base);
  struct ferry_copy_form form = p->copies[c].form;
  if (form.source_index)
    form.source_index = value_at(p, builder, form.source_index, distance, prologue, &made);
  ferry_map_free(&made);
  ferry_emit_copy(module, builder, anchor, destination, source, &form, guard);
}

void ferry_pipeline_apply(LLVMModuleRef module, LLVMBuilderRef builder,
                          struct ferry_pipeline *p) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  unsigned stages = p->stages;
  LLVMBasicBlockRef preheader = LLVMGetInstructionParent(p->preheader_branch);
  LLVMBasicBlockRef latch = LLVMGetInstructionParent(p->latch_branch);

  for (size_t r = 0; r < p->ring_count; r++) {
    struct ring *ring = &p->rings[r];
    LLVMTypeRef type = LLVMArrayType2(ring->type, stages);
    size_t length;
    const char *name = LLVMGetValueName2(ring->buffer, &length);
    char ring_name[256];
    snprintf(ring_name, sizeof ring_name, "%.*s.ferry.ring", (int)length, name);
    ring->ring = LLVMAddGlobalInAddressSpace(module, type, ring_name, FERRY_ADDRSPACE_SHARED);
    LLVMSetInitializer(ring->ring, LLVMGetPoison(type));
    LLVMSetLinkage(ring->ring, LLVMInternalLinkage);
    LLVMSetAlignment(ring->ring, ring->align > 16 ? ring->align : 16);
  }

  /* The iteration counter and this iteration's slots. */
  LLVMPositionBuilder(builder, p->header, LLVMGetFirstInstruction(p->header));
  LLVMValueRef iteration = LLVMBuildPhi(builder, i32, "ferry.iteration");
  LLVMPositionBuilderBefore(builder, p->latch_branch);
  LLVMValueRef next = LLVMBuildAdd(builder, iteration, LLVMConstInt(i32, 1, false), "");
  LLVMValueRef incoming[2] = {LLVMConstInt(i32, 0, false), next};
  LLVMBasicBlockRef from[2] = {preheader, latch};
  LLVMAddIncoming(iteration, incoming, from, 2);
  LLVMPositionBuilderBefore(builder, first_non_phi(p->header));
  LLVMValueRef mask = LLVMConstInt(i32, stages - 1, false);
  LLVMValueRef compute_index = LLVMBuildAnd(builder, iteration, mask, "ferry.slot.compute");
  LLVMValueRef issue_index = LLVMBuildAnd(
      builder, LLVMBuildAdd(builder, iteration, mask, ""), mask, "ferry.slot.issue");
  for (size_t r = 0; r < p->ring_count; r++) {
    p->rings[r].compute_slot = slot(builder, &p->rings[r], stages, compute_index);
    p->rings[r].issue_slot = slot(builder, &p->rings[r], stages, issue_index);
  }

  /* The compute reads (and writes) this iteration's slot. */
  for (size_t i = 0; i < p->rebased.count; i++) {
    struct rebased_use *use = p->rebased.items[i];
    const struct ring *ring = &p->rings[use->ring];
    LLVMPositionBuilderBefore(builder, use->user);
    LLVMSetOperand(use->user, use->operand,
                   rebase(builder, LLVMGetOperand(use->user, use->operand), ring->buffer,
                          ring->compute_slot));
  }

  /* Each iteration issues the copy of iteration i+S-1. */
  for (size_t c = 0; c < p->count; c++) {
    const struct ferry_copy_site *site = p->copies[c].site;
    LLVMPositionBuilderBefore(builder, site->store);
    LLVMValueRef guard = runs_ahead(p, builder, p->iv, stages - 1);
    issue_stage(module, builder, p, c, site->store, p->rings[p->ring_of_copy[c]].issue_slot,
                stages - 1, false, guard);
    LLVMInstructionEraseFromParent(site->store);
    if (site->load)
      LLVMInstructionEraseFromParent(site->load);
  }

  /* The prologue fills slots 0..S-2, one commit group per stage. */
  for (unsigned k = 0; k + 1 < stages; k++) {
    for (size_t c = 0; c < p->count; c++) {
      LLVMPositionBuilderBefore(builder, p->preheader_branch);
      LLVMValueRef guard = k ? runs_ahead(p, builder, p->iv_start, k) : NULL;
      LLVMValueRef base = slot(builder, &p->rings[p->ring_of_copy[c]], stages,
                               LLVMConstInt(i32, k, false));
      issue_stage(module, builder, p, c, p->preheader_branch, base, k, true, guard);
    }
    LLVMPositionBuilderBefore(builder, p->preheader_branch);
    ferry_call_intrinsic(builder, module, "llvm.nvvm.cp.async.commit.group", NULL, 0);
  }

  /* Whatever is still in flight (issued for iterations that never ran)
   * lands before the loop's exit goes on. */
  LLVMPositionBuilderBefore(builder, first_non_phi(p->exit));
  ferry_call_intrinsic(builder, module, "llvm.nvvm.cp.async.wait.all", NULL, 0);

  /* The original arrays and the address chains into them are now unused. */
  for (bool erased = true; erased;) {
    erased = false;
    for (size_t i = 0; i < p->chains.count; i++) {
      LLVMValueRef chain = p->chains.items[i];
      if (chain && !LLVMGetFirstUse(chain)) {
        LLVMInstructionEraseFromParent(chain);
        p->chains.items[i] = NULL;
        erased = true;
      }
    }
  }
  for (size_t r = 0; r < p->ring_count; r++)
    ferry_erase_global_if_unused(p->rings[r].buffer);
  ferry_pipeline_free(p);
}
