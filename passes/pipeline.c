/* ferry's software pipeliner: copy loops become S-stage rings.
 *
 * Matches a loop with a preheader and one latch, which is also its only
 * exit, ending in `br (icmp iv.next, bound)` where the loop continues while
 * iv.next != bound (iv counting by one), or < or <= bound (signed or
 * unsigned; iv counting by any positive constant, without wrapping), with
 * bound loop-invariant; whose converted copies all wait at one consumer
 * barrier inside the loop; each copy writing, at the same place every
 * iteration, its own static shared array, which the loop otherwise only
 * reads; each source address a pure function of the loop's induction
 * variables (constant or loop-invariant steps) and loop-invariant values;
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
 * what N blocks may each have of a multiprocessor; or what the kernel's
 * annotate("ferry:stages=N") or -ferry-stages asks. Refuses, with a reason,
 * whatever it has not proved. */
#include "pipeline_plan.h"

#include "address_space.h"
#include "bridge.h"
#include "copy_emit.h"
#include "ir_build.h"

#include <stdio.h>
#include <stdlib.h>

unsigned ferry_pipeline_stages(const struct ferry_pipeline *p) { return p->stages; }
const char *ferry_pipeline_stage_reason(const struct ferry_pipeline *p) { return p->stage_reason; }
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
  ferry_map_free(&p->step_values);
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
  switch (ferry_opcode_of(value)) {
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
  } else if (ferry_map_get(&p->step_values, value, &step)) {
    intptr_t start;
    ferry_map_get(&p->starts, value, &start);
    LLVMValueRef base = prologue ? (LLVMValueRef)start : value;
    LLVMValueRef step_value = (LLVMValueRef)step;
    result = distance ? LLVMBuildAdd(builder, base,
                                     LLVMBuildMul(builder, step_value,
                                                  LLVMConstInt(LLVMTypeOf(value), distance, false),
                                                  ""),
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

/* Whether iteration i+distance runs, given the counter's value at i: its
 * counter, counter + distance * step, still passes the loop's test (the
 * counter only grows, see trip_form_handled in pipeline_check.c). */
static LLVMValueRef runs_ahead(const struct ferry_pipeline *p, LLVMBuilderRef builder,
                               LLVMValueRef counter, unsigned distance) {
  LLVMTypeRef type = LLVMTypeOf(p->bound);
  LLVMIntPredicate test = p->continue_while;
  if (p->step == 1 && (test == LLVMIntNE || test == LLVMIntULT || test == LLVMIntSLT)) {
    /* bound - counter > distance, in the counter's own width. */
    LLVMValueRef remaining = LLVMBuildSub(builder, p->bound, counter, "");
    LLVMValueRef more = LLVMBuildICmp(builder, LLVMIntUGT, remaining,
                                      LLVMConstInt(type, distance, false), "");
    if (test == LLVMIntNE)
      return more;
    LLVMIntPredicate ahead = test == LLVMIntULT ? LLVMIntUGT : LLVMIntSGT;
    return LLVMBuildAnd(builder, LLVMBuildICmp(builder, ahead, p->bound, counter, ""), more,
                        "ferry.runs");
  }
  /* A counter of 32 bits or less, in 64 bits: nothing wraps. */
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(type));
  bool is_signed = test == LLVMIntSLT || test == LLVMIntSLE;
  LLVMValueRef wide_counter = is_signed ? LLVMBuildSExt(builder, counter, i64, "")
                                        : LLVMBuildZExt(builder, counter, i64, "");
  LLVMValueRef wide_bound = is_signed ? LLVMBuildSExt(builder, p->bound, i64, "")
                                      : LLVMBuildZExt(builder, p->bound, i64, "");
  LLVMValueRef ahead = LLVMBuildAdd(
      builder, wide_counter, LLVMConstInt(i64, (unsigned long long)(p->step * (int64_t)distance), false), "");
  bool strict = test == LLVMIntSLT || test == LLVMIntULT;
  return LLVMBuildICmp(builder, strict ? LLVMIntSLT : LLVMIntSLE, ahead, wide_bound, "ferry.runs");
}

static LLVMValueRef first_non_phi(LLVMBasicBlockRef block) {
  LLVMValueRef inst = LLVMGetFirstInstruction(block);
  while (inst && LLVMIsAPHINode(inst))
    inst = LLVMGetNextInstruction(inst);
  return inst;
}

static LLVMValueRef slot(LLVMBuilderRef builder, const struct ring *ring, unsigned stages,
                         LLVMValueRef index) {
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(index));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  if (ring->dynamic) {
    LLVMValueRef offset = LLVMBuildMul(builder, index, LLVMConstInt(i32, ring->stage_bytes, false), "");
    return LLVMBuildGEP2(builder, LLVMInt8TypeInContext(context), ring->buffer, &offset, 1,
                         "ferry.slot");
  }
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
  /* The proof that destination rows are aligned was made for the array;
   * a slot of the ring keeps it only if the slots lie a multiple of 16
   * bytes apart from a 16-byte aligned ring (a dynamic ring's base
   * alignment is the launch's, unknown here). */
  if (ring->dynamic || ring->stage_bytes % 16 != 0)
    form.destination_rows_aligned = false;
  if (form.source_index)
    form.source_index = value_at(p, builder, form.source_index, distance, prologue, &made);
  ferry_map_free(&made);
  ferry_emit_copy(module, builder, anchor, destination, source, &form, guard);
}

