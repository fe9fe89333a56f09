/* The limits of ferry's loops, each named once: what the pipeliner, the
 * prefetch, the kernel annotations (kernel_options.c) and the launch
 * dispatch's choice at run time agree on. Plain C with no LLVM, so that
 * dispatch/dispatch_runtime.c, compiled on its own to host bitcode, can
 * include it (as "../support/loop_limits.h"). */
#ifndef FERRY_PASSES_LOOP_LIMITS_H
#define FERRY_PASSES_LOOP_LIMITS_H

#include <stdint.h>

/* The most stages of a ring, however chosen: by the pipeliner
 * (pipeline_stages.c), -ferry-stages, annotate("ferry:stages=N") and, for
 * a ring in the launch's dynamic shared memory, each launch. Sixteen 1 KiB
 * stages measured best on an H100 (bench/: 83/96/93/92% of the copy roof
 * at 1/2/4/8 blocks per SM, against 70/87/91/93% with 8). */
enum { FERRY_MAX_STAGES = 16 };

/* The most stages of a ring in the launch's dynamic shared memory
 * (pipeline_dynamic.h), which only a block alone on its multiprocessor
 * gets (the host gives a launch these bytes only there: dispatch_runtime.c).
 * At one block per SM a ring with two barriers an iteration stays at
 * 77-85 % of the roof however deep; with one barrier, 32 and 64 stages of
 * 1 KiB reach 89-95 % (H200, bench/copy_compute's loop by hand,
 * bench/results/h200-deep-rings.txt); at two blocks, 16 stages are best
 * in every form. */
enum { FERRY_LAUNCH_MAX_STAGES = 64 };

/* The most threads a multiprocessor holds (sm_80, sm_90). */
enum { FERRY_SM_THREADS = 2048 };

/* The most copies one ring holds (its per-copy arrays, the range check's
 * bit per copy), and the most one prefetched loop holds. The prefetch
 * keeps no state per copy across iterations, so it takes more. */
enum { FERRY_RING_MAX_COPIES = 8, FERRY_PREFETCH_MAX_COPIES = 16 };

/* The most iterations ahead the prefetch reads (1 to 16, chosen at run
 * time: loop_prefetch.c). */
enum { FERRY_PREFETCH_MAX_DISTANCE = 16 };

/* The largest step of a counter whose later iterations a ring computes
 * (counted_loop.h, exact): FERRY_LAUNCH_MAX_STAGES steps of it stay far
 * from 2^63, so the counter's value some stages ahead is computed exactly;
 * a counter of w < 64 bits takes this >> (64 - w) (below half its range). */
#define FERRY_COUNTED_MAX_STEP (INT64_C(1) << 56)

/* The largest step of a counter the prefetch reads ahead: it tests in the
 * counter's own type whether iteration i + k runs, k up to
 * FERRY_PREFETCH_MAX_DISTANCE, and whether the counter wrapped on the way,
 * so k * step must stay below 2^31 for a 32-bit counter (16 * 2^20 =
 * 2^24). A different limit from FERRY_COUNTED_MAX_STEP (2^24 for 32 bits)
 * for the same reason: each is its own reader's, and either would serve;
 * the PTX of either reader changes if they are made one. */
#define FERRY_PREFETCH_MAX_STEP (INT64_C(1) << 20)

#endif
