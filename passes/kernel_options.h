/* Per-kernel settings, written in the source as annotate attributes:
 *
 *   __global__ void __attribute__((annotate("ferry:stages=4"))) kernel(...)
 *
 * clang lists them in @llvm.global.annotations as (function, string)
 * pairs. A setting given for a kernel overrides the -mllvm option of the
 * same name for that kernel alone. */
#ifndef FERRY_PASSES_KERNEL_OPTIONS_H
#define FERRY_PASSES_KERNEL_OPTIONS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

/* Copies the text after "ferry:<name>=" of fn's annotation into value
 * (NUL-terminated, truncated to size) and returns true; false when fn has
 * no such annotation. */
bool ferry_kernel_option(LLVMValueRef fn, const char *name, char *value, size_t size);

/* Reports a compile error for each "ferry:" annotation that names no
 * setting (or gives none a value). */
void ferry_check_kernel_options(LLVMModuleRef module);

#endif
