/* The counted-loop reading of a loop (counted_loop.h): its shape, its
 * exact reading, and the values built from them: the last iteration and
 * whether an iteration ahead runs. */
#include "counted_loop.h"

#include "counted_by_value.h"

#include "ir_build.h"

#include <stdlib.h>
#include <string.h>

static struct ferry_counted_loop *not_counted(struct ferry_counted_loop *c,
                                              enum ferry_counted_shape shape, const char *why) {
  c->shape = shape;
  ferry_refuse(c->refusal, sizeof c->refusal, "%s", why);
  return c;
}

/* Whether the counter counts down (a negative step), and the size of its
 * step either way. */
static bool counts_down(const struct ferry_counted_loop *c) { return c->step < 0; }
static uint64_t step_size(const struct ferry_counted_loop *c) {
  return c->step < 0 ? 0 - (uint64_t)c->step : (uint64_t)c->step;
}

/* The step as a constant of `type`: added to a counter, it moves it one
 * iteration on (wrapping in the counter's width). */
static LLVMValueRef step_constant(const struct ferry_counted_loop *c, LLVMTypeRef type) {
  if (c->step_value)
    return c->step_value; /* fixed before the loop, of the counter's type */
  return LLVMConstInt(type, (unsigned long long)c->step, c->step < 0);
}

/* The step's size in 64 bits, to divide by: a constant, or a step fixed
 * before the loop, taken as 1 where it is not positive (the exact reading
 * then does not hold, and its reader's check before the loop fails; the
 * division must still not be by 0). */
static LLVMValueRef step_divisor(const struct ferry_counted_loop *c, LLVMBuilderRef builder,
                                 LLVMTypeRef i64) {
  if (!c->step_value)
    return LLVMConstInt(i64, step_size(c), false);
  LLVMValueRef wide = LLVMGetIntTypeWidth(LLVMTypeOf(c->step_value)) == 64
                          ? c->step_value
                          : LLVMBuildSExt(builder, c->step_value, i64, "");
  LLVMValueRef one = LLVMConstInt(i64, 1, false);
  LLVMValueRef positive = LLVMBuildICmp(builder, LLVMIntSGT, wide, LLVMConstInt(i64, 0, false), "");
  return LLVMBuildSelect(builder, positive, wide, one, "ferry.step");
}

/* The exact reading's predicates (counts_while): signed, strict. */
static bool signed_test(LLVMIntPredicate test) {
  return test == LLVMIntSLT || test == LLVMIntSLE || test == LLVMIntSGT || test == LLVMIntSGE;
}
static bool strict_test(LLVMIntPredicate test) {
  return test == LLVMIntSLT || test == LLVMIntULT || test == LLVMIntSGT || test == LLVMIntUGT;
}

/* Whether the iterations that run can be told from the counter (see
 * ferry_counted_loop_runs_ahead and ferry_counted_loop_last_iteration): the
 * values the latch tests must only grow until one fails the test.
 * Counting by 1 while != bound, they may wrap (modulo 2^width, the test
 * fails at bound exactly). Counting by more while != bound needs an
 * increment that cannot wrap: then the counter reaches the bound from
 * below (or the program overflows a no-wrap increment, undefined), and !=
 * is < of the increment's signedness. Counting while < bound by 1, only
 * the first value tested can have wrapped (start + 1 from the type's
 * largest value): every later one is 1 past a value below the bound.
 * Counting while < bound by more, or while <= bound, needs an increment
 * that cannot wrap (nsw for a signed test, nuw for an unsigned one):
 * `unsigned k <= hi` never ends when hi is the type's largest value. Sets
 * c->counts_while, or writes c->refusal. */
