/* The interval of an address over every thread of the block and every
 * iteration of the loop, computed at run time from values the whole block
 * shares: what the range check's interval mode (range_intervals.c) checks.
 *
 * The affine mode (range_check.c) reads addresses as affine forms; the
 * loads a loop stores to shared memory are often not affine in the
 * thread: laplace3d's halo threads pick their node by branches on their
 * index (a phi of tid.x, 32 and -1), and its indices step under a
 * per-thread flag (`if (active) indg += NY * pitch`). An interval is
 * sound for any such value: a phi is the hull of its incoming values (but
 * those on edges the access's facts exclude: pipeline_plan.h), a select
 * the hull of its arms, tid the block's [0, ntid - 1], a header phi of
 * the loop its start's and its other values' hull plus [0, last] times a
 * step it adds (minus, a step it subtracts; ferry_resolve_under_facts
 * reads the step through the phis of the iteration; the loop's counter,
 * the step the counted reading gives it), arithmetic the exact interval
 * of its operands'.
 * Every value is computed in 64 bits with overflow checked, and a value
 * narrower than 64 bits must lie within its own type's signed range (so
 * that the narrow arithmetic did not wrap; a zero extension or logical
 * shift needs a non-negative operand): anything else fails the check (the
 * loop runs as written). Leaves the check reads as they are: constants,
 * arguments, ctaid, ntid and nctaid, and values defined before the loop
 * that the uniformity analysis proves the block's and that dominate the
 * check; so the whole block takes one version. A read under a guard
 * `counter < B` (or <=), B fixed before the loop, reads only up to the
 * iteration where it fails. */
#include "address_interval.h"

#include "address_space.h"
#include "bridge.h"
#include "cfg.h"
#include "dominators.h"
#include "names.h"
#include "pipeline_plan.h"
#include "uniformity.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 48 };

/* Builds nothing where ctx->builder is NULL (the check at planning). */
static bool building(const struct interval_context *x) { return x->builder != NULL; }

static void flag(struct interval_context *x, LLVMValueRef overflow) {
  x->overflow = LLVMBuildOr(x->builder, x->overflow, overflow, "");
}

/* a op b in 64 bits, any overflow flagged. */
static LLVMValueRef checked(struct interval_context *x, const char *name, LLVMValueRef a,
                            LLVMValueRef b) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(x->module));
  LLVMTypeRef i1 = LLVMInt1TypeInContext(LLVMGetModuleContext(x->module));
  LLVMTypeRef members[2] = {i64, i1};
  LLVMTypeRef result = LLVMStructTypeInContext(LLVMGetModuleContext(x->module), members, 2, false);
  LLVMValueRef function = LLVMGetNamedFunction(x->module, name);
  LLVMTypeRef params[2] = {i64, i64};
  LLVMTypeRef type = LLVMFunctionType(result, params, 2, false);
  if (!function)
    function = LLVMAddFunction(x->module, name, type);
  LLVMValueRef args[2] = {a, b};
  LLVMValueRef pair = LLVMBuildCall2(x->builder, type, function, args, 2, "");
  flag(x, LLVMBuildExtractValue(x->builder, pair, 1, ""));
  return LLVMBuildExtractValue(x->builder, pair, 0, "");
}

static LLVMValueRef smin(struct interval_context *x, LLVMValueRef a, LLVMValueRef b) {
  return LLVMBuildSelect(x->builder, LLVMBuildICmp(x->builder, LLVMIntSLT, a, b, ""), a, b, "");
}
static LLVMValueRef smax(struct interval_context *x, LLVMValueRef a, LLVMValueRef b) {
  return LLVMBuildSelect(x->builder, LLVMBuildICmp(x->builder, LLVMIntSGT, a, b, ""), a, b, "");
}

static struct interval hull(struct interval_context *x, struct interval a, struct interval b) {
  if (!building(x))
    return a;
  return (struct interval){smin(x, a.lo, b.lo), smax(x, a.hi, b.hi)};
}

static struct interval add(struct interval_context *x, struct interval a, struct interval b) {
  if (!building(x))
    return a;
  return (struct interval){checked(x, "llvm.sadd.with.overflow.i64", a.lo, b.lo),
                           checked(x, "llvm.sadd.with.overflow.i64", a.hi, b.hi)};
}

