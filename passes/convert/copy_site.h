/* A global-to-shared copy site, `store (load global), shared`, a guarded
 * `store (select/phi of (load global) and zero), shared`, or a
 * constant-size memcpy, and whether it
 * may become an asynchronous copy (rules 1, 2 and 6 of DESIGN.md § Automatic
 * conversion). The analysis changes nothing. */
#ifndef FERRY_PASSES_COPY_SITE_H
#define FERRY_PASSES_COPY_SITE_H

#include "affine.h"
#include "barrier.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdbool.h>
#include <stddef.h>

/* The most stores a copy's run-time alias test covers. */
enum { FERRY_ALIAS_STORES = 4 };

struct ferry_copy_site {
  LLVMValueRef load;        /* load from global memory; NULL for a memcpy */
  /* A guarded copy: the select or phi that stores the loaded value where
   * the guard holds and zero elsewhere (copy_site.c); NULL otherwise. */
  LLVMValueRef merged;
  LLVMValueRef store;       /* store of its value to shared memory, or the memcpy */
  LLVMValueRef source;      /* the global pointer read */
  LLVMValueRef destination; /* the shared pointer written */
  unsigned size;            /* bytes per element: 1, 2, 4, 8 or 16; a struct
                               copy's (memcpy) up to 256 */
  unsigned align;           /* alignment both sides are known to have */
  unsigned source_align;    /* the source's alone (a staged load's slot is its own) */
  /* The destination's __shared__ array, when `align` counts on raising
   * its alignment to raise_to (affine.h, ferry_known_alignment): a pass
   * that converts the copy raises it. */
  LLVMValueRef raise_alignment;
  unsigned raise_to;
  /* Why one thread's cp.async cannot move this element (too small or
   * under-aligned), or "" when it can. */
  char per_thread_refusal[256];
  /* Where per_thread_refusal is only that a copy of 4, 8 or 16 bytes is
   * not proved aligned to its size, and the copy runs once before its
   * barrier (no guard, copy loop or read-back): for each side (source,
   * destination) not proved aligned, the pointer whose low bits decide it
   * (alignment.h, ferry_alignment_witness), NULL for a side that is. A
   * single-stage conversion may then version the copy on this thread's
   * run-time test of those bits (copy_plan.c); a ring never does. */
  LLVMValueRef alignment_witness[2];
  struct ferry_consumer_search consumers;
  /* A copy loop (copy_loop.h): the loop, with no barrier in it, whose
   * every iteration runs the copy; its cp.async are all in flight until
   * the consumer barriers after it. NULL for a copy that runs once before
   * its barrier. */
  const struct ferry_loop *loop;
  /* The loaded value has uses besides the store: each reads it back from
   * the destination after the consumer barrier (copy_read_back.h). */
  bool read_back;
  /* The source is a generic pointer not provably global: the copy is
   * versioned on isspacep.global, the copy as written where it fails. */
  bool check_global;
  /* With check_global: the source's base pointer (generic), when it is
   * uniform across the block (a pointer loaded from a by-value struct
   * parameter or from __constant__ memory: uniformity.h). The test is then
   * of the base, the same in every thread: the block takes one branch,
   * which lets the copy take the block-collective and bulk forms and a
   * ring (tested once before the loop). NULL: each thread tests its own
   * source. */
  LLVMValueRef global_base;
  /* Plain stores between the copy and its barrier that may write its
   * source, each at one address computed before the copy (or a GEP of such
   * values): the copy is versioned on a run-time test, this thread's, that
   * its source misses what each writes, the copy as written where it does
   * not (as check_global; both may hold). */
  LLVMValueRef alias_stores[FERRY_ALIAS_STORES];
  unsigned long long alias_store_bytes[FERRY_ALIAS_STORES];
  unsigned alias_store_count;
  /* Refused (FERRY_COPY_REFUSED) only for where its value lands: a hazard
   * at its destination (copy_hazards.h, ferry_destination_hazard), or,
   * every hazard search passed, the loaded value's other uses
   * (copy_read_back.h); every check before those passed, the fields above
   * up to `consumers` are set, and its load may be staged (staged_copy.h):
   * the store and every use then take the value from the thread's slot. */
  bool landing_hazard;
  /* For telling apart this thread's accesses to one array by their
   * offsets; NULL: any two accesses to one array may overlap. */
  struct ferry_affine_context *affine;
};

enum ferry_copy_verdict {
  FERRY_COPY_NOT_A_COPY,    /* not a global-to-shared copy at all: say nothing */
  FERRY_COPY_REFUSED,       /* a copy that must stay as it is: reason says why */
  FERRY_COPY_CONVERTIBLE,
};

/* `affine` (may be NULL) lets the analysis prove that this thread's other
 * accesses to the destination's array miss the copied element. */
enum ferry_copy_verdict ferry_analyze_copy(LLVMValueRef store,
                                           LLVMTargetDataRef layout,
                                           struct ferry_affine_context *affine,
                                           struct ferry_copy_site *site,
                                           char *reason, size_t reason_size);
void ferry_copy_site_free(struct ferry_copy_site *site);

#endif
