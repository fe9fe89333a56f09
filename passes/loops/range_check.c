/* The range check of loop_version.h: whether the bytes a loop's stores
 * write miss the bytes its reads read, over all its iterations and, in
 * the scope FERRY_RANGE_OVER_BLOCK, all threads of the block, as LLVM's
 * LoopAccessAnalysis checks pointers for LoopVersioning. One check before
 * the loop; nothing is added inside it.
 *
 * Ranges come from the affine forms (affine.h) of each address, base +
 * constant + sum of coefficient * atoms: threadIdx in [0, ntid-1] (over the
 * block; per thread, its own value), an induction variable of the loop (a
 * constant step, or a phi adding a value fixed before the loop) over [its
 * start, its value at the last iteration], a zext or sext of a narrower
 * value over the range of that value's own form (which must then stay
 * within the narrow type, so that the extension reads it exactly), a
 * pointer the loop steps by a fixed amount over its start plus [0, last]
 * steps, and values defined before the loop (over the block: uniform ones)
 * as they are. Each term may vary with one of those at most; the range of a
 * form is then the sum of its terms' ranges. Everything is computed in 64
 * bits with overflow checked: an address range that might overflow, or a
 * base and offset that might wrap around the address space, fails the
 * check. Addresses are compared as generic ones: a store whose pointer
 * turns out to be shared or local memory lies outside every global range.
 *
 * Over the block, the check reads values uniform across the block only
 * (ntid, the caller's trip count, values the uniformity analysis proves
 * uniform), so the whole block takes one version.
 *
 * Refuses, saying why, an access whose pointer is loaded or changed in the
 * loop other than by a fixed step, or (over the block) differs between
 * threads other than through threadIdx, an address depending on a value
 * the loop changes other than by a fixed step, or (over the block) on one
 * that differs between threads, a term varying with two values. */
#include "loop_version.h"

#include "address_space.h"
#include "bridge.h"
#include "ir_build.h"
#include "names.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How deep extensions of extensions are followed. */
enum { MAX_NESTING = 2 };

/* An atom the loop changes by a fixed amount each iteration. */
struct stepped {
  LLVMValueRef phi;
  LLVMValueRef start;      /* defined before the loop */
  LLVMValueRef step_value; /* defined before the loop; NULL for a constant step */
  int64_t step;
};

/* An extension of a narrower value that is not uniform or is computed in
 * the loop: its range is that of the narrow value's form, which must stay
 * within the narrow type for the extension to read it exactly. */
struct widened {
  LLVMValueRef value;
  bool is_signed;
  unsigned width; /* the narrow value's */
  struct ferry_affine form;
};

/* base + offset .. + size, over the scope's threads and the iterations. */
struct range {
  LLVMValueRef at;            /* the store, or the copy */
  LLVMValueRef base;          /* a pointer defined before the loop (the start of a stepped one) */
  LLVMValueRef base_step;     /* a stepped base: its index, defined before the loop; else NULL */
  unsigned long long base_step_bytes; /* the stepped base's element size */
  struct ferry_affine offset;
  unsigned long long size;
  uint32_t reads;             /* a store's: the reads it is compared with */
};

struct ferry_range_check {
  enum ferry_range_scope scope;
  struct range reads[FERRY_RANGE_MAX_READS];
  size_t read_count;
  struct range writes[FERRY_RANGE_MAX_WRITES];
  size_t write_count;
  struct ferry_vec stepped; /* struct stepped * */
  struct ferry_vec widened; /* struct widened * */
  char names[FERRY_REASON_SIZE];  /* the stores checked, named */
  char stores[FERRY_REASON_SIZE]; /* "the store at ... writes", for the remark */
};

struct ferry_range_check *ferry_range_check_new(enum ferry_range_scope scope) {
  struct ferry_range_check *check = ferry_xcalloc(1, sizeof *check);
  check->scope = scope;
  return check;
}

