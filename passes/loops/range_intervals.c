/* The range check's interval mode (loop_version.h,
 * ferry_range_check_new_intervals): before the loop, the bytes its reads
 * read and those its stores that may write them write, each over every
 * thread of the block and every iteration, as intervals computed at run
 * time from values the whole block shares (address_interval.h says how);
 * the check holds where every read's bytes miss every write's that may
 * write them. Staged copies check their loads with it (staged_copy.h). */
#include "address_interval.h"

#include "address_space.h"
#include "bridge.h"
#include "cfg.h"
#include "dominators.h"
#include "names.h"
#include "pipeline_plan.h"
#include "uniformity.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The mode: reads and writes planned, then one check ---- */

struct interval_read {
  LLVMValueRef pointer;
  unsigned long long bytes;
  const struct ferry_branch_fact *facts; /* the caller's, known where it runs */
  size_t fact_count;
  const LLVMValueRef *guards; /* the caller's: its guard's conditions and their ways */
  const bool *guard_holds;
  size_t guard_count;
};

struct interval_write {
  LLVMValueRef store;
  uint32_t reads;
  const struct ferry_branch_fact *facts;
  size_t fact_count;
};

struct ferry_range_intervals {
  struct ferry_loop_context context;
  struct interval_read reads[FERRY_RANGE_MAX_READS];
  size_t read_count;
  struct interval_write writes[FERRY_RANGE_MAX_WRITES];
  size_t write_count;
};

struct ferry_range_check *ferry_range_check_new_intervals(const struct ferry_loop_context *context) {
  struct ferry_range_check *check = ferry_range_check_new(FERRY_RANGE_OVER_BLOCK);
  check->intervals = ferry_xcalloc(1, sizeof *check->intervals);
  check->intervals->context = *context;
  return check;
}

void ferry_range_intervals_free(struct ferry_range_intervals *intervals) { free(intervals); }

size_t ferry_range_intervals_read_count(const struct ferry_range_intervals *intervals) {
  return intervals->read_count;
}

size_t ferry_range_intervals_write_count(const struct ferry_range_intervals *intervals) {
  return intervals->write_count;
}

/* The context of one access's bounds, before the loop (no builder: to
 * validate only). */
static struct interval_context context_of(const struct ferry_range_intervals *m,
                                          LLVMModuleRef module, LLVMBuilderRef builder,
                                          const struct ferry_branch_fact *facts,
                                          size_t fact_count, LLVMValueRef last, char *reason,
                                          size_t size) {
  return (struct interval_context){
      .module = module, .builder = builder, .context = m->context,
      .at = m->context.counted->preheader_branch, .facts = facts,
      .fact_count = fact_count, .last = last,
      .overflow = builder ? LLVMConstInt(LLVMInt1TypeInContext(LLVMGetModuleContext(module)), 0,
                                         false)
                          : NULL,
      .reason = reason, .reason_size = size};
}

/* Whether the interval of the access's address can be built. */
static bool bounded(const struct ferry_range_intervals *m, LLVMModuleRef module,
                    LLVMValueRef pointer, const struct ferry_branch_fact *facts,
                    size_t fact_count, char *reason, size_t size) {
  struct interval_context x =
      context_of(m, module, NULL, facts, fact_count, NULL, reason, size);
  LLVMValueRef base, lo, hi;
  bool ok = ferry_address_interval(&x, pointer, &base, &lo, &hi);
  ferry_interval_context_free(&x);
  return ok;
}

bool ferry_range_check_read_interval(struct ferry_range_check *check, LLVMModuleRef module,
                                     LLVMValueRef pointer, unsigned long long bytes,
                                     const struct ferry_branch_fact *facts, size_t fact_count,
                                     const LLVMValueRef *guards, const bool *guard_holds,
                                     size_t guard_count, char *reason, size_t size) {
  struct ferry_range_intervals *m = check->intervals;
  if (m->read_count == FERRY_RANGE_MAX_READS)
    return ferry_refuse(reason, size, "the loop has more than %d reads to check",
                        FERRY_RANGE_MAX_READS);
  if (!bounded(m, module, pointer, facts, fact_count, reason, size))
    return false;
  m->reads[m->read_count++] = (struct interval_read){pointer, bytes, facts, fact_count,
                                                     guards, guard_holds, guard_count};
  return true;
}