static bool read_growing(struct ferry_counted_loop *c) {
  char *reason = c->refusal;
  size_t size = sizeof c->refusal;
  bool unit = c->step == 1;
  long long step = (long long)c->step;
  LLVMIntPredicate continue_while = c->continue_while;
  if (continue_while == LLVMIntNE && !unit) {
    if (c->no_signed_wrap)
      continue_while = LLVMIntSLT;
    else if (c->no_unsigned_wrap)
      continue_while = LLVMIntULT;
    else
      return ferry_refuse(reason, size,
                          "the loop counts by %lld until its counter equals the bound, and "
                          "its increment may wrap (no nsw or nuw), so the counter may pass "
                          "the bound and go round", step);
  }
  bool is_signed = continue_while == LLVMIntSLT || continue_while == LLVMIntSLE;
  bool no_wrap = is_signed ? c->no_signed_wrap : c->no_unsigned_wrap;
  switch (continue_while) {
  case LLVMIntNE:
    break;
  case LLVMIntULT:
  case LLVMIntSLT:
    if (!unit && !no_wrap)
      return ferry_refuse(reason, size,
                          "the loop counts by %lld while its counter is below the bound, and "
                          "its increment may wrap (no %s), so the counter may go round past "
                          "the bound",
                          step, is_signed ? "nsw" : "nuw");
    break;
  case LLVMIntULE:
  case LLVMIntSLE:
    if (!no_wrap)
      return ferry_refuse(reason, size,
                          "the loop continues while its counter is at most the bound, and its "
                          "increment may wrap (no %s): with the bound the type's largest "
                          "value, the loop would never end",
                          is_signed ? "nsw" : "nuw");
    break;
  default:
    return ferry_refuse(reason, size, "the loop's trip count has a form not handled (the "
                                      "counter grows while the test asks it to shrink)");
  }
  c->counts_while = continue_while;
  return true;
}

/* The same for a counter that counts down by s = -step (`for (k = n - 1;
 * k >= 0; k--)`, `for (k = hi; k >= lo; k -= TILE)`): the values the latch
 * tests must only shrink until one fails the test. Counting by 1 while !=
 * bound, modulo 2^width as above. Counting by more while != bound needs
 * nsw: != is then > (signed). Counting while > bound by 1, only the first
 * value tested can have wrapped (start - 1 from the type's least value):
 * every later one is 1 below a value above the bound. Counting while >
 * bound (signed) by more, or while >= bound (signed), needs nsw: `k >= lo`
 * never ends when lo is the type's least value. An unsigned test has no
 * flag that keeps the counter from going round below 0 (nuw on an add of
 * a negative step says the counter is below s, not that it shrinks):
 * counting by more than 1 while > bound, or while >= bound, it needs a
 * constant bound that a passing value cannot go below 0 from, s - 1 or
 * more for >, s or more for >= (`k >= 0; k -= TILE` reaches the latch as
 * an unsigned test of the counter against 2*TILE - 1). Nothing else, nuw
 * included, tells the iterations of a counter counting down. */
static bool read_shrinking(struct ferry_counted_loop *c) {
  char *reason = c->refusal;
  size_t size = sizeof c->refusal;
  uint64_t s = step_size(c);
  bool unit = s == 1;
  long long step = (long long)c->step;
  LLVMIntPredicate continue_while = c->continue_while;
  if (continue_while == LLVMIntNE && !unit) {
    if (!c->no_signed_wrap)
      return ferry_refuse(reason, size,
                          "the loop counts by %lld until its counter equals the bound, and "
                          "its increment may wrap (no nsw), so the counter may pass the bound "
                          "and go round", step);
    continue_while = LLVMIntSGT;
  }
  /* A constant bound a value passing the unsigned test cannot go below 0
   * from: the least such value minus s stays at least 0. */
  bool bound_keeps = false;
  if ((continue_while == LLVMIntUGT || continue_while == LLVMIntUGE) &&
      LLVMIsAConstantInt(c->bound)) {
    uint64_t bound = LLVMConstIntGetZExtValue(c->bound);
    bound_keeps = continue_while == LLVMIntUGT ? bound >= s - 1 : bound >= s;
  }
  switch (continue_while) {
  case LLVMIntNE:
    break;
  case LLVMIntSGT:
    if (!unit && !c->no_signed_wrap)
      return ferry_refuse(reason, size,
                          "the loop counts by %lld while its counter is above the bound, and "
                          "its increment may wrap (no nsw), so the counter may go round past "
                          "the bound", step);
    break;
  case LLVMIntSGE:
    if (!c->no_signed_wrap)
      return ferry_refuse(reason, size,
                          "the loop continues while its counter is at least the bound, and its "
                          "increment may wrap (no nsw): with the bound the type's least value, "
                          "the loop would never end");
    break;
  case LLVMIntUGT:
  case LLVMIntUGE:
    if ((continue_while == LLVMIntUGE || !unit) && !bound_keeps)
      return ferry_refuse(reason, size,
                          "the loop counts by %lld while its counter is %s the bound (unsigned), "
                          "and the bound is not a constant of at least %llu, so the counter may "
                          "go round below 0",
                          step, continue_while == LLVMIntUGT ? "above" : "at least",
                          (unsigned long long)(continue_while == LLVMIntUGT ? s - 1 : s));
    break;
  default:
    return ferry_refuse(reason, size, "the loop's trip count has a form not handled (the "
                                      "counter shrinks while the test asks it to grow)");
  }
  c->counts_while = continue_while;
  return true;
}