size_t ferry_range_check_read_count(const struct ferry_range_check *check) {
  return check->read_count;
}

size_t ferry_range_check_write_count(const struct ferry_range_check *check) {
  return check->write_count;
}

void ferry_range_check_free(struct ferry_range_check *plan) {
  if (!plan)
    return;
  for (size_t i = 0; i < plan->stepped.count; i++)
    free(plan->stepped.items[i]);
  for (size_t i = 0; i < plan->widened.count; i++)
    free(plan->widened.items[i]);
  ferry_vec_free(&plan->stepped);
  ferry_vec_free(&plan->widened);
  free(plan);
}

const char *ferry_range_check_stores(const struct ferry_range_check *check) {
  return check->stores;
}

/* ---- Planning (at check time; changes nothing) ---- */

static const struct stepped *find_stepped(const struct ferry_range_check *plan, LLVMValueRef phi) {
  for (size_t i = 0; i < plan->stepped.count; i++)
    if (((const struct stepped *)plan->stepped.items[i])->phi == phi)
      return plan->stepped.items[i];
  return NULL;
}

static const struct widened *find_widened(const struct ferry_range_check *plan, LLVMValueRef value) {
  for (size_t i = 0; i < plan->widened.count; i++)
    if (((const struct widened *)plan->widened.items[i])->value == value)
      return plan->widened.items[i];
  return NULL;
}

/* Defined before the loop, or a constant: the check can read it. */
static bool before_loop(const struct ferry_loop *loop, LLVMValueRef value) {
  return !ferry_loop_defines(loop, value);
}

static bool plan_form(struct ferry_range_check *plan, struct ferry_affine_context *affine,
                      const struct ferry_loop *loop, const struct ferry_affine *form,
                      unsigned depth, char *reason, size_t size);

/* A phi of the loop's header the check can follow: an induction variable,
 * or a phi adding a value defined before the loop. */
static bool plan_stepped(struct ferry_range_check *plan, struct ferry_affine_context *affine,
                         const struct ferry_loop *loop, LLVMValueRef phi, char *reason,
                         size_t size) {
  char name[64];
  ferry_value_name(phi, name, sizeof name);
  if (find_stepped(plan, phi))
    return true;
  struct ferry_induction induction;
  struct stepped found = {.phi = phi};
  if (ferry_induction_variable(ferry_affine_loops(affine), phi, &induction) &&
      induction.loop == loop) {
    found.start = induction.start;
    found.step = induction.step;
  } else if (!ferry_loop_invariant_step(loop, phi, &found.start, &found.step_value)) {
    return ferry_refuse(reason, size, "its address depends on %s, which the loop carries "
                                      "from one iteration to the next and does not step "
                                      "by a fixed amount", name);
  } else if (!before_loop(loop, found.step_value)) {
    return ferry_refuse(reason, size, "its address depends on %s, whose step the loop "
                                      "computes", name);
  }
  /* Over the block, its range is the same for every thread only if its
   * start and step are. */
  const struct ferry_uniformity *uniformity = ferry_affine_uniformity(affine);
  if (plan->scope == FERRY_RANGE_OVER_BLOCK &&
      (!ferry_is_uniform(uniformity, found.start) ||
       (found.step_value && !ferry_is_uniform(uniformity, found.step_value))))
    return ferry_refuse(reason, size, "its address depends on %s, whose start or step "
                                      "differs between the block's threads", name);
  struct stepped *kept = ferry_xmalloc(sizeof *kept);
  *kept = found;
  ferry_vec_push(&plan->stepped, kept);
  return true;
}

/* Whether an atom varies over the block or the loop (its range is then
 * found at run time), is a value the check reads as it is, or neither. */
