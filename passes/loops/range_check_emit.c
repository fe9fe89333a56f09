/* The range check's emission (loop_version.h, ferry_range_check_emit): the
 * affine ranges range_check.c planned, bounded over the block's threads
 * (or the thread's own) and the loop's iterations in 64 bits with every
 * overflow checked, compared before the loop. */
#include "range_check_plan.h"

#include "address_space.h"
#include "bridge.h"
#include "ir_build.h"
#include "names.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The check (at apply time, before the loop) ---- */

enum { CTAID, NTID, NCTAID, TID };

struct emit {
  LLVMModuleRef module;
  LLVMBuilderRef builder;
  LLVMTypeRef i64;
  LLVMValueRef overflow; /* i1: some step did not fit 64 bits */
  LLVMValueRef last;     /* i64, the index of the last iteration */
  LLVMValueRef registers[4][3]; /* ctaid, ntid, nctaid, tid by dimension, read once */
  const struct ferry_range_check *plan;
};

static LLVMValueRef constant(struct emit *e, int64_t value) {
  return LLVMConstInt(e->i64, (unsigned long long)value, true);
}

static void flag_overflow(struct emit *e, LLVMValueRef flag) {
  e->overflow = LLVMBuildOr(e->builder, e->overflow, flag, "");
}

/* a op b in 64 bits, an overflow joining e->overflow; folded where both
 * are constants. */
static LLVMValueRef checked(struct emit *e, LLVMOpcode opcode, LLVMValueRef a, LLVMValueRef b) {
  if (LLVMIsAConstantInt(a) && LLVMIsAConstantInt(b)) {
    int64_t x = LLVMConstIntGetSExtValue(a), y = LLVMConstIntGetSExtValue(b), result;
    bool over = opcode == LLVMMul ? __builtin_mul_overflow(x, y, &result)
                : opcode == LLVMSub ? __builtin_sub_overflow(x, y, &result)
                                    : __builtin_add_overflow(x, y, &result);
    if (!over)
      return constant(e, result);
    flag_overflow(e, LLVMConstInt(LLVMInt1TypeInContext(LLVMGetModuleContext(e->module)), 1, false));
    return constant(e, 0);
  }
  if (opcode == LLVMMul && LLVMIsAConstantInt(a) && LLVMConstIntGetSExtValue(a) == 1)
    return b;
  if (opcode == LLVMAdd && LLVMIsAConstantInt(a) && LLVMConstIntGetSExtValue(a) == 0)
    return b;
  if (opcode == LLVMMul && ((LLVMIsAConstantInt(a) && LLVMConstIntGetSExtValue(a) == 0) ||
                            (LLVMIsAConstantInt(b) && LLVMConstIntGetSExtValue(b) == 0)))
    return constant(e, 0);
  if (opcode == LLVMMul && LLVMIsAConstantInt(b) && LLVMConstIntGetSExtValue(b) == 1)
    return a;
  if (opcode != LLVMMul && LLVMIsAConstantInt(b) && LLVMConstIntGetSExtValue(b) == 0)
    return a;
  const char *name = opcode == LLVMMul ? "llvm.smul.with.overflow"
                     : opcode == LLVMSub ? "llvm.ssub.with.overflow"
                                         : "llvm.sadd.with.overflow";
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(e->module, id, &e->i64, 1);
  LLVMValueRef args[2] = {a, b};
  LLVMValueRef pair = LLVMBuildCall2(e->builder, LLVMGlobalGetValueType(fn), fn, args, 2, "");
  flag_overflow(e, LLVMBuildExtractValue(e->builder, pair, 1, ""));
  return LLVMBuildExtractValue(e->builder, pair, 0, "");
}

/* *low, *high = the lesser and the greater of a and b. */
static void order(struct emit *e, LLVMValueRef a, LLVMValueRef b, LLVMValueRef *low,
                  LLVMValueRef *high) {
  if (LLVMIsAConstantInt(a) && LLVMIsAConstantInt(b)) {
    bool swap = LLVMConstIntGetSExtValue(a) > LLVMConstIntGetSExtValue(b);
    *low = swap ? b : a;
    *high = swap ? a : b;
    return;
  }
  LLVMValueRef in_order = LLVMBuildICmp(e->builder, LLVMIntSLE, a, b, "");
  *low = LLVMBuildSelect(e->builder, in_order, a, b, "");
  *high = LLVMBuildSelect(e->builder, in_order, b, a, "");
}

/* An integer read as signed, in 64 bits. */
static LLVMValueRef signed_64(struct emit *e, LLVMValueRef value) {
  if (LLVMGetIntTypeWidth(LLVMTypeOf(value)) == 64)
    return value;
  return LLVMBuildSExt(e->builder, value, e->i64, "");
}