static struct interval sub(struct interval_context *x, struct interval a, struct interval b) {
  if (!building(x))
    return a;
  return (struct interval){checked(x, "llvm.ssub.with.overflow.i64", a.lo, b.hi),
                           checked(x, "llvm.ssub.with.overflow.i64", a.hi, b.lo)};
}

static struct interval mul(struct interval_context *x, struct interval a, struct interval b) {
  if (!building(x))
    return a;
  const char *name = "llvm.smul.with.overflow.i64";
  if (LLVMIsAConstantInt(b.lo) && b.lo == b.hi) { /* a scale: two products */
    LLVMValueRef low = checked(x, name, a.lo, b.lo), high = checked(x, name, a.hi, b.lo);
    return LLVMConstIntGetSExtValue(b.lo) >= 0 ? (struct interval){low, high}
                                              : (struct interval){high, low};
  }
  LLVMValueRef p[4] = {checked(x, name, a.lo, b.lo), checked(x, name, a.lo, b.hi),
                       checked(x, name, a.hi, b.lo), checked(x, name, a.hi, b.hi)};
  return (struct interval){smin(x, smin(x, p[0], p[1]), smin(x, p[2], p[3])),
                           smax(x, smax(x, p[0], p[1]), smax(x, p[2], p[3]))};
}

static LLVMValueRef i64_const(struct interval_context *x, long long value) {
  return LLVMConstInt(LLVMInt64TypeInContext(LLVMGetModuleContext(x->module)),
                      (unsigned long long)value, true);
}

static struct interval exactly(struct interval_context *x, LLVMValueRef value, bool is_signed) {
  if (!building(x))
    return (struct interval){value, value};
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(x->module));
  LLVMValueRef wide = LLVMGetIntTypeWidth(LLVMTypeOf(value)) == 64
                          ? value
                          : is_signed ? LLVMBuildSExt(x->builder, value, i64, "")
                                      : LLVMBuildZExt(x->builder, value, i64, "");
  return (struct interval){wide, wide};
}

/* A narrow value's interval must lie within its type's signed range. */
static void fits(struct interval_context *x, struct interval v, unsigned width) {
  if (!building(x) || width >= 64)
    return;
  long long top = (1ll << (width - 1)) - 1;
  flag(x, LLVMBuildICmp(x->builder, LLVMIntSLT, v.lo, i64_const(x, -top - 1), ""));
  flag(x, LLVMBuildICmp(x->builder, LLVMIntSGT, v.hi, i64_const(x, top), ""));
}

static void non_negative(struct interval_context *x, struct interval v) {
  if (building(x))
    flag(x, LLVMBuildICmp(x->builder, LLVMIntSLT, v.lo, i64_const(x, 0), ""));
}

/* A special register's call, read again at the check; its kind. */
static const char *special_register(LLVMValueRef value) {
  if (!LLVMIsACallInst(value))
    return NULL;
  LLVMValueRef callee = LLVMGetCalledValue(value);
  size_t length;
  const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &length) : NULL;
  static const char prefix[] = "llvm.nvvm.read.ptx.sreg.";
  if (!name || strncmp(name, prefix, sizeof prefix - 1))
    return NULL;
  return name + sizeof prefix - 1;
}

static LLVMValueRef call_register(struct interval_context *x, LLVMValueRef original) {
  LLVMValueRef callee = LLVMGetCalledValue(original);
  return LLVMBuildCall2(x->builder, LLVMGlobalGetValueType(callee), callee, NULL, 0, "");
}

static bool interval_of(struct interval_context *x, LLVMValueRef value, int depth,
                        struct interval *out);

static bool refuse_value(struct interval_context *x, LLVMValueRef value, const char *why) {
  char name[64];
  ferry_value_name(value, name, sizeof name);
  return ferry_refuse(x->reason, x->reason_size, "%s %s", name, why);
}

/* A header phi of the loop: the hull of its start and of the values the
 * iteration gives it other than itself plus a step, plus [0, last] steps. */
