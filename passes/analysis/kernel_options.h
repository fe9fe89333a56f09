/* Per-kernel settings, written in the source as annotate attributes:
 *
 *   __global__ void __attribute__((annotate("ferry:stages=4"))) kernel(...)
 *
 * clang lists them in @llvm.global.annotations as (function, string, file,
 * line) entries. This is the one place that reads them: every value is
 * parsed and checked here into the typed settings below, so that a setting
 * means the same to every pass whether or not that pass reaches the kernel.
 * A setting given for a kernel overrides the -mllvm option of the same name
 * for that kernel alone.
 *
 * Accepted, on a kernel (__global__):
 *   ferry:stages=N            N = 1 (no pipelining), 2, 4, 8 or 16
 *   ferry:dynamic_shared=B    B bytes of dynamic shared memory a launch
 *                             gives, 1 up to the most a block may have on
 *                             the target (227 KiB on sm_90)
 *   ferry:bulk=auto|always|never
 * A number is decimal digits alone: no sign, no space, no leading zero.
 * Each fault is a compile error at the annotation's own line (clang records
 * it with no need for debug information): an unknown key, a missing or
 * malformed value, a value out of range, and two annotations of one kernel
 * that give one key different values. A ferry: annotation on a function
 * that is not a kernel is a warning (it has no effect there). */
#ifndef FERRY_PASSES_KERNEL_OPTIONS_H
#define FERRY_PASSES_KERNEL_OPTIONS_H

#include "bridge.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

struct ferry_kernel_options {
  unsigned stages;                   /* 0 when not given */
  unsigned long long dynamic_shared; /* bytes; 0 when not given */
  bool has_bulk;
  enum ferry_bulk_mode bulk; /* when has_bulk */
};

/* fn's settings. False, with *options all unset, when one of fn's ferry:
 * annotations is faulty: the module's check reports it as an error, and
 * the caller leaves fn as written. */
bool ferry_kernel_options(LLVMValueRef fn, struct ferry_kernel_options *options);

/* Reports every fault of the module's ferry: annotations, once a module:
 * every ferry pass calls it first, and the first one to run (at any -O
 * level, for any target) reports; it marks the module as checked with an
 * empty named metadata, and returns whether it did so (the module changed). */
bool ferry_check_kernel_options(LLVMModuleRef module);

#endif
