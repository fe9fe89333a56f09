/* The per-function bundle of analyses (analyses.h): each member computed
 * when first asked for, from the members it needs. */
#include "analyses.h"

#include "util.h"

#include <stdlib.h>

struct ferry_analyses {
  LLVMValueRef function;
  bool have_loops; /* loops computed (NULL for a function with no body) */
  struct ferry_loops *loops;
  struct ferry_cfg *cfg;
  struct ferry_uniformity *uniformity;
  struct ferry_affine_context *affine;
  /* One counted-loop reading per loop, by the loop's index; each NULL
   * until asked for (the array itself made at the first question). */
  struct ferry_counted_loop **counted;
};

struct ferry_analyses *ferry_analyses_create(LLVMValueRef fn) {
  struct ferry_analyses *analyses = ferry_xcalloc(1, sizeof *analyses);
  analyses->function = fn;
  return analyses;
}

void ferry_analyses_invalidate(struct ferry_analyses *analyses) {
  /* In the order of their dependencies: affine forms use the uniformity
   * and the loops, the uniformity and the counted loops the loops. */
  ferry_affine_context_free(analyses->affine);
  ferry_uniformity_free(analyses->uniformity);
  ferry_cfg_free(analyses->cfg);
  if (analyses->counted)
    for (size_t l = 0; l < ferry_loop_count(analyses->loops); l++)
      free(analyses->counted[l]);
  free(analyses->counted);
  ferry_loops_free(analyses->loops);
  LLVMValueRef fn = analyses->function;
  *analyses = (struct ferry_analyses){.function = fn};
}

void ferry_analyses_free(struct ferry_analyses *analyses) {
  if (!analyses)
    return;
  ferry_analyses_invalidate(analyses);
  free(analyses);
}

LLVMValueRef ferry_analyses_function(const struct ferry_analyses *analyses) {
  return analyses->function;
}

const struct ferry_loops *ferry_analyses_loops(struct ferry_analyses *analyses) {
  if (!analyses->have_loops) {
    analyses->loops = ferry_loops_compute(analyses->function);
    analyses->have_loops = true;
  }
  return analyses->loops;
}

const struct ferry_dominators *ferry_analyses_dominators(struct ferry_analyses *analyses) {
  const struct ferry_loops *loops = ferry_analyses_loops(analyses);
  return loops ? ferry_loops_dominators(loops) : NULL;
}

const struct ferry_cfg *ferry_analyses_cfg(struct ferry_analyses *analyses) {
  LLVMValueRef fn = analyses->function;
  if (!analyses->cfg && !LLVMIsDeclaration(fn) && LLVMCountBasicBlocks(fn))
    analyses->cfg = ferry_cfg_compute(fn);
  return analyses->cfg;
}

const struct ferry_uniformity *ferry_analyses_uniformity(struct ferry_analyses *analyses) {
  const struct ferry_loops *loops = ferry_analyses_loops(analyses);
  if (!analyses->uniformity && loops)
    analyses->uniformity = ferry_uniformity_compute(analyses->function, loops);
  return analyses->uniformity;
}

struct ferry_affine_context *ferry_analyses_affine(struct ferry_analyses *analyses) {
  const struct ferry_loops *loops = ferry_analyses_loops(analyses);
  if (!analyses->affine && loops)
    analyses->affine = ferry_affine_context_create(analyses, analyses->function, loops,
                                                   ferry_analyses_uniformity(analyses));
  return analyses->affine;
}

const struct ferry_counted_loop *ferry_analyses_counted_loop(struct ferry_analyses *analyses,
                                                             const struct ferry_loop *loop) {
  const struct ferry_loops *loops = ferry_analyses_loops(analyses);
  size_t count = loops ? ferry_loop_count(loops) : 0;
  for (size_t l = 0; l < count; l++) {
    if (ferry_loop_at(loops, l) != loop)
      continue;
    if (!analyses->counted)
      analyses->counted = ferry_xcalloc(count, sizeof *analyses->counted);
    if (!analyses->counted[l])
      analyses->counted[l] = ferry_counted_loop_compute(loops, loop);
    return analyses->counted[l];
  }
  return NULL;
}
