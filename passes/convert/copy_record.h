/* What the automatic passes decided for a function's copies, handed on
 * from one pass to the next in memory, never in the IR.
 *
 * ferry-pipeline, ferry-prefetch and ferry-async-copy run in that order on
 * one module. The first of them to meet a copy plans it (copy_plan.h) and
 * records its decision here, keyed by its store (or memcpy), which no pass
 * before ferry-async-copy erases, except the ring's copies, whose
 * decisions ferry-pipeline drops before its rewrite: whether it may join a
 * ring (and, where no ring takes it, be prefetched), whether ferry-async-copy
 * converts it one stage at a time where nothing took it, and, where it stays
 * as written, why (its remarks, held until ferry-async-copy says them, in
 * the order it meets the copies). A later pass reads the decision and
 * plans the copy no further: it computes on the IR it rewrites only what
 * it emits (the copy's site and form), and the rings and prefetches on
 * the loops it finds.
 *
 * A copy a pass decided stays decided: the plain copy a prefetch keeps
 * (its source prefetched), the fallback copy of a versioned ring's loop or
 * of a run-time check (the copy as written where the check fails) are
 * never taken for copies by a later pass. A function is refused whole
 * (its target, its own asynchronous copies or inline assembly) when first
 * planned, before any pass rewrote it: the rings' asynchronous copies are
 * never a reason; the prefetch's inline assembly is, for the copies it
 * leaves. ferry-async-copy says the refusal once. The plugin
 * keeps one set of records per module while those passes run one after the
 * other (plugin.cpp: a module analysis that only they preserve); anything
 * else that changes the module drops it, and the passes then know only
 * what they see (a function with asynchronous copies is refused whole:
 * never unsafe). */
#ifndef FERRY_PASSES_COPY_RECORD_H
#define FERRY_PASSES_COPY_RECORD_H

#include "bridge.h"
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
  /* ferry-pipeline staged its load (staged_copy.h): the store, as
   * written, now stores the value of the thread's slot */
  FERRY_KEPT_STAGED,
};

/* A remark decided by one pass and said by a later one. */
struct ferry_held_remark {
  enum ferry_remark_kind kind;
  LLVMValueRef at; /* NULL: the copy where it is said */
  const char *name; /* a string literal */
  char *message;
};

/* Holds a remark in `held` (struct ferry_held_remark *). */
void ferry_hold_remark(struct ferry_vec *held, enum ferry_remark_kind kind, LLVMValueRef at,
                       const char *name, const char *message);
/* Says the remarks held, in order, at `copy` where one has no place of its
 * own. */
void ferry_say_held_remarks(const struct ferry_vec *held, LLVMValueRef copy);
void ferry_free_held_remarks(struct ferry_vec *held);