static bool header_phi(struct interval_context *x, LLVMValueRef phi, int depth,
                       struct interval *out) {
  const struct ferry_loop *loop = x->context.loop;
  if (LLVMCountIncoming(phi) != 2)
    return refuse_value(x, phi, "is a phi of the loop's header with more than two ways in");
  LLVMValueRef start = NULL, next = NULL;
  for (unsigned i = 0; i < 2; i++) {
    if (ferry_loop_contains(loop, LLVMGetIncomingBlock(phi, i)))
      next = LLVMGetIncomingValue(phi, i);
    else
      start = LLVMGetIncomingValue(phi, i);
  }
  if (!start || !next)
    return refuse_value(x, phi, "is a phi of the loop's header without a start and a next value");
  struct interval range;
  if (!interval_of(x, start, depth + 1, &range))
    return false;
  /* The loop's counter stepping by a value fixed before the loop, maybe
   * clamped where the loop leaves (counted_loop.h, step_value): in
   * iteration j <= last it is start + j * step. */
  if (x->context.counted && phi == x->context.counted->iv && x->context.counted->step_value) {
    struct interval by;
    if (!interval_of(x, x->context.counted->step_value, depth + 1, &by))
      return false;
    if (building(x))
      range = add(x, range, mul(x, (struct interval){i64_const(x, 0), x->last}, by));
    *out = range;
    return true;
  }
  /* The iteration's values of it: itself, itself plus one step, or others. */
  struct ferry_vec pending = {0};
  struct ferry_map seen = {0};
  ferry_vec_push(&pending, next);
  LLVMValueRef step = NULL;
  bool ok = true, down = false; /* down: the phi subtracts its step */
  while (ok && pending.count) {
    LLVMValueRef value = pending.items[--pending.count];
    if (!ferry_set_insert(&seen, value) || value == phi)
      continue;
    LLVMBasicBlockRef block = LLVMIsAInstruction(value) ? LLVMGetInstructionParent(value) : NULL;
    if (LLVMIsAPHINode(value) && ferry_loop_contains(loop, block) && block != loop->header) {
      for (unsigned i = 0; i < LLVMCountIncoming(value); i++)
        if (!ferry_edge_excluded(x->facts, x->fact_count, LLVMGetIncomingBlock(value, i), block))
          ferry_vec_push(&pending, LLVMGetIncomingValue(value, i));
      continue;
    }
    bool adds = LLVMIsAInstruction(value) && LLVMGetInstructionOpcode(value) == LLVMAdd &&
                (LLVMGetOperand(value, 0) == phi || LLVMGetOperand(value, 1) == phi);
    bool subtracts = LLVMIsAInstruction(value) && LLVMGetInstructionOpcode(value) == LLVMSub &&
                     LLVMGetOperand(value, 0) == phi;
    if (adds || subtracts) {
      LLVMValueRef by = LLVMGetOperand(value, LLVMGetOperand(value, 0) == phi ? 1 : 0);
      if (ferry_loop_defines(loop, by) || (step && (step != by || down != subtracts)))
        ok = refuse_value(x, phi, "steps by a value the loop computes, or by more than one");
      step = by;
      down = subtracts;
      continue;
    }
    struct interval other;
    ok = interval_of(x, value, depth + 1, &other);
    if (ok)
      range = hull(x, range, other);
  }
  ferry_vec_free(&pending);
  ferry_map_free(&seen);
  if (!ok)
    return false;
  if (step) {
    struct interval by;
    if (!interval_of(x, step, depth + 1, &by))
      return false;
    if (building(x)) {
      struct interval steps = mul(x, (struct interval){i64_const(x, 0), x->last}, by);
      range = down ? sub(x, range, steps) : add(x, range, steps);
    }
  }
  *out = range;
  return true;
}

