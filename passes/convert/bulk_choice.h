/* The sm_90 half of the cost model: cp.async.bulk rows or 16-byte chunks
 * for a block-collective copy (cost_model.h has the reuse rule). */
#ifndef FERRY_PASSES_BULK_CHOICE_H
#define FERRY_PASSES_BULK_CHOICE_H

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

/* Bulk or chunks, for a block-collective copy on sm_90 that is not
 * pipelined (a row is blockDim.x * size contiguous bytes):
 *
 * - a row is copied in bulk (one cp.async.bulk, completed on an mbarrier)
 *   when it is at least FERRY_BULK_MIN_BYTES long, and as 16-byte
 *   cp.async.cg chunks below that: a bulk copy costs one instruction and
 *   one mbarrier round trip whatever its size, while chunks cost one
 *   instruction per 16 bytes, spread over the row's threads; under 128
 *   bytes (8 chunks, a quarter of a warp) the chunks are no dearer and
 *   need no mbarrier. This is -ferry-bulk=auto; the default is never:
 *   on an H100 (bench/, single stage) a bulk copy per 1 KiB row measured
 *   0.88-0.91x legacy where chunks measured 0.98-1.00x.
 * - When blockDim.x is known ("nvvm.reqntid"), the row's size is known and
 *   the choice is made at compile time; rows whose size is not a multiple
 *   of 16 are then refused (no 16-byte form applies). When only bounds are
 *   known (__launch_bounds__' "nvvm.maxntid", the row stride of a 2-D
 *   tile, the destination array's size), rows that cannot reach the
 *   threshold are chunked; otherwise the emitted code compares the row's
 *   bytes with the threshold, uniformly within a row.
 * - -ferry-bulk=always|never (or annotate("ferry:bulk=always|never|auto")
 *   on the kernel, which wins) forces the choice; always still needs the
 *   run-time alignment check, with the original copy as its fallback. */
enum { FERRY_BULK_MIN_BYTES = 128 };

enum ferry_bulk_choice {
  FERRY_BULK_NO,         /* 16-byte chunks; reason says why */
  FERRY_BULK_LARGE_ROWS, /* bulk for rows of at least FERRY_BULK_MIN_BYTES, by a run-time test */
  FERRY_BULK_EVERY_ROW,  /* bulk for every row */
};

struct ferry_bulk_facts {
  unsigned size;                      /* bytes per element */
  int64_t row_stride;                 /* destination bytes between rows; 0: one row */
  unsigned long long array_bytes;     /* the destination array's bytes, 0 when unknown */
  unsigned long long row_bytes;       /* out: the row's bytes when known, else 0 */
};

/* The choice for a collective copy in fn; an invalid annotation is a
 * compile error at fn. */
enum ferry_bulk_choice ferry_choose_bulk(LLVMValueRef fn, struct ferry_bulk_facts *facts,
                                         char *reason, size_t reason_size);

#endif
