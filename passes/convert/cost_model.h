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
 * outside a ring. */
#ifndef FERRY_PASSES_COST_MODEL_H
#define FERRY_PASSES_COST_MODEL_H

#include "copy_site.h"

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
   * computes in place): the single-stage form measured slower there, so
   * only a ring converts it; reason says why. */
  FERRY_PAYS_IN_RING_ONLY,
};

/* Whether converting the copy is predicted not to slow the kernel. */
enum ferry_payoff ferry_copy_payoff(const struct ferry_copy_site *site, char *reason,
                                    size_t reason_size);

/* Bulk or chunks, for a block-collective copy on sm_90 that is not
 * pipelined (a row is blockDim.x * size contiguous bytes):
 *
 * - a row is copied in bulk (one cp.async.bulk, completed on an mbarrier)
 *   when it is at least FERRY_BULK_MIN_BYTES long, and as 16-byte
 *   cp.async.cg chunks below that: a bulk copy costs one instruction and
 *   one mbarrier round trip whatever its size, while chunks cost one
 *   instruction per 16 bytes, spread over the row's threads; under 128
 *   bytes (8 chunks, a quarter of a warp) the chunks are no dearer and
 *   need no mbarrier. This is -ferry-bulk=auto; the default is never:
 *   on an H100 (bench/, single stage) a bulk copy per 1 KiB row measured
 *   0.88-0.91x legacy where chunks measured 0.98-1.00x.
 * - When blockDim.x is known ("nvvm.reqntid"), the row's size is known and
 *   the choice is made at compile time; rows whose size is not a multiple
 *   of 16 are then refused (no 16-byte form applies). When only bounds are
 *   known (__launch_bounds__' "nvvm.maxntid", the row stride of a 2-D
 *   tile, the destination array's size), rows that cannot reach the
 *   threshold are chunked; otherwise the emitted code compares the row's
 *   bytes with the threshold, uniformly within a row.
 * - -ferry-bulk=always|never (or annotate("ferry:bulk=always|never|auto")
 *   on the kernel, which wins) forces the choice; always still needs the
 *   run-time alignment check, with the original copy as its fallback. */
enum { FERRY_BULK_MIN_BYTES = 128 };

enum ferry_bulk_choice {
  FERRY_BULK_NO,         /* 16-byte chunks; reason says why */
  FERRY_BULK_LARGE_ROWS, /* bulk for rows of at least FERRY_BULK_MIN_BYTES, by a run-time test */
  FERRY_BULK_EVERY_ROW,  /* bulk for every row */
};

struct ferry_bulk_facts {
  unsigned size;                      /* bytes per element */
  int64_t row_stride;                 /* destination bytes between rows; 0: one row */
  unsigned long long array_bytes;     /* the destination array's bytes, 0 when unknown */
  unsigned long long row_bytes;       /* out: the row's bytes when known, else 0 */
};

/* The choice for a collective copy in fn; an invalid annotation is a
 * compile error at fn. */
enum ferry_bulk_choice ferry_choose_bulk(LLVMValueRef fn, struct ferry_bulk_facts *facts,
                                         char *reason, size_t reason_size);

#endif
