/* When an asynchronous copy pays (DESIGN.md: never slower than legacy).
 *
 * Measured on an H100 (bench/, same run): a single-stage copy (issue, then
 * wait before the consumer barrier) runs at 0.96-1.01x of legacy in a
 * streaming copy-and-compute loop, but at 0.88x (16x16 tiles) and 0.94x
 * (32x32) in a tiled SGEMM, whose compute reads each shared element many
 * times: such a kernel is bound by shared-memory traffic and already hides
 * global latency through occupancy. The rule: a copy whose block reads the
 * destination buffer heavily between the consumer barrier and the next one
 * is left alone. */
#ifndef FERRY_PASSES_COST_MODEL_H
#define FERRY_PASSES_COST_MODEL_H

#include "copy_site.h"

#include <stdbool.h>
#include <stddef.h>

/* Bytes each thread reads from the destination buffer in the phase after
 * the consumer barrier, per byte it copies, from which a copy is left
 * alone; a loop reading the buffer there counts as more. */
enum { FERRY_REUSE_LIMIT = 8 };

/* Whether converting the copy is predicted not to slow the kernel; if not,
 * reason says why (for a remark). */
bool ferry_copy_pays(const struct ferry_copy_site *site, char *reason, size_t reason_size);

#endif
