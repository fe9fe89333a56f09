/* Small IR helpers shared by the passes: building, and reading opcodes
 * and constants. */
#ifndef FERRY_PASSES_IR_BUILD_H
#define FERRY_PASSES_IR_BUILD_H

#include <llvm-c/Core.h>
#include <stdbool.h>

/* The opcode of an instruction or constant expression; 0 for any other
 * value (no opcode is 0). */
LLVMOpcode ferry_opcode_of(LLVMValueRef value);

/* A load or store that is neither volatile nor atomic. */
bool ferry_is_plain_access(LLVMValueRef inst);

/* The predicate with its operands swapped (a < b is b > a), and its
 * negation (not a < b is a >= b): llvm-c has neither. */
LLVMIntPredicate ferry_icmp_swapped(LLVMIntPredicate predicate);
LLVMIntPredicate ferry_icmp_inverse(LLVMIntPredicate predicate);

/* Calls a non-overloaded intrinsic by name at the builder's position. */
LLVMValueRef ferry_call_intrinsic(LLVMBuilderRef builder, LLVMModuleRef module,
                                  const char *name, LLVMValueRef *args, unsigned count);

/* The same address as a pointer in `addrspace`: the pointer itself when it
 * already is one, else an addrspacecast. The caller has proved the space. */
LLVMValueRef ferry_pointer_in_space(LLVMBuilderRef builder, LLVMValueRef pointer,
                                    unsigned addrspace);

/* The cache operator of cp.async of `size` bytes, for remarks: "cg" (L2
 * only) for 16 bytes, the only size .cg allows, and "ca" below (ptx.c
 * emits it). */
const char *ferry_cp_async_cache(unsigned size);

/* Splits the block of `before` there and returns a new empty block named
 * `name` placed between the two halves: *head (the old block, left without
 * a terminator for the caller to write) and *rest (`before` onwards, named
 * `rest_name`). */
LLVMBasicBlockRef ferry_open_region(LLVMValueRef before, const char *name, const char *rest_name,
                                    LLVMBasicBlockRef *head, LLVMBasicBlockRef *rest);

/* The integer `value` in the integer type `type`, modulo its width
 * (zero-extended where `type` is wider): how a ring's or a prefetch's
 * run-time distance (i32, at most FERRY_LAUNCH_MAX_STAGES) meets a counter
 * of any width, as a constant distance would. */
LLVMValueRef ferry_build_int_as(LLVMBuilderRef builder, LLVMValueRef value, LLVMTypeRef type);

/* Whether an instruction of `fn` uses `value`, directly or through
 * constant expressions. */
bool ferry_used_in_function(LLVMValueRef value, LLVMValueRef fn);

/* The text of a constant C string global, reached through casts and
 * all-zero GEPs (an annotation's operands), its trailing NUL left out, and
 * its length in *length; NULL for anything else. */
const char *ferry_constant_string(LLVMValueRef value, size_t *length);

/* `value` less the constant bitcasts and address space casts around it. */
LLVMValueRef ferry_strip_constant_casts(LLVMValueRef value);

/* The initializer of @llvm.global.annotations (each entry: the annotated
 * value, its string, file, line), or NULL where the module has none. */
LLVMValueRef ferry_global_annotations(LLVMModuleRef module);

/* One entry of that initializer: the annotated value, casts stripped; its
 * string (ferry_constant_string); the file and line where it is written
 * (NULL and 0 where the entry has none). */
struct ferry_annotation {
  LLVMValueRef value;
  const char *text;
  size_t length;
  const char *file; /* not NUL-terminated: file_length bytes */
  size_t file_length;
  unsigned line;
};

/* Reads entry `index` of `entries`; false where it has no value or no
 * string. */
bool ferry_annotation_at(LLVMValueRef entries, int index, struct ferry_annotation *a);

#endif
