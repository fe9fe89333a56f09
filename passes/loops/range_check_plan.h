/* The range check's plan (loop_version.h), shared by the files of the
 * check: range_check.c plans the ranges of affine forms, range_check_emit.c
 * emits their check before the loop, range_intervals.c is the mode that
 * bounds addresses by intervals instead. Private to those files. */
#ifndef FERRY_PASSES_RANGE_CHECK_PLAN_H
#define FERRY_PASSES_RANGE_CHECK_PLAN_H

#include "loop_version.h"

#include <stdbool.h>
#include <stdint.h>

/* How deep extensions of extensions are followed. */
enum { MAX_NESTING = 2 };

/* An atom the loop changes by a fixed amount each iteration. */
struct stepped {
  LLVMValueRef phi;
  LLVMValueRef start;      /* defined before the loop */
  LLVMValueRef step_value; /* defined before the loop; NULL for a constant step */
  int64_t step;
};

/* An extension of a narrower value that is not uniform or is computed in
 * the loop: its range is that of the narrow value's form, which must stay
 * within the narrow type for the extension to read it exactly. */
struct widened {
  LLVMValueRef value;
  bool is_signed;
  unsigned width; /* the narrow value's */
  struct ferry_affine form;
};

/* base + offset .. + size, over the scope's threads and the iterations. */
struct range {
  LLVMValueRef at;            /* the store, or the copy */
  LLVMValueRef base;          /* a pointer defined before the loop (the start of a stepped one) */
  LLVMValueRef base_step;     /* a stepped base: its index, defined before the loop; else NULL */
  unsigned long long base_step_bytes; /* the stepped base's element size */
  struct ferry_affine offset;
  unsigned long long size;
  uint32_t reads;             /* a store's: the reads it is compared with */
};

struct ferry_range_check {
  enum ferry_range_scope scope;
  struct range reads[FERRY_RANGE_MAX_READS];
  size_t read_count;
  struct range writes[FERRY_RANGE_MAX_WRITES];
  size_t write_count;
  struct ferry_vec stepped; /* struct stepped * */
  struct ferry_vec widened; /* struct widened * */
  char names[FERRY_REASON_SIZE];  /* the stores checked, named */
  char stores[FERRY_REASON_SIZE]; /* "the store at ... writes", for the remark */
  /* The interval mode's reads and writes (range_intervals.c); NULL in
   * the affine mode, whose are those above. */
  struct ferry_range_intervals *intervals;
};

struct ferry_range_intervals; /* range_intervals.c */

/* The stepped atom `phi`, the widened value `value`, planned; NULL where none is. */
const struct stepped *ferry_range_find_stepped(const struct ferry_range_check *plan,
                                               LLVMValueRef phi);
const struct widened *ferry_range_find_widened(const struct ferry_range_check *plan,
                                               LLVMValueRef value);

/* The interval mode's part of ferry_range_check_free, _read_count and
 * _write_count (range_intervals.c). */
void ferry_range_intervals_free(struct ferry_range_intervals *intervals);
size_t ferry_range_intervals_read_count(const struct ferry_range_intervals *intervals);
size_t ferry_range_intervals_write_count(const struct ferry_range_intervals *intervals);

#endif
