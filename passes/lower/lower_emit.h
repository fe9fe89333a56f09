/* Emitting the copy that replaces one memcpy_async intrinsic call. */
#ifndef FERRY_PASSES_LOWER_EMIT_H
#define FERRY_PASSES_LOWER_EMIT_H

#include "lower_call.h"
#include "target.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* What the checks proved before emission (lower_check.h fills it). */
struct ferry_lower_facts {
  struct ferry_target target;
  unsigned alignment;      /* both pointers are multiples of this (<= 16) */
  unsigned size_multiple;  /* the size is a multiple of this (<= 16) */
  int destination_space;   /* enum ferry_space of each pointer (UNKNOWN if not proved) */
  int source_space;
  int barrier_space;
};

/* Which paths the emitted code has, for the remark. */
struct ferry_lower_outcome {
  bool bulk, bulk_checked;   /* cp.async.bulk; behind a run-time check */
  bool async, async_checked; /* cp.async; behind a run-time check */
  unsigned async_widths;     /* the cp.async widths emitted (bit mask of 4, 8, 16) */
  bool synchronous;          /* a synchronous copy (the fallback, or the only path) */
};

/* Replaces the call with the copy: a cp.async.bulk path, a cp.async path
 * and a synchronous path, each present only where the target and the facts
 * allow it and chosen between at run time where the facts leave it open.
 * The call itself is left right after the copy, for the caller to report
 * on and erase. */
struct ferry_lower_outcome ferry_lower_emit(LLVMModuleRef module, const struct ferry_lower_call *call,
                                            const struct ferry_lower_facts *facts);

#endif