/* Joins e->overflow unless low <= value <= high. */
static void require_within(struct emit *e, LLVMValueRef value, int64_t low, int64_t high) {
  if (LLVMIsAConstantInt(value)) {
    int64_t known = LLVMConstIntGetSExtValue(value);
    if (known < low || known > high)
      flag_overflow(e, LLVMConstInt(LLVMInt1TypeInContext(LLVMGetModuleContext(e->module)), 1,
                                    false));
    return;
  }
  if (low != INT64_MIN)
    flag_overflow(e, LLVMBuildICmp(e->builder, LLVMIntSLT, value, constant(e, low), ""));
  if (high != INT64_MAX)
    flag_overflow(e, LLVMBuildICmp(e->builder, LLVMIntSGT, value, constant(e, high), ""));
}

static LLVMValueRef special_register(struct emit *e, unsigned kind, unsigned dimension) {
  static const char *const kinds[] = {"ctaid", "ntid", "nctaid", "tid"};
  if (e->registers[kind][dimension])
    return e->registers[kind][dimension];
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", kinds[kind], "xyz"[dimension]);
  return e->registers[kind][dimension] = LLVMBuildZExt(
             e->builder, ferry_call_intrinsic(e->builder, e->module, name, NULL, 0), e->i64, "");
}

static void form_bounds(struct emit *e, const struct ferry_affine *form, LLVMValueRef *low,
                        LLVMValueRef *high);

/* The range of a varying atom. */
static void atom_bounds(struct emit *e, const struct ferry_atom *atom, LLVMValueRef *low,
                        LLVMValueRef *high) {
  if (atom->kind == FERRY_ATOM_TID) {
    *low = constant(e, 0);
    *high = LLVMBuildSub(e->builder, special_register(e, NTID, atom->dimension), constant(e, 1), "");
    return;
  }
  const struct stepped *stepped = ferry_range_find_stepped(e->plan, atom->value);
  if (stepped) {
    /* start + k*step for k in [0, last], exactly, while it stays within
     * the phi's type read as signed. */
    unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(stepped->phi));
    LLVMValueRef start = signed_64(e, stepped->start);
    LLVMValueRef step =
        stepped->step_value ? signed_64(e, stepped->step_value) : constant(e, stepped->step);
    LLVMValueRef end = checked(e, LLVMAdd, start, checked(e, LLVMMul, e->last, step));
    if (width < 64)
      require_within(e, end, -(INT64_C(1) << (width - 1)), (INT64_C(1) << (width - 1)) - 1);
    if (!stepped->step_value) { /* the step's sign orders them */
      *low = stepped->step > 0 ? start : end;
      *high = stepped->step > 0 ? end : start;
    } else {
      order(e, start, end, low, high);
    }
    return;
  }
  const struct widened *widened = ferry_range_find_widened(e->plan, atom->value);
  form_bounds(e, &widened->form, low, high);
  unsigned width = widened->width;
  int64_t least = widened->is_signed ? -(INT64_C(1) << (width - 1)) : 0;
  int64_t most = widened->is_signed ? (INT64_C(1) << (width - 1)) - 1
                 : width == 64      ? INT64_MAX
                                    : (int64_t)((UINT64_C(1) << width) - 1);
  require_within(e, *low, least, most);
  require_within(e, *high, least, most);
}

static bool atom_varies(const struct emit *e, const struct ferry_atom *atom) {
  if (atom->kind == FERRY_ATOM_TID)
    return e->plan->scope == FERRY_RANGE_OVER_BLOCK;
  return atom->value &&
         (ferry_range_find_stepped(e->plan, atom->value) || ferry_range_find_widened(e->plan, atom->value));
}

static LLVMValueRef atom_value(struct emit *e, const struct ferry_atom *atom) {
  switch (atom->kind) {
  case FERRY_ATOM_CTAID:
    return special_register(e, CTAID, atom->dimension);
  case FERRY_ATOM_NTID:
    return special_register(e, NTID, atom->dimension);
  case FERRY_ATOM_NCTAID:
    return special_register(e, NCTAID, atom->dimension);
  case FERRY_ATOM_TID: /* per thread: its own */
    return special_register(e, TID, atom->dimension);
  default:
    return signed_64(e, atom->value);
  }
}

/* The least and greatest value of the form's integer sum over the atoms'
 * ranges: each term varies with one atom at most (planned), so its extremes
 * are at that atom's. */
