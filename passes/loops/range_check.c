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

struct ferry_range_check *ferry_range_check_new(enum ferry_range_scope scope) {
  struct ferry_range_check *check = ferry_xcalloc(1, sizeof *check);
  check->scope = scope;
  return check;
}

size_t ferry_range_check_read_count(const struct ferry_range_check *check) {
  return check->intervals ? ferry_range_intervals_read_count(check->intervals) : check->read_count;
}

size_t ferry_range_check_write_count(const struct ferry_range_check *check) {
  return check->intervals ? ferry_range_intervals_write_count(check->intervals)
                          : check->write_count;
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
  ferry_range_intervals_free(plan->intervals);
  free(plan);
}

const char *ferry_range_check_stores(const struct ferry_range_check *check) {
  return check->stores;
}

/* ---- Planning (at check time; changes nothing) ---- */

const struct stepped *ferry_range_find_stepped(const struct ferry_range_check *plan,
                                               LLVMValueRef phi) {
  for (size_t i = 0; i < plan->stepped.count; i++)
    if (((const struct stepped *)plan->stepped.items[i])->phi == phi)
      return plan->stepped.items[i];
  return NULL;
}

const struct widened *ferry_range_find_widened(const struct ferry_range_check *plan,
                                               LLVMValueRef value) {
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
  if (ferry_range_find_stepped(plan, phi))
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
    if (ferry_range_find_widened(plan, value)) {
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