/* A dynamic ring trusts the kernel's hint: a launch with less dynamic
 * shared memory than the ring needs would overrun it, so the preheader
 * traps then (before any copy is issued) rather than compute wrong
 * results. */
static void check_dynamic_size(LLVMModuleRef module, LLVMBuilderRef builder,
                               const struct ferry_pipeline *p) {
  unsigned long long needed = 0;
  for (size_t r = 0; r < p->ring_count; r++)
    if (p->rings[r].dynamic)
      needed += p->stages * p->rings[r].stage_bytes;
  if (!needed)
    return;
  LLVMBasicBlockRef head, rest;
  LLVMBasicBlockRef too_small = ferry_open_region(p->preheader_branch, "ferry.dynamic.too_small",
                                                  "ferry.dynamic.enough", &head, &rest);
  LLVMPositionBuilderAtEnd(builder, head);
  LLVMValueRef launched =
      ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.dynamic_smem_size", NULL, 0);
  LLVMValueRef short_of = LLVMBuildICmp(builder, LLVMIntULT, launched,
                                        LLVMConstInt(LLVMTypeOf(launched), needed, false), "");
  LLVMBuildCondBr(builder, short_of, too_small, rest);
  LLVMPositionBuilderAtEnd(builder, too_small);
  ferry_call_intrinsic(builder, module, "llvm.trap", NULL, 0);
  LLVMBuildUnreachable(builder);
}

void ferry_pipeline_apply(LLVMModuleRef module, LLVMBuilderRef builder,
                          struct ferry_pipeline *p) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  unsigned stages = p->stages;
  check_dynamic_size(module, builder, p); /* may split the preheader: first */
  LLVMBasicBlockRef preheader = LLVMGetInstructionParent(p->preheader_branch);
  LLVMBasicBlockRef latch = LLVMGetInstructionParent(p->latch_branch);

  for (size_t r = 0; r < p->ring_count; r++) {
    struct ring *ring = &p->rings[r];
    if (ring->dynamic)
      continue;
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

  /* The compute reads this iteration's slot. */
  for (size_t i = 0; i < p->rebased.count; i++) {
    struct rebased_use *use = p->rebased.items[i];
    const struct ring *ring = &p->rings[use->ring];
    LLVMPositionBuilderBefore(builder, use->load);
    LLVMSetOperand(use->load, 0,
                   rebase(builder, LLVMGetOperand(use->load, 0), ring->buffer,
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
