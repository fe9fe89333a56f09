/* A counter that steps by a value fixed before the loop, not a constant
 * (counted_by_value.c): the reading counted_loop.c falls back to where no
 * induction variable of constant step (loops.h) is tested by the latch. */
#ifndef FERRY_PASSES_COUNTED_BY_VALUE_H
#define FERRY_PASSES_COUNTED_BY_VALUE_H

#include "counted_loop.h"

/* With c's latch fields set (compare, continue_on_true): whether the latch
 * tests, against a bound fixed before the loop, a header phi of `loop`
 * (or its increment) that adds each iteration a value fixed before the
 * loop, or that value clamped in the iteration that leaves the loop. Then
 * sets c's counter fields (step 0, step_value, clamped_step) and
 * exact_where_step_positive, with c->refusal saying why the exact reading
 * is not unconditional. Where not, *why says so where a header phi
 * tested by the latch adds a value the loop computes (else unchanged). */
bool ferry_counted_by_value(const struct ferry_loop *loop, struct ferry_counted_loop *c,
                            LLVMIntPredicate predicate, const char **why);

#endif