/* The exact reading (counted_loop.h), growing or shrinking. A counter
 * wider than 32 bits is tested in its own width (runs_ahead):
 * FERRY_LAUNCH_MAX_STAGES steps of it must stay below half its range. */
static bool read_exactly(struct ferry_counted_loop *c) {
  unsigned width = c->width;
  uint64_t limit = (uint64_t)(width > 32 ? FERRY_COUNTED_MAX_STEP >> (64 - width)
                                         : FERRY_COUNTED_MAX_STEP);
  if (step_size(c) > limit)
    return ferry_refuse(c->refusal, sizeof c->refusal,
                        "the loop's counter steps by %lld, more than ferry computes ahead "
                        "without overflow", (long long)c->step);
  return counts_down(c) ? read_shrinking(c) : read_growing(c);
}

struct ferry_counted_loop *ferry_counted_loop_compute(const struct ferry_loops *loops,
                                                      const struct ferry_loop *loop) {
  struct ferry_counted_loop *c = ferry_xcalloc(1, sizeof *c);
  c->loop = loop;
  c->header = loop->header;
  c->preheader = loop->preheader;
  if (!loop->preheader)
    return not_counted(c, FERRY_COUNTED_NO_PREHEADER, "the loop has no preheader");
  c->preheader_branch = LLVMGetBasicBlockTerminator(loop->preheader);
  if (loop->latches.count != 1 || loop->exiting.count != 1 ||
      loop->exiting.items[0] != loop->latches.items[0])
    return not_counted(c, FERRY_COUNTED_LATCHES, "the loop has more than one latch or exit");
  c->latch = loop->latches.items[0];
  LLVMValueRef branch = LLVMGetBasicBlockTerminator(c->latch);
  if (!LLVMIsABranchInst(branch) || !LLVMIsConditional(branch))
    return not_counted(c, FERRY_COUNTED_NOT_CONDITIONAL,
                       "the loop does not end in a conditional branch");
  LLVMValueRef compare = LLVMGetCondition(branch);
  if (!LLVMIsAICmpInst(compare))
    return not_counted(c, FERRY_COUNTED_NOT_ICMP,
                       "the loop's exit condition is not an integer comparison");
  c->latch_branch = branch;
  c->compare = compare;
  c->continue_on_true = LLVMGetSuccessor(branch, 0) == loop->header;
  c->exit = LLVMGetSuccessor(branch, c->continue_on_true ? 1 : 0);
  LLVMIntPredicate predicate = LLVMGetICmpPredicate(compare);
  /* At most one (side, phi) matches: the counter side is the phi or its
   * increment, an add of that phi alone, and the other side is
   * loop-invariant. */
  for (unsigned side = 0; side < 2; side++) {
    LLVMValueRef counter = LLVMGetOperand(compare, side);
    LLVMValueRef bound = LLVMGetOperand(compare, 1 - side);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(loop->header); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
      struct ferry_induction induction;
      if (!ferry_induction_variable(loops, phi, &induction) || induction.loop != loop ||
          (induction.increment != counter && phi != counter) ||
          ferry_loop_defines(loop, bound))
        continue;
      c->continue_while = side ? ferry_icmp_swapped(predicate) : predicate;
      if (!c->continue_on_true)
        c->continue_while = ferry_icmp_inverse(c->continue_while);
      c->iv = phi;
      c->increment = induction.increment;
      c->start = induction.start;
      c->bound = bound;
      c->step = induction.step;
      c->width = LLVMGetIntTypeWidth(LLVMTypeOf(phi));
      c->no_signed_wrap = induction.no_signed_wrap;
      c->no_unsigned_wrap = induction.no_unsigned_wrap;
      c->tests_next = counter == induction.increment;
      c->counter_first = side == 0;
      c->shape = FERRY_COUNTED;
      if (c->step == 0)
        ferry_refuse(c->refusal, sizeof c->refusal,
                     "the loop's counter steps by 0, so its trip is not told by the counter");
      else
        c->exact = read_exactly(c);
      return c;
    }
  }
  const char *why = "the loop's latch tests no counter against a bound fixed before the loop "
                    "(a header phi that adds a constant or a value fixed before the loop)";
  if (ferry_counted_by_value(loop, c, predicate, &why))
    return c;
  return not_counted(c, FERRY_COUNTED_NO_COUNTER, why);
}

