/* The values of a pipelined loop (pipeline_plan.h): a source address as a
 * later iteration computes it, the steps of phis, and the plan's accessors
 * (the counter's tests ahead and the last iteration are the counted
 * loop's: counted_loop.h). What the check (pipeline_check.c), the range check
 * (pipeline_ranges.c), the version (pipeline_version.c) and the rewrite
 * (pipeline.c) all read: each of them depends on this file and none on
 * another's rewrite. */
#include "pipeline_plan.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>

unsigned ferry_pipeline_stages(const struct ferry_pipeline *p) { return p->stages; }
bool ferry_pipeline_launch_stages(const struct ferry_pipeline *p) {
  return p->launch_stages && !p->in_flight_stages;
}
bool ferry_pipeline_in_flight_stages(const struct ferry_pipeline *p) {
  return p->in_flight_stages;
}
bool ferry_pipeline_rings_static(const struct ferry_pipeline *p) {
  for (size_t r = 0; r < p->ring_count; r++)
    if (p->rings[r].dynamic)
      return false;
  return true;
}
/* Not in a copy loop (its copies issue where they stand), nor where the
 * compute reads the copied bytes many times (pipeline.c, issue_at_top). */
bool ferry_pipeline_issues_at_end(const struct ferry_pipeline *p) {
  return !p->copy_loop && !p->reuse_heavy;
}
unsigned ferry_pipeline_one_barrier_from(const struct ferry_pipeline *p) {
  return p->trailing_barrier ? p->one_barrier_from : 0;
}
LLVMMetadataRef ferry_pipeline_trailing_location(const struct ferry_pipeline *p) {
  return p->trailing_barrier ? LLVMInstructionGetDebugLoc(p->trailing_barrier) : NULL;
}
bool ferry_pipeline_versioned(const struct ferry_pipeline *p) { return p->versioned; }
const struct ferry_pipeline_report *ferry_pipeline_report(const struct ferry_pipeline *p) {
  return &p->report;
}

LLVMValueRef ferry_pipeline_rebase(LLVMBuilderRef builder, LLVMValueRef value,
                                   LLVMValueRef buffer, LLVMValueRef base) {
  if (value == buffer)
    return base;
  LLVMValueRef from = ferry_pipeline_rebase(builder, LLVMGetOperand(value, 0), buffer, base);
  switch (ferry_opcode_of(value)) {
  case LLVMGetElementPtr: { /* every index, however many */
    unsigned count = (unsigned)LLVMGetNumOperands(value) - 1;
    LLVMValueRef *indices = ferry_xmalloc((count ? count : 1) * sizeof *indices);
    for (unsigned i = 0; i < count; i++)
      indices[i] = LLVMGetOperand(value, i + 1);
    LLVMValueRef rebased =
        LLVMBuildGEP2(builder, LLVMGetGEPSourceElementType(value), from, indices, count, "");
    free(indices);
    return rebased;
  }
  case LLVMAddrSpaceCast:
    if (LLVMTypeOf(from) == LLVMTypeOf(value))
      return from;
    return LLVMBuildAddrSpaceCast(builder, from, LLVMTypeOf(value), "");
  default: /* bitcast: pointers are opaque */
    return from;
  }
}

/* ferry_pipeline_value_at, the distance a constant or, with
 * `distance_value`, that value (computed before the loop). */
LLVMValueRef ferry_pipeline_value_ahead(const struct ferry_pipeline *p, LLVMBuilderRef builder,
                                        LLVMValueRef value, unsigned distance,
                                        LLVMValueRef distance_value, bool prologue,
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
    if (distance_value)
      result = LLVMBuildAdd(builder, base,
                            LLVMBuildMul(builder,
                                         LLVMConstInt(LLVMTypeOf(value), (unsigned long long)step, true),
                                         ferry_build_int_as(builder, distance_value, LLVMTypeOf(value)), ""),
                            "ferry.ahead");
    else
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
    /* The same in every iteration, though maybe computed in the loop. */
    LLVMValueRef step_value =
        ferry_pipeline_value_ahead(p, builder, (LLVMValueRef)step, 0, NULL, prologue, made);
    LLVMValueRef times = distance_value ? ferry_build_int_as(builder, distance_value, LLVMTypeOf(value))
                                        : LLVMConstInt(LLVMTypeOf(value), distance, false);
    LLVMValueRef steps = distance || distance_value ? LLVMBuildMul(builder, step_value, times, "")
                                                    : NULL;
    if (!steps)
      result = base;
    else if (ferry_map_get(&p->down_steps, value, NULL)) /* `idx -= nx` */
      result = LLVMBuildSub(builder, base, steps, "ferry.ahead");
    else
      result = LLVMBuildAdd(builder, base, steps, "ferry.ahead");
  } else if (ferry_map_get(&p->pointer_steps, value, &step)) {
    /* A stepped pointer: distance GEPs of its increment at once (wrapping
     * arithmetic, no inbounds: iterations that do not run may compute it). */
    intptr_t start;
    ferry_map_get(&p->starts, value, &start);
    LLVMValueRef base = prologue ? (LLVMValueRef)start : value;
    LLVMValueRef increment = (LLVMValueRef)step;
    /* The same in every iteration, though maybe computed in the loop. */
    LLVMValueRef index =
        ferry_pipeline_value_ahead(p, builder, LLVMGetOperand(increment, 1), 0, NULL, prologue, made);
    LLVMValueRef times = distance_value ? ferry_build_int_as(builder, distance_value, LLVMTypeOf(index))
                                        : LLVMConstInt(LLVMTypeOf(index), distance, false);
    LLVMValueRef offset =
        distance || distance_value ? LLVMBuildMul(builder, index, times, "") : NULL;
    result = distance || distance_value
                 ? LLVMBuildGEP2(builder, LLVMGetGEPSourceElementType(increment), base, &offset, 1,
                                 "ferry.ahead")
                 : base;
  } else {
    result = LLVMInstructionClone(value);
    unsigned operands = (unsigned)LLVMGetNumOperands(value);
    for (unsigned i = 0; i < operands; i++)
      LLVMSetOperand(result, i, ferry_pipeline_value_ahead(p, builder, LLVMGetOperand(value, i), distance,
                                         distance_value, prologue, made));
    LLVMInsertIntoBuilder(builder, result);
  }
  ferry_map_put(made, value, (intptr_t)result);
  return result;
}

