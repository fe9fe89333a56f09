/* The choice between cp.async.bulk and 16-byte chunks on sm_90 (see
 * bulk_choice.h): bulk for rows of at least FERRY_BULK_MIN_BYTES bytes,
 * decided at compile time when blockDim.x is known, else at run time. */
#include "bulk_choice.h"

#include "bridge.h"
#include "kernel_options.h"
#include "target.h"

#include <stdio.h>

enum ferry_bulk_choice ferry_choose_bulk(LLVMValueRef fn, struct ferry_bulk_facts *facts,
                                         char *reason, size_t reason_size) {
  facts->row_bytes = 0;
  enum ferry_bulk_mode mode = ferry_option_bulk();
  char source[64] = "";
  struct ferry_kernel_options options; /* checked in kernel_options.c */
  if (!ferry_kernel_options(fn, &options)) {
    snprintf(reason, reason_size, "the kernel's ferry annotations are in error");
    return FERRY_BULK_NO;
  }
  if (options.has_bulk)
    mode = options.bulk;
  snprintf(source, sizeof source, options.has_bulk ? "annotate(\"ferry:bulk=%s\")" : "-ferry-bulk=%s",
           mode == FERRY_BULK_AUTO ? "auto" : mode == FERRY_BULK_ALWAYS ? "always" : "never");
  if (mode == FERRY_BULK_NEVER) {
    snprintf(reason, reason_size, "off (%s)", source);
    return FERRY_BULK_NO;
  }

  unsigned long long extents[3];
  if (ferry_thread_extents(fn, "nvvm.reqntid", extents)) {
    unsigned long long row = extents[0] * facts->size;
    facts->row_bytes = row;
    if (row % 16) {
      snprintf(reason, reason_size,
               "a row is %llu bytes (blockDim.x = %llu, from nvvm.reqntid), not a multiple of 16",
               row, extents[0]);
      return FERRY_BULK_NO;
    }
    if (mode == FERRY_BULK_AUTO && row < FERRY_BULK_MIN_BYTES) {
      snprintf(reason, reason_size,
               "a row is %llu bytes (blockDim.x = %llu, from nvvm.reqntid), below the %u "
               "from which one bulk copy pays (%s)", row, extents[0], FERRY_BULK_MIN_BYTES, source);
      return FERRY_BULK_NO;
    }
    return FERRY_BULK_EVERY_ROW;
  }
  if (mode == FERRY_BULK_ALWAYS)
    return FERRY_BULK_EVERY_ROW;

  /* The longest row possible: more would fail the run-time checks (rows
   * apart) or overrun the launch bounds or the array. */
  unsigned long long longest = ~0ULL;
  const char *bound = NULL;
  unsigned count = ferry_thread_extents(fn, "nvvm.maxntid", extents);
  if (count) {
    unsigned long long threads = extents[0] * (count > 1 ? extents[1] : 1) *
                                 (count > 2 ? extents[2] : 1);
    longest = threads * facts->size;
    bound = "__launch_bounds__ (nvvm.maxntid)";
  }
  if (facts->row_stride > 0 && (unsigned long long)facts->row_stride < longest) {
    longest = (unsigned long long)facts->row_stride;
    bound = "the destination's row stride";
  }
  if (facts->array_bytes && facts->array_bytes < longest) {
    longest = facts->array_bytes;
    bound = "the destination array's size";
  }
  if (longest < FERRY_BULK_MIN_BYTES) {
    snprintf(reason, reason_size,
             "a row is at most %llu bytes (%s), below the %u from which one bulk copy pays (%s)",
             longest, bound, FERRY_BULK_MIN_BYTES, source);
    return FERRY_BULK_NO;
  }
  return FERRY_BULK_LARGE_ROWS;
}