/* The first value the latch tests, at the end of the iteration whose
 * counter is `counter`, in the counter's own width: counter + step (which
 * may wrap, see read_exactly), or counter itself. From the start on the
 * tested values are first + k * step, exactly, until one fails. */
static LLVMValueRef first_tested(const struct ferry_counted_loop *c, LLVMBuilderRef builder,
                                 LLVMValueRef counter) {
  if (!c->tests_next)
    return counter;
  return LLVMBuildAdd(builder, counter, step_constant(c, LLVMTypeOf(counter)), "");
}

/* How far `tested` is from the bound in the direction the counter moves:
 * bound - tested counting up, tested - bound counting down (in the type
 * of both). */
static LLVMValueRef toward_bound(const struct ferry_counted_loop *c, LLVMBuilderRef builder,
                                 LLVMValueRef tested, LLVMValueRef bound) {
  return counts_down(c) ? LLVMBuildSub(builder, tested, bound, "")
                        : LLVMBuildSub(builder, bound, tested, "");
}

LLVMValueRef ferry_counted_loop_last_iteration(const struct ferry_counted_loop *c,
                                               LLVMBuilderRef builder) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(c->bound)));
  LLVMValueRef zero = LLVMConstInt(i64, 0, false), one = LLVMConstInt(i64, 1, false);
  LLVMValueRef first = first_tested(c, builder, c->start);
  /* Counting by 1 while != bound, modulo 2^width: iteration k runs while
   * none of the k values tested before it is the bound. */
  if (c->counts_while == LLVMIntNE)
    return LLVMBuildZExt(builder, toward_bound(c, builder, first, c->bound), i64, "ferry.last");
  bool is_signed = signed_test(c->counts_while);
  LLVMValueRef bound = is_signed ? LLVMBuildSExt(builder, c->bound, i64, "")
                                 : LLVMBuildZExt(builder, c->bound, i64, "");
  LLVMValueRef wide_first = is_signed ? LLVMBuildSExt(builder, first, i64, "")
                                      : LLVMBuildZExt(builder, first, i64, "");
  /* Iteration k >= 1 runs while first + (k-1)*step < bound (<= bound): the
   * last is floor((bound - first - 1) / step) + 1 (floor((bound - first) /
   * step) + 1), and 0 when the first value tested fails (the loop runs
   * once); counting down by s, while first - (k-1)*s > bound (>= bound),
   * the same with first - bound and s. In 64 bits nothing wraps. */
  bool strict = strict_test(c->counts_while);
  LLVMValueRef difference = toward_bound(c, builder, wide_first, bound);
  LLVMValueRef reach = strict ? LLVMBuildSub(builder, difference, one, "") : difference;
  LLVMValueRef reaches = LLVMBuildICmp(builder, LLVMIntSGE, reach, zero, "");
  LLVMValueRef step = step_divisor(c, builder, i64);
  LLVMValueRef steps = LLVMBuildAdd(builder, LLVMBuildSDiv(builder, reach, step, ""), one, "");
  return LLVMBuildSelect(builder, reaches, steps, zero, "ferry.last");
}

