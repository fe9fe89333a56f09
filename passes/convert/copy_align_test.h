/* The run-time alignment test of a per-thread copy versioned on it
 * (copy_form.h, test_alignment): this thread's test that each side the
 * site names (copy_site.h, alignment_witness) is aligned to the copy's
 * size. A side whose witness is a kernel parameter or a global (the same
 * value everywhere in the function) is tested once, at the function's
 * entry, for all the copies that share it; another is tested where the
 * copy stands. */
#ifndef FERRY_PASSES_COPY_ALIGN_TEST_H
#define FERRY_PASSES_COPY_ALIGN_TEST_H

#include "copy_site.h"

#include <llvm-c/Core.h>

/* The tests made at one function's entry, made once each. */
struct ferry_alignment_tests;
struct ferry_alignment_tests *ferry_alignment_tests_create(LLVMValueRef fn);
void ferry_alignment_tests_free(struct ferry_alignment_tests *tests);

/* An i1, true where both of the site's addresses are aligned to its size;
 * what is not built at the entry is built at the builder's position. */
LLVMValueRef ferry_alignment_test(LLVMBuilderRef builder, struct ferry_alignment_tests *tests,
                                  const struct ferry_copy_site *site);

#endif
