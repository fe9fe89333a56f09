/* The checks behind -DFERRY_DEBUG.
 *
 * libcu++ verifies some preconditions "in debug mode" (a probability in
 * (0, 1], 0 < leading <= total <= 4 GiB, a pointer in the address space the
 * call needs). ferry does the same when the *caller* is compiled with
 * -DFERRY_DEBUG: the headers then replace the checked calls with macros that
 * run these functions first. A failed check prints the caller's file and
 * line and what is wrong (device printf), then traps, so the launch fails
 * with cudaErrorLaunchFailure / an illegal instruction.
 *
 * The functions are always in the bitcode library; without FERRY_DEBUG
 * nothing calls them, and clang links in only what is called, so release
 * builds carry none of it. */
#ifndef FERRY_DEBUG_H
#define FERRY_DEBUG_H

#include "ferry/config.h"

FERRY_BEGIN_DECLS

FERRY_DEVICE void ferry_debug_check_barrier_init(const void *barrier, uint32_t expected, const char *file,
                                                 int line);
FERRY_DEVICE void ferry_debug_check_pipeline_init(const void *shared_state, uint32_t stage_count,
                                                  uint32_t group_size, uint32_t producer_count,
                                                  const char *file, int line);
FERRY_DEVICE void ferry_debug_check_pipeline_attach(const void *shared_state, uint32_t stage_count,
                                                    const char *file, int line);
/* kind values are ferry_access_kind_t; `secondary` < 0 means none given. */
FERRY_DEVICE void ferry_debug_check_interleaved(int primary, float probability, int secondary,
                                                const char *file, int line);
FERRY_DEVICE void ferry_debug_check_range(const void *pointer, size_t leading_bytes, size_t total_bytes,
                                          int primary, int secondary, const char *file, int line);
FERRY_DEVICE void ferry_debug_check_global(const void *pointer, const char *call, const char *file, int line);
FERRY_DEVICE void ferry_debug_check_apply(const void *pointer, int kind, const char *file, int line);

FERRY_END_DECLS

#endif /* FERRY_DEBUG_H */