static void form_bounds(struct emit *e, const struct ferry_affine *form, LLVMValueRef *low,
                        LLVMValueRef *high) {
  *low = *high = constant(e, form->constant);
  for (unsigned t = 0; t < form->term_count; t++) {
    const struct ferry_term *term = &form->terms[t];
    LLVMValueRef factor = constant(e, term->coefficient);
    const struct ferry_atom *varying = NULL;
    for (unsigned a = 0; a < term->atom_count; a++) {
      if (atom_varies(e, &term->atoms[a]))
        varying = &term->atoms[a];
      else
        factor = checked(e, LLVMMul, factor, atom_value(e, &term->atoms[a]));
    }
    LLVMValueRef term_low = factor, term_high = factor;
    if (varying) {
      LLVMValueRef from, to;
      atom_bounds(e, varying, &from, &to);
      LLVMValueRef a = checked(e, LLVMMul, factor, from), b = checked(e, LLVMMul, factor, to);
      if (LLVMIsAConstantInt(factor)) { /* from <= to: the factor's sign orders them */
        bool negative = LLVMConstIntGetSExtValue(factor) < 0;
        term_low = negative ? b : a;
        term_high = negative ? a : b;
      } else {
        order(e, a, b, &term_low, &term_high);
      }
    }
    *low = checked(e, LLVMAdd, *low, term_low);
    *high = checked(e, LLVMAdd, *high, term_high);
  }
}

/* [*first, *end) holds every byte the range touches, as generic
 * addresses, with nothing wrapped. */
static void range_bounds(struct emit *e, const struct range *range, LLVMValueRef *first,
                         LLVMValueRef *end) {
  LLVMValueRef low, high;
  form_bounds(e, &range->offset, &low, &high);
  if (range->base_step) {
    /* The base k steps on, for k in [0, last]. */
    LLVMValueRef step = checked(e, LLVMMul, signed_64(e, range->base_step),
                                constant(e, (int64_t)range->base_step_bytes));
    LLVMValueRef far = checked(e, LLVMMul, e->last, step), near, away;
    order(e, far, constant(e, 0), &near, &away);
    low = checked(e, LLVMAdd, low, near);
    high = checked(e, LLVMAdd, high, away);
  }
  LLVMValueRef base = LLVMBuildPtrToInt(
      e->builder, ferry_pointer_in_space(e->builder, range->base, FERRY_ADDRSPACE_GENERIC),
      e->i64, "");
  /* A base read as signed below 0 lies in the top half of the address
   * space, where base + offset could wrap past 2^64. */
  require_within(e, base, 0, INT64_MAX);
  *first = checked(e, LLVMAdd, base, low);
  if (*first != base)
    require_within(e, *first, 0, INT64_MAX);
  *end = checked(e, LLVMAdd, checked(e, LLVMAdd, base, high), constant(e, (int64_t)range->size));
}

LLVMValueRef ferry_range_check_emit(const struct ferry_range_check *check,
                                    const struct ferry_counted_loop *counted,
                                    LLVMModuleRef module, LLVMBuilderRef builder,
                                    LLVMValueRef last) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  struct emit e = {
      .module = module,
      .builder = builder,
      .i64 = LLVMInt64TypeInContext(context),
      .overflow = LLVMConstInt(LLVMInt1TypeInContext(context), 0, false),
      .plan = check,
  };
  /* A counter wider than 32 bits: its last iteration as the counted loop
   * finds it, anything that does not fit joining e.overflow. */
  e.last = last ? last
                : ferry_counted_loop_last_iteration_wide(counted, module, builder, &e.overflow);
  LLVMValueRef reads[FERRY_RANGE_MAX_READS][2];
  for (size_t c = 0; c < check->read_count; c++)
    range_bounds(&e, &check->reads[c], &reads[c][0], &reads[c][1]);
  LLVMValueRef apart = LLVMConstInt(LLVMInt1TypeInContext(context), 1, false);
  for (size_t w = 0; w < check->write_count; w++) {
    const struct range *write = &check->writes[w];
    LLVMValueRef first, end;
    range_bounds(&e, write, &first, &end);
    for (size_t c = 0; c < check->read_count; c++) {
      if (!(write->reads & (UINT32_C(1) << c)))
        continue;
      LLVMValueRef before = LLVMBuildICmp(builder, LLVMIntSLE, end, reads[c][0], "");
      LLVMValueRef after = LLVMBuildICmp(builder, LLVMIntSLE, reads[c][1], first, "");
      apart = LLVMBuildAnd(builder, apart, LLVMBuildOr(builder, before, after, ""), "");
    }
  }
  return LLVMBuildAnd(builder, apart, LLVMBuildNot(builder, e.overflow, ""),
                      "ferry.ranges.apart");
}