static bool plan_atom(struct ferry_range_check *plan, struct ferry_affine_context *affine,
                      const struct ferry_loop *loop, const struct ferry_atom *atom,
                      unsigned depth, bool *varies, char *reason, size_t size) {
  *varies = false;
  if (atom->kind == FERRY_ATOM_TID) { /* per thread: read as it is */
    *varies = plan->scope == FERRY_RANGE_OVER_BLOCK;
    return true;
  }
  if (!atom->value) /* ctaid, ntid, nctaid */
    return true;
  LLVMValueRef value = atom->value;
  char name[64];
  ferry_value_name(value, name, sizeof name);
  if (LLVMIsAPHINode(value) && LLVMGetInstructionParent(value) == loop->header) {
    *varies = true;
    return plan_stepped(plan, affine, loop, value, reason, size);
  }
  if (before_loop(loop, value) && (atom->uniform || plan->scope == FERRY_RANGE_PER_THREAD))
    return true;
  /* An extension of a narrower value: its own form's range, if the check
   * can bound it. */
  if ((LLVMIsAZExtInst(value) || LLVMIsASExtInst(value)) && depth < MAX_NESTING) {
    if (find_widened(plan, value)) {
      *varies = true;
      return true;
    }
    LLVMValueRef narrow = LLVMGetOperand(value, 0);
    struct widened found = {.value = value, .is_signed = LLVMIsASExtInst(value) != NULL,
                            .width = LLVMGetIntTypeWidth(LLVMTypeOf(narrow))};
    if (!ferry_affine_of(affine, narrow, &found.form) ||
        !plan_form(plan, affine, loop, &found.form, depth + 1, reason, size))
      return false;
    struct widened *kept = ferry_xmalloc(sizeof *kept);
    *kept = found;
    ferry_vec_push(&plan->widened, kept);
    *varies = true;
    return true;
  }
  if (!before_loop(loop, value))
    return ferry_refuse(reason, size, "its address depends on %s, which the loop computes "
                                      "(a load, a call, or arithmetic ferry's affine forms "
                                      "do not see through)", name);
  return ferry_refuse(reason, size, "its address depends on %s, which differs between the "
                                    "block's threads other than through threadIdx", name);
}

static bool plan_form(struct ferry_range_check *plan, struct ferry_affine_context *affine,
                      const struct ferry_loop *loop, const struct ferry_affine *form,
                      unsigned depth, char *reason, size_t size) {
  for (unsigned t = 0; t < form->term_count; t++) {
    unsigned varying = 0;
    for (unsigned a = 0; a < form->terms[t].atom_count; a++) {
      bool varies;
      if (!plan_atom(plan, affine, loop, &form->terms[t].atoms[a], depth, &varies, reason,
                     size))
        return false;
      varying += varies;
    }
    if (varying > 1)
      return ferry_refuse(reason, size, "its address multiplies two values that vary over "
                                        "the block or the loop");
  }
  return true;
}

/* The bytes `pointer` .. + bytes covers over the block and the loop. */
static bool plan_range(struct ferry_range_check *plan, struct ferry_affine_context *affine, const struct ferry_loop *loop,
                       LLVMValueRef at, LLVMValueRef pointer, unsigned long long bytes,
                       struct range *out, char *reason, size_t size) {
  *out = (struct range){.at = at, .size = bytes};
  if (!ferry_affine_address(affine, pointer, &out->base, &out->offset))
    return ferry_refuse(reason, size, "its address is not a pointer ferry can follow");
  LLVMValueRef base = out->base;
  char name[64];
  ferry_value_name(base, name, sizeof name);
  if (ferry_loop_defines(loop, base)) {
    LLVMValueRef start, increment;
    bool varies;
    if (LLVMIsALoadInst(base))
      return ferry_refuse(reason, size, "its pointer %s is loaded in the loop", name);
    if (!LLVMIsAPHINode(base) ||
        !ferry_loop_pointer_step(loop, base, &start, &increment, &varies) ||
        !before_loop(loop, LLVMGetOperand(increment, 1)))
      return ferry_refuse(reason, size, "its pointer %s changes from one iteration to the "
                                        "next other than by a fixed step", name);
    LLVMTargetDataRef layout = LLVMGetModuleDataLayout(LLVMGetGlobalParent(
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(base))));
    out->base = start;
    out->base_step = LLVMGetOperand(increment, 1);
    out->base_step_bytes =
        LLVMABISizeOfType(layout, LLVMGetGEPSourceElementType(increment));
    base = start;
    ferry_value_name(base, name, sizeof name);
  }
  if (plan->scope == FERRY_RANGE_OVER_BLOCK &&
      !ferry_is_uniform(ferry_affine_uniformity(affine), base))
    return ferry_refuse(reason, size, "its pointer %s differs between the block's threads "
                                      "other than through threadIdx", name);
  return plan_form(plan, affine, loop, &out->offset, 0, reason, size);
}