/* An integer read as signed, in 64 bits. */
static LLVMValueRef signed_64(LLVMBuilderRef builder, LLVMValueRef value, LLVMTypeRef i64) {
  if (LLVMGetIntTypeWidth(LLVMTypeOf(value)) == 64)
    return value;
  return LLVMBuildSExt(builder, value, i64, "");
}

/* a - b in 64 bits, signed, its overflow ORed into *overflow; folded
 * where both are constants. */
static LLVMValueRef checked_sub(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef a,
                                LLVMValueRef b, LLVMValueRef *overflow) {
  LLVMTypeRef i64 = LLVMTypeOf(a);
  if (LLVMIsAConstantInt(a) && LLVMIsAConstantInt(b)) {
    int64_t x = LLVMConstIntGetSExtValue(a), y = LLVMConstIntGetSExtValue(b), result;
    if (!__builtin_sub_overflow(x, y, &result))
      return LLVMConstInt(i64, (unsigned long long)result, true);
    *overflow = LLVMBuildOr(builder, *overflow,
                            LLVMConstInt(LLVMInt1TypeInContext(LLVMGetModuleContext(module)), 1,
                                         false),
                            "");
    return LLVMConstInt(i64, 0, true);
  }
  if (LLVMIsAConstantInt(b) && LLVMConstIntGetSExtValue(b) == 0)
    return a;
  static const char name[] = "llvm.ssub.with.overflow";
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(module, id, &i64, 1);
  LLVMValueRef args[2] = {a, b};
  LLVMValueRef pair = LLVMBuildCall2(builder, LLVMGlobalGetValueType(fn), fn, args, 2, "");
  *overflow = LLVMBuildOr(builder, *overflow, LLVMBuildExtractValue(builder, pair, 1, ""), "");
  return LLVMBuildExtractValue(builder, pair, 0, "");
}

LLVMValueRef ferry_counted_loop_last_iteration_wide(const struct ferry_counted_loop *c,
                                                    LLVMModuleRef module, LLVMBuilderRef builder,
                                                    LLVMValueRef *overflow) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(module));
  LLVMValueRef first = first_tested(c, builder, c->start);
  LLVMValueRef zero = LLVMConstInt(i64, 0, true), one = LLVMConstInt(i64, 1, true);
  LLVMValueRef limit = LLVMConstInt(i64, UINT64_C(1) << 62, true);
  if (c->counts_while == LLVMIntNE) { /* by 1, modulo 2^width */
    LLVMValueRef last = LLVMBuildZExt(builder, toward_bound(c, builder, first, c->bound), i64, "");
    *overflow =
        LLVMBuildOr(builder, *overflow, LLVMBuildICmp(builder, LLVMIntUGE, last, limit, ""), "");
    return last;
  }
  bool strict = strict_test(c->counts_while);
  bool is_signed = signed_test(c->counts_while);
  /* Iteration 1 runs when the first value tested passes; the difference
   * (bound - first, or first - bound counting down) is then exact (as
   * unsigned, for an unsigned test). */
  LLVMValueRef runs_again = LLVMBuildICmp(builder, c->counts_while, first, c->bound, "");
  LLVMValueRef difference;
  if (is_signed) {
    LLVMValueRef bound = signed_64(builder, c->bound, i64);
    LLVMValueRef wide_first = signed_64(builder, first, i64);
    difference = counts_down(c) ? checked_sub(module, builder, wide_first, bound, overflow)
                                : checked_sub(module, builder, bound, wide_first, overflow);
  } else {
    LLVMValueRef bound = LLVMBuildZExt(builder, c->bound, i64, "");
    difference = toward_bound(c, builder, LLVMBuildZExt(builder, first, i64, ""), bound);
  }
  *overflow = LLVMBuildOr(
      builder, *overflow,
      LLVMBuildAnd(builder, runs_again, LLVMBuildICmp(builder, LLVMIntUGE, difference, limit, ""),
                   ""),
      "");
  LLVMValueRef reach = strict ? LLVMBuildSub(builder, difference, one, "") : difference;
  LLVMValueRef step = step_divisor(c, builder, i64);
  LLVMValueRef steps =
      LLVMBuildAdd(builder, LLVMBuildUDiv(builder, reach, step, ""), one, "");
  return LLVMBuildSelect(builder, runs_again, steps, zero, "ferry.last.wide");
}

