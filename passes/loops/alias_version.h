/* Alias versioning (issue 32): in the launch dispatch's variant of a
 * kernel, a loop whose stores may write what its loads read, through
 * pointers that may alias (an accumulator in global memory, `C[i] +=
 * A[i][k] * B[k]`), is versioned on one run-time check that the bytes its
 * stores write miss the bytes its other accesses touch (loop_version.h).
 * In the checked copy every access carries scoped no-alias metadata, so
 * that LLVM's LICM keeps the accumulator in a register and its loads are
 * free to be issued ahead; the loop as written is the fallback. The C++
 * half (plugin.cpp: AliasVersionPass) gives the loops preheaders
 * first and runs LLVM's passes on the versioned function afterwards. */
#ifndef FERRY_PASSES_ALIAS_VERSION_H
#define FERRY_PASSES_ALIAS_VERSION_H

#include <llvm-c/Core.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether `fn` is a variant of the dispatch (dispatch.h) with a loop that
 * alias versioning would look at: an innermost loop holding a store that
 * may write what another of its accesses reads or writes. Changes
 * nothing. */
bool ferry_alias_version_wanted(LLVMValueRef fn);

/* Versions each such loop of `fn` whose check can be made, and says why of
 * each other (remarks). Every loop looked at must have a preheader (the C++
 * half runs LoopSimplify first). The number of loops versioned; a
 * function with any is marked converted (dispatch.h). */
unsigned ferry_alias_version_function(LLVMValueRef fn);

#ifdef __cplusplus
}
#endif

#endif
