/* When an asynchronous copy pays (DESIGN.md: never slower than legacy).
 *
 * Measured on an H100 (bench/, same run): a single-stage copy (issue, then
 * wait before the consumer barrier) runs at 0.96-1.01x of legacy in a
 * streaming copy-and-compute loop, but at 0.88x (16x16 tiles) and 0.94x
 * (32x32) in a tiled SGEMM, whose compute reads each shared element many
 * times: such a kernel is bound by shared-memory traffic and already hides
 * global latency through occupancy. Pipelined per-thread copies measured
 * no better (0.89x with 8 stages of 16x16 tiles, 0.96x with 2 of 32x32).
 * What does pay there is a ring of 16-byte chunks that a check before the
 * loop frees of per-row checks (pipeline_version.c), which costs the
 * compute no more than the copies of the hand-written kernels it matches.
 * The rule: a copy whose block reads the destination buffer heavily
 * between the consumer barrier and the next one pays only as such a ring;
 * ferry-pipeline makes one where it can, and the copy is otherwise left
 * alone. Likewise a copy whose block writes the destination again after
 * the consumer barrier (a tree reduction, a sorting network: 0.87-0.99x
 * as a single-stage copy, cost_model.c has the figures) stays plain
 * outside a ring, and so does a copy alone in its phase (its thread's only
 * load from global memory between the barrier before it and its consumer
 * barrier: nothing for its latency to overlap; measured on bench/real).
 * Each verdict here is for want of speed alone: under the launch dispatch
 * the plan makes such a copy a trial candidate (copy_record.h, trial),
 * converted in a variant that runs only where a trial timed it faster; the
 * verdict decides wherever no trial runs. */
#ifndef FERRY_PASSES_COST_MODEL_H
#define FERRY_PASSES_COST_MODEL_H

#include "cfg.h"
#include "copy_form.h"
#include "copy_site.h"
#include "loops.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes each thread reads from the destination buffer in the phase after
 * the consumer barrier, per byte it copies, from which a copy is left
 * alone; a loop reading the buffer there counts as more. */
enum { FERRY_REUSE_LIMIT = 8 };

enum ferry_payoff {
  FERRY_PAYS,
  /* Heavy reuse: only 16-byte chunks of a ring checked once before the
   * loop pay; reason says why (for the remark of a copy left alone). */
  FERRY_PAYS_IN_CHUNKED_RING_ONLY,
  /* The block writes the destination again after the barrier (it
   * computes in place), or the copy is alone in its phase: the
   * single-stage form measured slower there, so only a ring converts it;
   * reason says why. */
  FERRY_PAYS_IN_RING_ONLY,
};

/* Whether converting the copy is predicted not to slow the kernel; `loops`
 * are the copy's function's (built once per function by the caller). */
enum ferry_payoff ferry_copy_payoff(const struct ferry_copy_site *site,
                                    const struct ferry_loops *loops, const struct ferry_cfg *cfg,
                                    char *reason, size_t reason_size);

/* Whether the rules choose a converted copy's variant without a trial:
 * false for a single-stage copy each thread moves in cp.async of under 16
 * bytes (4 or 8, a struct copy's pieces too), outside copy loops; its
 * variant then runs only where the measured dispatch timed it faster
 * (dispatch.h, FERRY_TRIAL_VARIANT_SUFFIX). Measured on bench/real, as
 * cost_model.c says. */
bool ferry_copy_pays_untimed(const struct ferry_copy_form *form,
                             const struct ferry_copy_site *site);

#endif