/* Names a store for the remark: its source line and column, or its IR name. */
static void describe_store(LLVMValueRef store, char *buffer, size_t size) {
  LLVMMetadataRef location = LLVMInstructionGetDebugLoc(store);
  if (location && LLVMDILocationGetLine(location)) {
    snprintf(buffer, size, "at line %u:%u", LLVMDILocationGetLine(location),
             LLVMDILocationGetColumn(location));
    return;
  }
  char name[64]; /* a store has no value to name: name its pointer */
  ferry_value_name(LLVMGetOperand(store, 1), name, sizeof name);
  snprintf(buffer, size, "to %s", name);
}

static void append_store(struct ferry_range_check *plan, LLVMValueRef store) {
  char one[96];
  describe_store(store, one, sizeof one);
  size_t used = strlen(plan->names);
  snprintf(plan->names + used, sizeof plan->names - used, "%s%s", used ? ", " : "", one);
  bool several = plan->write_count > 1;
  snprintf(plan->stores, sizeof plan->stores, "the store%s %s write%s", several ? "s" : "",
           plan->names, several ? "" : "s");
}

bool ferry_range_check_read(struct ferry_range_check *check, struct ferry_affine_context *affine,
                            const struct ferry_loop *loop, LLVMValueRef at, LLVMValueRef pointer,
                            unsigned long long bytes, char *reason, size_t size) {
  if (check->read_count == FERRY_RANGE_MAX_READS)
    return ferry_refuse(reason, size, "the loop has more than %d reads to check",
                        FERRY_RANGE_MAX_READS);
  if (!plan_range(check, affine, loop, at, pointer, bytes, &check->reads[check->read_count],
                   reason, size))
    return false;
  check->read_count++;
  return true;
}

bool ferry_range_check_write(struct ferry_range_check *check, struct ferry_affine_context *affine,
                             const struct ferry_loop *loop, LLVMValueRef store, uint32_t reads,
                             char *reason, size_t size) {
  if (check->write_count == FERRY_RANGE_MAX_WRITES)
    return ferry_refuse(reason, size, "the loop has more than %d stores to check",
                        FERRY_RANGE_MAX_WRITES);
  if (!LLVMIsAStoreInst(store) || !ferry_is_plain_access(store))
    return ferry_refuse(reason, size, "%s", LLVMIsACallInst(store)
                                                ? "a call that may write memory is not a "
                                                  "store a range check can bound"
                                                : "only plain (not atomic, not volatile) "
                                                  "stores are checked at run time");
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(
      LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(store))));
  unsigned long long bytes = LLVMStoreSizeOfType(layout, LLVMTypeOf(LLVMGetOperand(store, 0)));
  struct range *range = &check->writes[check->write_count];
  if (!plan_range(check, affine, loop, store, LLVMGetOperand(store, 1), bytes, range, reason,
                   size))
    return false;
  range->reads = reads;
  check->write_count++;
  append_store(check, store);
  return true;
}

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
  const struct stepped *stepped = find_stepped(e->plan, atom->value);
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
  const struct widened *widened = find_widened(e->plan, atom->value);
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
         (find_stepped(e->plan, atom->value) || find_widened(e->plan, atom->value));
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
