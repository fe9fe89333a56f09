/* A counter that steps by a value fixed before the loop, not a constant
 * (counted_loop.h, step_value): a grid-stride loop, `for (b = blockIdx.x;
 * b < n; b += gridDim.x)`, or a tile loop, `for (j = 0; j < n; j += ntid)`,
 * and the same counter whose step the loop clamps in the iteration that
 * leaves it (HeCBench's mdh: `if (j + size > n) size = n - j;` before
 * `j += size`). Its exact reading holds where the step is positive, which
 * no analysis here proves: the reader checks it at run time before the
 * loop (staged_copy.c) and runs the loop as written where it fails. */
#include "counted_by_value.h"

#include "ir_build.h"

/* The add `phi + other` (either order): other, or NULL. */
static LLVMValueRef added_to(LLVMValueRef add, LLVMValueRef phi) {
  if (!LLVMIsAInstruction(add) || LLVMGetInstructionOpcode(add) != LLVMAdd)
    return NULL;
  if (LLVMGetOperand(add, 0) == phi)
    return LLVMGetOperand(add, 1);
  if (LLVMGetOperand(add, 1) == phi)
    return LLVMGetOperand(add, 0);
  return NULL;
}

/* The clamp of a step (mdh's `if (j + size > n) size = n - j`): `q =
 * select(j + r > B, B - j, r)` (or >=, or the arms swapped under the
 * inverse test), r a header phi [s0 before the loop, q from the latch],
 * the latch testing j + q itself (not j: tested before the clamp moves
 * it, the loop would run on from B) strictly against the same B, signed or
 * unsigned as the clamp's test, with the increment's no-wrap flag of that
 * reading (read_growing_by_value): where the test's j + r wraps, the
 * clamp keeps r and the increment computes the same sum, which the flag
 * says does not wrap, so the test's sum is exact in a defined program.
 * Where the clamp takes B - j, j + q is B (in any arithmetic) and the
 * latch's strict test fails: the loop leaves. Where it does not, q is r.
 * So r is s0 in every iteration that goes on, j steps by s0, and the
 * clamp is taken exactly where j + s0 fails the latch's test (j + s0 > B,
 * or >= B: also failing `< B`): the trip is that of `j += s0` while
 * `j < B`. Sets *step to s0. */
static bool clamped_step(const struct ferry_loop *loop, LLVMValueRef phi, LLVMValueRef select,
                         LLVMValueRef bound, LLVMIntPredicate latch_test, LLVMValueRef *step) {
  if (!LLVMIsASelectInst(select) || !LLVMIsAICmpInst(LLVMGetOperand(select, 0)))
    return false;
  LLVMValueRef test = LLVMGetOperand(select, 0);
  LLVMValueRef clamp = LLVMGetOperand(select, 1), kept = LLVMGetOperand(select, 2);
  LLVMIntPredicate predicate = LLVMGetICmpPredicate(test);
  LLVMValueRef sum = LLVMGetOperand(test, 0), limit = LLVMGetOperand(test, 1);
  if (sum == bound) { /* B < j + r: j + r > B */
    sum = LLVMGetOperand(test, 1);
    limit = LLVMGetOperand(test, 0);
    predicate = ferry_icmp_swapped(predicate);
  }
  if (LLVMIsAInstruction(kept) && LLVMGetInstructionOpcode(kept) == LLVMSub) {
    LLVMValueRef swap = clamp; /* select(j + r <= B, r, B - j) */
    clamp = kept;
    kept = swap;
    predicate = ferry_icmp_inverse(predicate);
  }
  bool is_signed = latch_test == LLVMIntSLT;
  LLVMIntPredicate over = is_signed ? LLVMIntSGT : LLVMIntUGT;
  LLVMIntPredicate reaches = is_signed ? LLVMIntSGE : LLVMIntUGE;
  if ((latch_test != LLVMIntSLT && latch_test != LLVMIntULT) || limit != bound ||
      (predicate != over && predicate != reaches))
    return false;
  /* The clamp's arm: B - j. */
  if (!LLVMIsAInstruction(clamp) || LLVMGetInstructionOpcode(clamp) != LLVMSub ||
      LLVMGetOperand(clamp, 0) != bound || LLVMGetOperand(clamp, 1) != phi)
    return false;
  /* The kept arm: the step phi r = [s0, q], and the test's j + r exact. */
  LLVMValueRef start, next;
  if (!LLVMIsAPHINode(kept) || !ferry_loop_header_phi(loop, kept, &start, &next) ||
      next != select || ferry_loop_defines(loop, start) || added_to(sum, phi) != kept)
    return false;
  *step = start;
  return true;
}