LLVMValueRef ferry_pipeline_value_at(const struct ferry_pipeline *p, LLVMBuilderRef builder,
                                     LLVMValueRef value, unsigned distance, bool prologue,
                                     struct ferry_map *made) {
  return ferry_pipeline_value_ahead(p, builder, value, distance, NULL, prologue, made);
}

bool ferry_edge_excluded(const struct ferry_branch_fact *facts, size_t count,
                         LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  LLVMValueRef branch = LLVMGetBasicBlockTerminator(from);
  for (size_t f = 0; f < count; f++) {
    if (branch && LLVMIsABranchInst(branch) && LLVMIsConditional(branch) &&
        LLVMGetCondition(branch) == facts[f].condition &&
        LLVMGetSuccessor(branch, 0) != LLVMGetSuccessor(branch, 1) &&
        (LLVMGetSuccessor(branch, 0) == to) != facts[f].holds)
      return true;
    LLVMValueRef condition = facts[f].condition;
    if (LLVMIsAPHINode(condition) && LLVMGetInstructionParent(condition) == to)
      for (unsigned i = 0; i < LLVMCountIncoming(condition); i++)
        if (LLVMGetIncomingBlock(condition, i) == from &&
            LLVMIsAConstantInt(LLVMGetIncomingValue(condition, i)) &&
            (LLVMConstIntGetZExtValue(LLVMGetIncomingValue(condition, i)) != 0) != facts[f].holds)
          return true;
  }
  return false;
}

static LLVMValueRef resolve(const struct ferry_loop *loop, const struct ferry_branch_fact *facts,
                            size_t count, LLVMValueRef value, int depth) {
  if (!LLVMIsAPHINode(value) || depth > 16)
    return value;
  LLVMBasicBlockRef block = LLVMGetInstructionParent(value);
  if (loop ? !ferry_loop_contains(loop, block) || block == loop->header : false)
    return value;
  LLVMValueRef agreed = NULL;
  for (unsigned i = 0; i < LLVMCountIncoming(value); i++) {
    if (ferry_edge_excluded(facts, count, LLVMGetIncomingBlock(value, i), block))
      continue;
    LLVMValueRef incoming = resolve(loop, facts, count, LLVMGetIncomingValue(value, i), depth + 1);
    if (agreed && agreed != incoming)
      return value;
    agreed = incoming;
  }
  return agreed ? agreed : value;
}

LLVMValueRef ferry_resolve_under_facts(const struct ferry_loop *loop,
                                       const struct ferry_branch_fact *facts, size_t count,
                                       LLVMValueRef value) {
  return resolve(loop, facts, count, value, 0);
}

bool ferry_pipeline_guarded_step(const struct ferry_pipeline *p, const struct ferry_loop *loop,
                                 LLVMValueRef phi, LLVMValueRef *start, LLVMValueRef *step,
                                 bool *down) {
  LLVMValueRef next;
  *down = false;
  if (!ferry_loop_header_phi(loop, phi, start, &next))
    return false;
  if (p->fact_count)
    next = ferry_resolve_under_facts(loop, p->facts, p->fact_count, next);
  else if (!p->reads_down_steps)
    return false;
  if (ferry_loop_adds_invariant(loop, phi, next, step))
    return true;
  *down = p->reads_down_steps && ferry_loop_subtracts_invariant(loop, phi, next, step);
  return *down;
}