bool ferry_range_check_write_interval(struct ferry_range_check *check, LLVMModuleRef module,
                                      LLVMValueRef store, uint32_t reads,
                                      const struct ferry_branch_fact *facts, size_t fact_count,
                                      char *reason, size_t size) {
  struct ferry_range_intervals *m = check->intervals;
  if (m->write_count == FERRY_RANGE_MAX_WRITES)
    return ferry_refuse(reason, size, "the loop has more than %d stores to check",
                        FERRY_RANGE_MAX_WRITES);
  if (!bounded(m, module, LLVMGetOperand(store, 1), facts, fact_count, reason, size))
    return false;
  m->writes[m->write_count++] = (struct interval_write){store, reads, facts, fact_count};
  return true;
}

/* The interval of one access's bytes, as generic addresses [start, end),
 * `ok` (i1) and-ed with their fitting: no overflow, neither bound
 * wrapped around the address space. */
static void build_range(const struct ferry_range_intervals *m, LLVMModuleRef module,
                        LLVMBuilderRef builder, LLVMValueRef last, LLVMValueRef pointer,
                        unsigned long long size, const struct ferry_branch_fact *facts,
                        size_t fact_count, LLVMValueRef *ok, LLVMValueRef *start,
                        LLVMValueRef *end) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(module));
  char unused[FERRY_REASON_SIZE];
  struct interval_context x =
      context_of(m, module, builder, facts, fact_count, last, unused, sizeof unused);
  LLVMValueRef base, lo, hi;
  ferry_address_interval(&x, pointer, &base, &lo, &hi); /* bounded when planned */
  ferry_interval_context_free(&x);
  LLVMValueRef address = LLVMBuildPtrToInt(
      builder, ferry_pointer_in_space(builder, base, FERRY_ADDRSPACE_GENERIC), i64, "");
  *start = LLVMBuildAdd(builder, address, lo, "");
  *end = LLVMBuildAdd(builder, LLVMBuildAdd(builder, address, hi, ""),
                      LLVMConstInt(i64, size, false), "");
  *ok = LLVMBuildAnd(builder, *ok, LLVMBuildNot(builder, x.overflow, ""), "");
  *ok = LLVMBuildAnd(builder, *ok, LLVMBuildICmp(builder, LLVMIntULE, *start, *end, ""), "");
}

/* The index of the last iteration in which the read may run (i64): the
 * loop's, or earlier where a counter guard ends it first
 * (ferry_counted_loop_guarded_last). */
static LLVMValueRef read_last(const struct ferry_range_intervals *m,
                              const struct interval_read *read, LLVMBuilderRef builder,
                              LLVMValueRef last) {
  return ferry_counted_loop_guarded_last(m->context.counted, m->context.loop, builder, read->guards,
                                         read->guard_holds, read->guard_count, last,
                                         "ferry.ranges.last");
}

LLVMValueRef ferry_range_check_emit_intervals(const struct ferry_range_check *check,
                                              LLVMModuleRef module, LLVMBuilderRef builder,
                                              LLVMValueRef last, LLVMValueRef holds) {
  const struct ferry_range_intervals *m = check->intervals;
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(module);
  LLVMValueRef ok = holds;
  LLVMValueRef starts[FERRY_RANGE_MAX_READS] = {0}, ends[FERRY_RANGE_MAX_READS] = {0};
  for (size_t w = 0; w < m->write_count; w++) {
    const struct interval_write *write = &m->writes[w];
    LLVMValueRef start, end;
    build_range(m, module, builder, last, LLVMGetOperand(write->store, 1),
                LLVMStoreSizeOfType(layout, LLVMTypeOf(LLVMGetOperand(write->store, 0))),
                write->facts, write->fact_count, &ok, &start, &end);
    for (size_t c = 0; c < m->read_count; c++) {
      if (!(write->reads & (UINT32_C(1) << c)))
        continue;
      const struct interval_read *read = &m->reads[c];
      if (!starts[c])
        build_range(m, module, builder, read_last(m, read, builder, last), read->pointer,
                    read->bytes, read->facts, read->fact_count, &ok, &starts[c], &ends[c]);
      LLVMValueRef apart =
          LLVMBuildOr(builder, LLVMBuildICmp(builder, LLVMIntULE, ends[c], start, ""),
                      LLVMBuildICmp(builder, LLVMIntULE, end, starts[c], ""), "");
      ok = LLVMBuildAnd(builder, ok, apart, "ferry.ranges.apart");
    }
  }
  return ok;
}
