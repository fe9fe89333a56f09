/* A loop and the analyses its run-time checks read: the loop's blocks, its
 * counted form (trip count, induction variable, preheader), dominators and
 * uniformity. Made where the loop is chosen and carried as one value by
 * the staged copies' plan (staged_plan.h), the range check's interval mode
 * (range_intervals.c) and each access's interval (address_interval.h). */
#ifndef FERRY_PASSES_LOOP_CONTEXT_H
#define FERRY_PASSES_LOOP_CONTEXT_H

struct ferry_loop;
struct ferry_counted_loop;
struct ferry_dominators;
struct ferry_uniformity;

struct ferry_loop_context {
  const struct ferry_loop *loop;
  const struct ferry_counted_loop *counted;
  const struct ferry_dominators *dominators;
  const struct ferry_uniformity *uniformity;
};

#endif