/* The exact reading of a counter counting up by a positive value s (not a
 * constant): the values tested only grow until one fails the test where
 * they cannot wrap. As a constant step of more than 1
 * (counted_loop.c's read_growing): != is < of the increment's no-wrap
 * flag, and < or <= needs the flag of the test's signedness. */
static bool read_growing_by_value(struct ferry_counted_loop *c) {
  LLVMIntPredicate test = c->continue_while;
  if (test == LLVMIntNE) {
    if (c->no_signed_wrap)
      test = LLVMIntSLT;
    else if (c->no_unsigned_wrap)
      test = LLVMIntULT;
    else
      return ferry_refuse(c->refusal, sizeof c->refusal,
                          "the loop counts by a value until its counter equals the bound, and "
                          "its increment may wrap (no nsw or nuw), so the counter may pass the "
                          "bound and go round");
  }
  bool is_signed = test == LLVMIntSLT || test == LLVMIntSLE;
  if (test != LLVMIntSLT && test != LLVMIntULT && test != LLVMIntSLE && test != LLVMIntULE)
    return ferry_refuse(c->refusal, sizeof c->refusal,
                        "the loop's counter steps by a value while its test asks it to shrink "
                        "(a step that is not a constant is read counting up only)");
  if (!(is_signed ? c->no_signed_wrap : c->no_unsigned_wrap))
    return ferry_refuse(c->refusal, sizeof c->refusal,
                        "the loop counts by a value while its counter is %s the bound, and its "
                        "increment may wrap (no %s), so the counter may go round past the bound",
                        test == LLVMIntSLT || test == LLVMIntULT ? "below" : "at most",
                        is_signed ? "nsw" : "nuw");
  c->counts_while = test;
  return true;
}

bool ferry_counted_by_value(const struct ferry_loop *loop, struct ferry_counted_loop *c,
                            LLVMIntPredicate predicate, const char **why) {
  LLVMValueRef compare = c->compare;
  for (unsigned side = 0; side < 2; side++) {
    LLVMValueRef counter = LLVMGetOperand(compare, side);
    LLVMValueRef bound = LLVMGetOperand(compare, 1 - side);
    if (ferry_loop_defines(loop, bound))
      continue;
    LLVMIntPredicate continue_while = side ? ferry_icmp_swapped(predicate) : predicate;
    if (!c->continue_on_true)
      continue_while = ferry_icmp_inverse(continue_while);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(loop->header); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
      LLVMValueRef start, next;
      if (LLVMGetTypeKind(LLVMTypeOf(phi)) != LLVMIntegerTypeKind ||
          !ferry_loop_header_phi(loop, phi, &start, &next) || (next != counter && phi != counter))
        continue;
      LLVMValueRef by = added_to(next, phi), step = NULL;
      if (!by)
        continue;
      bool clamped = false;
      if (!ferry_loop_defines(loop, by)) {
        step = by;
      } else if (next == counter && clamped_step(loop, phi, by, bound, continue_while, &step)) {
        clamped = true;
      } else {
        *why = "the loop's counter steps by a value the loop computes (neither a constant, nor "
               "a value fixed before the loop, nor one the loop changes only where it leaves)";
        continue;
      }
      if (LLVMIsAConstantInt(step))
        continue; /* the induction variable's (loops.h), read by counted_loop.c */
      c->continue_while = continue_while;
      c->iv = phi;
      c->increment = next;
      c->start = start;
      c->bound = bound;
      c->step = 0;
      c->step_value = step;
      c->clamped_step = clamped;
      c->width = LLVMGetIntTypeWidth(LLVMTypeOf(phi));
      c->no_signed_wrap = LLVMGetNSW(next);
      c->no_unsigned_wrap = LLVMGetNUW(next);
      c->tests_next = counter == next;
      c->counter_first = side == 0;
      c->shape = FERRY_COUNTED;
      /* A clamp's test needs the latch's test strict (clamped_step): a
       * != read as < would end only at the bound, as < does. */
      c->exact_where_step_positive = read_growing_by_value(c);
      if (c->exact_where_step_positive)
        ferry_refuse(c->refusal, sizeof c->refusal,
                     "the loop's counter steps by a value fixed before the loop, not a "
                     "constant");
      return true;
    }
  }
  return false;
}
