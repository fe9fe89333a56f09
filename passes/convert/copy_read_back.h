/* A copy whose loaded value has other uses (issue 13, shape 5): the uses
 * read the value back from the copy's destination after its barrier
 * (copy_read_back.c). */
#ifndef FERRY_PASSES_COPY_READ_BACK_H
#define FERRY_PASSES_COPY_READ_BACK_H

#include "copy_site.h"

#include <llvm-c/Core.h>

/* NULL when every use of the copy's loaded value other than its store may
 * read the value back from the destination instead, else a sentence (for a
 * remark) saying why not. The site's consumer barriers are known. */
const char *ferry_read_back_refusal(const struct ferry_copy_site *site);

/* Gives each such use a load of the destination just before it, in place
 * of the loaded value. */
void ferry_read_back_uses(LLVMBuilderRef builder, const struct ferry_copy_site *site);

#endif
