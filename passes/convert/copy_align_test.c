/* The run-time alignment test (copy_align_test.h). A pointer is aligned
 * to a power of two when the low bits of its integer value are zero:
 * ptrtoint of a pointer in any address space keeps them (NVPTX maps each
 * space linearly into the generic one, at 16-byte aligned windows). */
#include "copy_align_test.h"

#include "util.h"

#include <stdlib.h>

struct entry_test {
  LLVMValueRef witness;
  unsigned size;
  LLVMValueRef aligned;
};

struct ferry_alignment_tests {
  LLVMValueRef fn;
  struct entry_test *entries;
  size_t count;
};

struct ferry_alignment_tests *ferry_alignment_tests_create(LLVMValueRef fn) {
  struct ferry_alignment_tests *tests = ferry_xcalloc(1, sizeof *tests);
  tests->fn = fn;
  return tests;
}

void ferry_alignment_tests_free(struct ferry_alignment_tests *tests) {
  if (tests)
    free(tests->entries);
  free(tests);
}

/* (pointer as i64) & (size - 1) == 0 */
static LLVMValueRef aligned_to(LLVMBuilderRef builder, LLVMValueRef pointer, unsigned size) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(pointer)));
  LLVMValueRef bits = LLVMBuildAnd(builder, LLVMBuildPtrToInt(builder, pointer, i64, ""),
                                   LLVMConstInt(i64, size - 1, false), "");
  return LLVMBuildICmp(builder, LLVMIntEQ, bits, LLVMConstInt(i64, 0, false), "ferry.aligned");
}

/* The same value wherever the function runs it: defined before its first
 * instruction. */
static bool function_invariant(LLVMValueRef witness) {
  return LLVMIsAArgument(witness) || LLVMIsAConstant(witness);
}

static LLVMValueRef entry_test(struct ferry_alignment_tests *tests, LLVMValueRef witness,
                               unsigned size) {
  for (size_t i = 0; i < tests->count; i++)
    if (tests->entries[i].witness == witness && tests->entries[i].size == size)
      return tests->entries[i].aligned;
  /* A builder of its own, after the entry's allocas: the caller's stays
   * where it is. */
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(witness)));
  LLVMValueRef first = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(tests->fn));
  while (first && LLVMIsAAllocaInst(first))
    first = LLVMGetNextInstruction(first);
  LLVMPositionBuilderBefore(builder, first);
  LLVMValueRef aligned = aligned_to(builder, witness, size);
  LLVMDisposeBuilder(builder);
  tests->entries = ferry_xrealloc(tests->entries, (tests->count + 1) * sizeof *tests->entries);
  tests->entries[tests->count++] = (struct entry_test){witness, size, aligned};
  return aligned;
}

LLVMValueRef ferry_alignment_test(LLVMBuilderRef builder, struct ferry_alignment_tests *tests,
                                  const struct ferry_copy_site *site) {
  LLVMValueRef test = NULL;
  for (int side = 0; side < 2; side++) {
    LLVMValueRef witness = site->alignment_witness[side];
    if (!witness)
      continue;
    LLVMValueRef aligned = function_invariant(witness) ? entry_test(tests, witness, site->size)
                                                       : aligned_to(builder, witness, site->size);
    test = test ? LLVMBuildAnd(builder, test, aligned, "ferry.aligned") : aligned;
  }
  return test;
}