/* The values tested from iteration i on are t, t + step, ... (t the one
 * tested at the end of iteration i: counter or counter + step), exactly,
 * until one fails (read_exactly), so iteration i+distance runs when
 * t + (distance-1)*step passes the test. While t passes, bound - t (t -
 * bound counting down) is exact as an unsigned number; (distance-1) times
 * the step's size stays within FERRY_COUNTED_MAX_STEP's bound. */
LLVMValueRef ferry_counted_loop_runs_ahead(const struct ferry_counted_loop *c,
                                           LLVMBuilderRef builder, LLVMValueRef counter,
                                           LLVMValueRef distance) {
  LLVMTypeRef type = LLVMTypeOf(c->bound);
  LLVMIntPredicate test = c->counts_while;
  LLVMValueRef tested = first_tested(c, builder, counter);
  LLVMValueRef remaining = toward_bound(c, builder, tested, c->bound);
  LLVMValueRef wide = ferry_build_int_as(builder, distance, type);
  LLVMValueRef runs;
  if (test == LLVMIntNE) { /* by 1: none of the next `distance` values is the bound */
    runs = LLVMBuildICmp(builder, LLVMIntUGE, remaining, wide, "ferry.runs");
  } else {
    LLVMValueRef further = LLVMBuildMul(
        builder, LLVMBuildSub(builder, wide, LLVMConstInt(type, 1, false), ""),
        LLVMConstInt(type, step_size(c), false), "");
    bool strict = strict_test(test);
    LLVMValueRef passes = LLVMBuildICmp(builder, test, tested, c->bound, "");
    LLVMValueRef far_enough =
        LLVMBuildICmp(builder, strict ? LLVMIntUGT : LLVMIntUGE, remaining, further, "");
    runs = LLVMBuildAnd(builder, passes, far_enough, "ferry.runs");
  }
  if (LLVMIsAConstantInt(distance)) /* >= 1 where a constant is asked for */
    return runs;
  LLVMValueRef now = LLVMBuildICmp(builder, LLVMIntEQ, distance,
                                   LLVMConstInt(LLVMTypeOf(distance), 0, false), "");
  return LLVMBuildOr(builder, now, runs, "ferry.runs");
}

LLVMValueRef ferry_counted_loop_runs_ahead_const(const struct ferry_counted_loop *c,
                                                 LLVMBuilderRef builder, LLVMValueRef counter,
                                                 unsigned distance) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(counter)));
  return ferry_counted_loop_runs_ahead(c, builder, counter, LLVMConstInt(i32, distance, false));
}

