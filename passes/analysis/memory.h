/* What memory an instruction may touch, and whether two pointers may refer
 * to the same memory. Deliberately simple and conservative: the answer "no"
 * is given only with a reason that holds for every execution. */
#ifndef FERRY_PASSES_MEMORY_H
#define FERRY_PASSES_MEMORY_H

#include <llvm-c/Core.h>
#include <stdbool.h>

bool ferry_may_alias(LLVMValueRef a, LLVMValueRef b);

/* The pointer a load, store, atomicrmw or cmpxchg accesses; NULL otherwise. */
LLVMValueRef ferry_accessed_pointer(LLVMValueRef inst);

/* A call that reads and writes no memory (llvm.nvvm.read.ptx.sreg.*, ...). */
bool ferry_call_is_memory_free(LLVMValueRef call);

/* A call that ends the thread (llvm.trap, __assertfail, ...): it reads
 * only its own message arguments and never returns, so no copy can be
 * observed through it. */
bool ferry_call_is_abort(LLVMValueRef call);

/* A non-volatile llvm.memcpy, llvm.memmove or llvm.memset: its effects are
 * known exactly (operand 0 written, operand 1 read). */
bool ferry_is_memory_transfer(LLVMValueRef call);

/* May `inst` write memory that `pointer` refers to? Calls other than
 * memory-free ones may write anything. */
bool ferry_may_write(LLVMValueRef inst, LLVMValueRef pointer);
/* May `inst` read memory that `pointer` refers to? */
bool ferry_may_read(LLVMValueRef inst, LLVMValueRef pointer);

/* The callee of a direct call, or NULL (indirect calls, inline asm). */
LLVMValueRef ferry_called_function(LLVMValueRef call);
/* Whether a direct call's callee name starts with prefix. */
bool ferry_calls_prefix(LLVMValueRef call, const char *prefix);

#endif
