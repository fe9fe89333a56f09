/* What the automatic passes decided for a function's copies, handed on
 * from one pass to the next in memory, never in the IR.
 *
 * ferry-pipeline, ferry-prefetch and ferry-async-copy run in that order on
 * one module and each plans the copies it finds (copy_plan.h). A copy one
 * of them decided stays decided: the plain copy a prefetch keeps (its
 * source prefetched), the fallback copy of a versioned ring's loop or of a
 * run-time check (the copy as written where the check fails) are never
 * taken for copies by a later pass; and a function that holds ferry's
 * rings issues asynchronous copies that are the flow's own, no reason for
 * ferry-async-copy to leave it alone. The plugin keeps one set of records
 * per module while those passes run one after the other (plugin.cpp: a
 * module analysis that only they preserve); anything else that changes
 * the module drops it, and the passes then know only what they see (a
 * function with asynchronous copies is refused whole: never unsafe). */
#ifndef FERRY_PASSES_COPY_RECORD_H
#define FERRY_PASSES_COPY_RECORD_H

#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Why a copy stays as written. */
enum ferry_copy_kept {
  FERRY_KEPT_PREFETCHED = 1, /* ferry-prefetch: plain, its source prefetched ahead */
  FERRY_KEPT_RING_FALLBACK,  /* the loop as written beside a versioned ring */
  FERRY_KEPT_CHECK_FALLBACK, /* the copy as written where a run-time check fails */
};

/* One function's record. */
struct ferry_copy_record {
  bool rings;            /* ferry-pipeline made rings in the function */
  struct ferry_map kept; /* store -> enum ferry_copy_kept */
};

/* The records of a module's functions. */
struct ferry_copy_records;
struct ferry_copy_records *ferry_copy_records_create(void);
void ferry_copy_records_free(struct ferry_copy_records *records);
/* `fn`'s record, empty at first; NULL records give NULL. */
struct ferry_copy_record *ferry_copy_record_of(struct ferry_copy_records *records,
                                               LLVMValueRef fn);

/* Records that `store` stays as written (a NULL record records nothing:
 * a pass run with no records, whose output nothing plans again). */
void ferry_copy_record_keep(struct ferry_copy_record *record, LLVMValueRef store,
                            enum ferry_copy_kept why);
/* Whether a pass before decided that `store` stays as written. */
bool ferry_copy_record_kept(const struct ferry_copy_record *record, LLVMValueRef store);

#ifdef __cplusplus
}
#endif

#endif