LLVMValueRef ferry_counted_loop_runs_checked(const struct ferry_counted_loop *c,
                                             LLVMBuilderRef builder, LLVMValueRef distance,
                                             bool read_signed, bool read_unsigned) {
  LLVMTypeRef type = LLVMTypeOf(c->iv);
  LLVMValueRef ahead = c->step == 1 ? distance
                                    : LLVMBuildMul(builder, distance,
                                                   LLVMConstInt(type, (unsigned long long)c->step, false), "");
  bool is_signed = c->continue_while == LLVMIntSLT || c->continue_while == LLVMIntSLE;
  bool relational = c->continue_while != LLVMIntNE, narrow = c->width < 64;
  bool check_signed = (relational && is_signed) || (narrow && read_signed);
  bool check_unsigned = (relational && !is_signed) || (narrow && read_unsigned);
  LLVMValueRef later =
      relational || check_signed || check_unsigned ? LLVMBuildAdd(builder, c->iv, ahead, "") : NULL;
  LLVMValueRef runs;
  if (!relational) {
    /* Iterations i+1..i+d run unless the counter meets the bound at one
     * of them: (bound - counter - 1) mod 2^w >= d. */
    LLVMValueRef left = LLVMBuildSub(builder, c->bound, c->iv, "");
    left = LLVMBuildSub(builder, left, LLVMConstInt(type, 1, false), "");
    runs = LLVMBuildICmp(builder, LLVMIntUGE, left, distance, "");
  } else {
    /* A < or <= test holds at every iteration up to i+d when it holds at
     * i+d and the counter has not wrapped on the way (in the test's
     * reading: checked below). */
    runs = c->counter_first
               ? LLVMBuildICmp(builder, LLVMGetICmpPredicate(c->compare), later, c->bound, "")
               : LLVMBuildICmp(builder, LLVMGetICmpPredicate(c->compare), c->bound, later, "");
    if (!c->continue_on_true)
      runs = LLVMBuildNot(builder, runs, "");
  }
  if (check_signed)
    runs = LLVMBuildAnd(builder, runs, LLVMBuildICmp(builder, LLVMIntSGT, later, c->iv, ""), "");
  if (check_unsigned)
    runs = LLVMBuildAnd(builder, runs, LLVMBuildICmp(builder, LLVMIntUGT, later, c->iv, ""), "");
  return runs;
}

bool ferry_counted_loop_guard_bound(const struct ferry_counted_loop *counted,
                                    const struct ferry_loop *loop, LLVMValueRef condition,
                                    bool holds, LLVMValueRef *bound, bool *inclusive) {
  if (counted->step != 1 || !LLVMIsAICmpInst(condition))
    return false;
  LLVMIntPredicate predicate = LLVMGetICmpPredicate(condition);
  LLVMValueRef counter = LLVMGetOperand(condition, 0);
  *bound = LLVMGetOperand(condition, 1);
  if (*bound == counted->iv) {
    *bound = counter;
    counter = counted->iv;
    predicate = ferry_icmp_swapped(predicate);
  }
  if (counter != counted->iv || ferry_loop_defines(loop, *bound))
    return false;
  if (!holds)
    predicate = ferry_icmp_inverse(predicate);
  *inclusive = predicate == LLVMIntSLE;
  return predicate == LLVMIntSLT || predicate == LLVMIntSLE;
}

LLVMValueRef ferry_counted_loop_guarded_last(const struct ferry_counted_loop *counted,
                                             const struct ferry_loop *loop,
                                             LLVMBuilderRef builder, const LLVMValueRef *guards,
                                             const bool *holds, size_t count, LLVMValueRef last,
                                             const char *name) {
  LLVMTypeRef i64 = LLVMTypeOf(last);
  for (size_t g = 0; g < count; g++) {
    LLVMValueRef bound;
    bool inclusive;
    if (!ferry_counted_loop_guard_bound(counted, loop, guards[g], holds[g], &bound, &inclusive))
      continue;
    /* start + j < B (<= B): j <= B - start - 1 (B - start). */
    LLVMValueRef end = LLVMBuildSub(builder, LLVMBuildSExt(builder, bound, i64, ""),
                                    LLVMBuildSExt(builder, counted->start, i64, ""), "");
    if (!inclusive)
      end = LLVMBuildSub(builder, end, LLVMConstInt(i64, 1, false), "");
    last = LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntSLT, end, last, ""), end, last,
                           name);
  }
  return last;
}