static bool interval_of(struct interval_context *x, LLVMValueRef value, int depth,
                        struct interval *out) {
  intptr_t lo, hi;
  if (ferry_map_get(&x->lows, value, &lo) && ferry_map_get(&x->highs, value, &hi)) {
    *out = (struct interval){(LLVMValueRef)lo, (LLVMValueRef)hi};
    return true;
  }
  if (depth > MAX_DEPTH)
    return refuse_value(x, value, "is too deep an expression");
  if (LLVMGetTypeKind(LLVMTypeOf(value)) != LLVMIntegerTypeKind)
    return refuse_value(x, value, "is not an integer");
  unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(value));
  if (width > 64)
    return refuse_value(x, value, "is wider than 64 bits");
  if (LLVMIsAConstantInt(value)) {
    *out = exactly(x, value, true);
    return true;
  }
  if (LLVMIsAArgument(value)) {
    *out = exactly(x, value, true);
    return true;
  }
  if (!LLVMIsAInstruction(value))
    return refuse_value(x, value, "is a constant expression or undefined");
  intptr_t on_the_way = 0;
  if (ferry_map_get(&x->visiting, value, &on_the_way) && on_the_way)
    return refuse_value(x, value, "depends on itself other than as a stepped phi");
  const char *reg = special_register(value);
  bool in_loop = ferry_loop_defines(x->context.loop, value);
  bool ok = true;
  struct interval result = {0};
  ferry_map_put(&x->visiting, value, 1);
  if (reg && !strncmp(reg, "tid.", 4)) {
    if (building(x)) {
      char name[64];
      snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.ntid.%s", reg + 4);
      LLVMValueRef ntid = ferry_call_intrinsic(x->builder, x->module, name, NULL, 0);
      struct interval n = exactly(x, ntid, false);
      result = (struct interval){i64_const(x, 0),
                                 LLVMBuildSub(x->builder, n.hi, i64_const(x, 1), "")};
    }
  } else if (reg) {
    result = building(x) ? exactly(x, call_register(x, value), false)
                         : (struct interval){value, value};
  } else if (!in_loop && ferry_is_uniform(x->context.uniformity, value) &&
             ferry_instruction_dominates(x->context.dominators, value, x->at)) {
    result = exactly(x, value, true);
  } else if (LLVMIsAPHINode(value) && in_loop &&
             LLVMGetInstructionParent(value) == x->context.loop->header) {
    ok = header_phi(x, value, depth, &result);
  } else if (LLVMIsAPHINode(value)) {
    LLVMBasicBlockRef block = LLVMGetInstructionParent(value);
    bool any = false;
    for (unsigned i = 0; ok && i < LLVMCountIncoming(value); i++) {
      if (ferry_edge_excluded(x->facts, x->fact_count, LLVMGetIncomingBlock(value, i), block))
        continue;
      struct interval incoming;
      ok = interval_of(x, LLVMGetIncomingValue(value, i), depth + 1, &incoming);
      if (ok)
        result = any ? hull(x, result, incoming) : incoming;
      any = true;
    }
    if (ok && !any)
      ok = refuse_value(x, value, "has no way in where the access runs");
  } else {
    LLVMOpcode opcode = LLVMGetInstructionOpcode(value);
    struct interval a = {0}, b = {0};
    LLVMValueRef right = LLVMGetNumOperands(value) > 1 ? LLVMGetOperand(value, 1) : NULL;
    long long shift = right && LLVMIsAConstantInt(right) ? LLVMConstIntGetSExtValue(right) : -1;
    /* An or of operands with no bit in common is their sum (`2 * t | 1`). */
    if (opcode == LLVMOr && LLVMGetIsDisjoint(value))
      opcode = LLVMAdd;
    switch (opcode) {
    case LLVMAdd: case LLVMSub: case LLVMMul:
      ok = interval_of(x, LLVMGetOperand(value, 0), depth + 1, &a) &&
           interval_of(x, right, depth + 1, &b);
      if (ok)
        result = opcode == LLVMAdd ? add(x, a, b) : opcode == LLVMSub ? sub(x, a, b) : mul(x, a, b);
      break;
    case LLVMShl: case LLVMAShr: case LLVMLShr:
      if (shift < 0 || shift >= width || shift > 30) {
        ok = refuse_value(x, value, "shifts by an amount that is not a small constant");
        break;
      }
      ok = interval_of(x, LLVMGetOperand(value, 0), depth + 1, &a);
      if (!ok || !building(x)) {
        result = a;
        break;
      }
      if (opcode == LLVMShl) {
        result = mul(x, a, exactly(x, LLVMConstInt(LLVMInt64TypeInContext(
                                                       LLVMGetModuleContext(x->module)),
                                                   1ull << shift, false), true));
      } else {
        if (opcode == LLVMLShr)
          non_negative(x, a);
        LLVMValueRef by = i64_const(x, shift);
        result = (struct interval){LLVMBuildAShr(x->builder, a.lo, by, ""),
                                   LLVMBuildAShr(x->builder, a.hi, by, "")};
      }
      break;
    case LLVMAnd:
      /* x & m with m >= 0 a constant: [0, m], whatever x. */
      if (shift < 0) {
        ok = refuse_value(x, value, "masks by a value that is not a non-negative constant");
        break;
      }
      result = building(x) ? (struct interval){i64_const(x, 0), i64_const(x, shift)}
                           : (struct interval){value, value};
      break;
    case LLVMSExt: case LLVMZExt:
      ok = interval_of(x, LLVMGetOperand(value, 0), depth + 1, &a);
      if (ok && opcode == LLVMZExt)
        non_negative(x, a);
      result = a;
      break;
    case LLVMSelect:
      ok = interval_of(x, LLVMGetOperand(value, 1), depth + 1, &a) &&
           interval_of(x, LLVMGetOperand(value, 2), depth + 1, &b);
      if (ok)
        result = hull(x, a, b);
      break;
    default:
      ok = refuse_value(x, value, in_loop ? "is computed in the loop by a load, a call or "
                                            "arithmetic the range check does not bound"
                                          : "differs between the block's threads other than "
                                            "through arithmetic the range check bounds");
    }
  }
  ferry_map_put(&x->visiting, value, 0); /* off the way */
  if (!ok)
    return false;
  fits(x, result, width);
  if (!building(x))
    result = (struct interval){value, value};
  ferry_map_put(&x->lows, value, (intptr_t)result.lo);
  ferry_map_put(&x->highs, value, (intptr_t)result.hi);
  *out = result;
  return true;
}

