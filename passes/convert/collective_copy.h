/* The block-collective form of a copy (rule 4 of DESIGN.md § Automatic
 * conversion): when the copies of all threads of a block fill rows of
 * blockDim.x contiguous elements, the row is re-partitioned into 16-byte
 * cp.async.cg chunks, one per thread for the first row_bytes/16 threads. */
#ifndef FERRY_PASSES_COLLECTIVE_COPY_H
#define FERRY_PASSES_COLLECTIVE_COPY_H

#include "affine.h"
#include "copy_form.h"
#include "copy_site.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether a legal copy (ferry_analyze_copy said CONVERTIBLE) has a
 * block-collective form: then sets form's kind (FERRY_COPY_CHUNKS, or
 * FERRY_COPY_LINEAR_CHUNKS where rows of threadIdx.y can be dealt over the
 * block's linear thread index) and its collective fields (copy_form.h);
 * form's size and align are the site's already. On refusal, reason says
 * why and form is as it was. */
bool ferry_match_collective(struct ferry_affine_context *context,
                            const struct ferry_copy_site *site,
                            struct ferry_copy_form *form,
                            char *reason, size_t reason_size);

/* Whether every thread of the block reaches `target`, or none (each branch
 * that can leave the paths to it decides uniformly), by the function's
 * analyses (its CFG, dominators and uniformity). */
struct ferry_analyses;
bool ferry_reached_uniformly(struct ferry_analyses *analyses, LLVMBasicBlockRef target);

#endif