/* What the plan decided for one copy. */
struct ferry_copy_decision {
  /* May join a ring: its ring form applies (copy_plan.c); ferry-pipeline's
   * to take, ferry-prefetch's where no ring took it. */
  bool ring;
  bool reuse_heavy; /* its ring form: pays only as a ring's chunks (cost_model.h) */
  /* Converted one stage at a time where no ring or prefetch took it;
   * otherwise it stays as written, for the reasons held. */
  bool single_stage;
  /* A trial candidate (single_stage too): the cost model refused it for
   * want of speed alone (cost_model.h; its words held in `reasons`), in a
   * launch dispatch's variant that a trial can time (dispatch.h), under
   * -ferry-trial-candidates. It converts only where the kernel's variant
   * runs nowhere untimed, as K__ferry_trial: where another conversion of
   * the variant is one the rules choose untimed (a ring, a prefetched
   * loop, a copy ferry_copy_pays_untimed keeps), the variant is the rules'
   * and the candidate stays as written, for the reasons held. Never set
   * where no trial can run (converted in place): the rules' refusal
   * stands there. */
  bool trial;
  /* It stays as written because the copy site's analysis refused it
   * (copy_site.c): its reason is the IR's where it is said (the passes
   * before may have changed the code around the copy: a ring's own
   * operations before its barrier). */
  bool refused_where_found;
  /* Refused only for where its value lands (copy_site.h,
   * landing_hazard), its load otherwise fit to be issued early: a
   * plain global load of 4, 8 or 16 bytes aligned to its size.
   * ferry-pipeline may stage it (issue the
   * load iterations ahead into slots of the thread's own: staged_copy.h);
   * where it does not, the copy stays as written for the reasons held. */
  bool staged;
  /* Refused only for where its value lands (copy_site.h,
   * landing_hazard): why its load is not staged either (owned; NULL
   * where no pass decided it), said with the refusal ("...; not staged:
   * REASON"). Written once, by ferry_copy_decision_not_staged: by the
   * plan where the load itself is not fit (copy_plan.c), else by
   * ferry-pipeline's staged legality (staged_check.c, pipeline_pass.c). */
  char *not_staged;
  struct ferry_vec reasons; /* struct ferry_held_remark *, said by ferry-async-copy */
  /* Fit for a ring, no ring taking it: whether ferry-prefetch prefetches
   * its loop, decided with the rings (loop_prefetch.h); where it does not,
   * why, held with the decision of the loop's first copy. */
  bool prefetch_decided, prefetch;
  struct ferry_vec prefetch_reasons;
};

/* Records why the copy's load is not staged, where nothing did before
 * (the first reason found is the one said). */
void ferry_copy_decision_not_staged(struct ferry_copy_decision *decision, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* One function's record. */
struct ferry_copy_record {
  bool planned;          /* a pass planned the function: `refused` is decided */
  bool refused;          /* no copy of the function is converted */
  /* Why, said once by ferry-async-copy at the first copy it meets (NULL
   * where the function had no copy when it was refused). */
  struct ferry_held_remark *refusal;
  struct ferry_map kept; /* store -> enum ferry_copy_kept */
  struct ferry_map decisions; /* store -> struct ferry_copy_decision * (0: taken) */
};

/* The records of a module's functions. */
struct ferry_copy_records;
struct ferry_copy_records *ferry_copy_records_create(void);
void ferry_copy_records_free(struct ferry_copy_records *records);
/* `fn`'s record, empty at first. */
struct ferry_copy_record *ferry_copy_record_of(struct ferry_copy_records *records,
                                               LLVMValueRef fn);

/* Records that `store` stays as written. */
void ferry_copy_record_keep(struct ferry_copy_record *record, LLVMValueRef store,
                            enum ferry_copy_kept why);
/* Whether a pass before decided that `store` stays as written. */
bool ferry_copy_record_kept(const struct ferry_copy_record *record, LLVMValueRef store);

/* Records the plan's decision for `store` (the record owns it). */
void ferry_copy_record_decide(struct ferry_copy_record *record, LLVMValueRef store,
                              struct ferry_copy_decision *decision);
/* The decision for `store`; NULL where none was made, or the copy was taken. */
struct ferry_copy_decision *ferry_copy_record_decision(const struct ferry_copy_record *record,
                                                       LLVMValueRef store);
/* Whether the function's decisions hold a trial candidate beside a copy
 * a ring or the single stage may take by the rules: the split a kernel's
 * second variant may measure (dispatch.h, FERRY_ALT_ATTRIBUTE), where the
 * candidate would stay as written in a variant the rules choose. */
bool ferry_copy_record_has_candidate_split(const struct ferry_copy_record *record);
/* Drops the decision for `store` when a pass takes the copy, before it
 * erases it (an instruction made later at its address is a copy no plan
 * has met). */
void ferry_copy_record_taken(struct ferry_copy_record *record, LLVMValueRef store);
/* Records that no copy of the function is converted, and why, where no
 * reason is held yet (ferry-async-copy says it). */
void ferry_copy_record_refuse(struct ferry_copy_record *record, enum ferry_remark_kind kind,
                              LLVMValueRef at, const char *name, const char *message);

#ifdef __cplusplus
}
#endif

#endif