/* The base of `pointer` (a pointer the whole block shares, known before
 * the loop) and the interval of its byte offset from it, over the block
 * and every iteration where the access runs. */
bool ferry_address_interval(struct interval_context *x, LLVMValueRef pointer, LLVMValueRef *base,
                            LLVMValueRef *lo, LLVMValueRef *hi) {
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(x->module);
  struct interval offset = {0};
  bool any = false;
  for (int depth = 0;; depth++) {
    if (depth > MAX_DEPTH)
      return refuse_value(x, pointer, "is reached through too long a chain");
    if (LLVMIsAGetElementPtrInst(pointer) ||
        (LLVMIsAConstantExpr(pointer) && LLVMGetConstOpcode(pointer) == LLVMGetElementPtr)) {
      LLVMTypeRef type = LLVMGetGEPSourceElementType(pointer);
      unsigned operands = (unsigned)LLVMGetNumOperands(pointer);
      for (unsigned i = 1; i < operands; i++) {
        LLVMValueRef index = LLVMGetOperand(pointer, i);
        unsigned long long scale;
        if (i == 1) {
          scale = LLVMABISizeOfType(layout, type);
        } else if (LLVMGetTypeKind(type) == LLVMStructTypeKind) {
          if (!LLVMIsAConstantInt(index))
            return refuse_value(x, pointer, "indexes a struct by a value");
          unsigned field = (unsigned)LLVMConstIntGetZExtValue(index);
          struct interval fixed = building(x)
              ? exactly(x, i64_const(x, (long long)LLVMOffsetOfElement(layout, type, field)), true)
              : (struct interval){index, index};
          offset = any ? add(x, offset, fixed) : fixed;
          any = true;
          type = LLVMStructGetTypeAtIndex(type, field);
          continue;
        } else if (LLVMGetTypeKind(type) == LLVMArrayTypeKind) {
          type = LLVMGetElementType(type);
          scale = LLVMABISizeOfType(layout, type);
        } else {
          return refuse_value(x, pointer, "indexes a type the range check does not follow");
        }
        struct interval part;
        if (!interval_of(x, index, 0, &part))
          return false;
        if (building(x))
          part = mul(x, part, exactly(x, i64_const(x, (long long)scale), true));
        offset = any ? add(x, offset, part) : part;
        any = true;
      }
      pointer = LLVMGetOperand(pointer, 0);
      continue;
    }
    if (LLVMIsAAddrSpaceCastInst(pointer) || LLVMIsABitCastInst(pointer)) {
      pointer = LLVMGetOperand(pointer, 0);
      continue;
    }
    break;
  }
  bool uniform = LLVMIsAArgument(pointer) ||
                 (LLVMIsAInstruction(pointer) && !ferry_loop_defines(x->context.loop, pointer) &&
                  ferry_is_uniform(x->context.uniformity, pointer) &&
                  ferry_instruction_dominates(x->context.dominators, pointer, x->at));
  if (!uniform)
    return refuse_value(x, pointer, "is a base pointer that differs between the block's threads "
                                    "or is not known before the loop");
  *base = pointer;
  if (!building(x)) {
    *lo = *hi = pointer;
    return true;
  }
  if (!any)
    offset = exactly(x, i64_const(x, 0), true);
  *lo = offset.lo;
  *hi = offset.hi;
  return true;
}

void ferry_interval_context_free(struct interval_context *x) {
  ferry_map_free(&x->lows);
  ferry_map_free(&x->highs);
  ferry_map_free(&x->visiting);
}
