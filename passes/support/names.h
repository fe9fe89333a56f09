/* Names of values and blocks as the IR printer shows them ("%x", "%12",
 * "@g"), so that analysis printers and remarks refer to what a user sees in
 * `opt -S` output. llvm-c has no slot tracker; this replays its numbering. */
#ifndef FERRY_PASSES_NAMES_H
#define FERRY_PASSES_NAMES_H

#include <llvm-c/Core.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the printed name of `value` (an argument, instruction, basic block
 * as value, global, or constant) into buf. Constants print as their IR text. */
void ferry_value_name(LLVMValueRef value, char *buf, size_t size);
void ferry_block_name(LLVMBasicBlockRef block, char *buf, size_t size);

/* Forgets the cached numbering (call after the module may have changed). */
void ferry_names_invalidate(void);

#ifdef __cplusplus
}
#endif

#endif
