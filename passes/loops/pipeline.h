/* Software pipelining of copy loops (rule 5 of DESIGN.md § Automatic
 * conversion): a loop shaped copy(i) -> barrier -> compute on shared ->
 * barrier becomes an S-stage ring, where iteration i issues the copy of
 * iteration i+S-1 and waits only for its own. */
#ifndef FERRY_PASSES_PIPELINE_H
#define FERRY_PASSES_PIPELINE_H

#include "affine.h"
#include "copy_emit.h"
#include "copy_site.h"
#include "loops.h"
#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stddef.h>

struct ferry_pipeline_copy {
  const struct ferry_copy_site *site;
  struct ferry_copy_form form;
  /* The cost model found the compute reading the copied bytes many times
   * (cost_model.h): the copy pays only as 16-byte chunks of a ring
   * checked once before the loop (pipeline_version.c). */
  bool reuse_heavy;
};

struct ferry_pipeline; /* a checked plan: everything the rewrite needs */

/* Checks that the copies (all the converted copies of `loop`) can be
 * pipelined, changing nothing; NULL with a reason when not. */
struct ferry_pipeline *ferry_pipeline_check(LLVMModuleRef module,
                                            struct ferry_affine_context *affine,
                                            const struct ferry_loop *loop,
                                            const struct ferry_pipeline_copy *copies,
                                            size_t count, const struct ferry_vec *planned,
                                            char *reason, size_t reason_size);

unsigned ferry_pipeline_stages(const struct ferry_pipeline *pipeline);
/* Whether each launch chooses the stage count, up to ferry_pipeline_stages
 * (a variant's ring in the dynamic shared memory: pipeline_dynamic.h). */
bool ferry_pipeline_launch_stages(const struct ferry_pipeline *pipeline);
/* Whether the kernel chooses the stage count as it runs, up to
 * ferry_pipeline_stages, from the blocks a multiprocessor holds (a static
 * ring of 16-byte chunks: pipeline_plan.h, in_flight_stages). */
bool ferry_pipeline_in_flight_stages(const struct ferry_pipeline *pipeline);
/* Whether every ring of the loop is a static array of its own (none in
 * the launch's dynamic shared memory, relocated or not). */
bool ferry_pipeline_rings_static(const struct ferry_pipeline *pipeline);
/* Whether, with the loop's two barriers an iteration, iteration i issues
 * iteration i+S's copies at its end, into the slot it read; else
 * iteration i+S-1's during iteration i: in a copy loop
 * (pipeline_copy_loop.c) and where the compute reads the copied bytes many
 * times (pipeline.c, issues_at_end). */
bool ferry_pipeline_issues_at_end(const struct ferry_pipeline *pipeline);
/* The least S at which the ring waits at one barrier an iteration, or 0
 * where it never does: iteration i issues iteration i+S-1's copies just
 * after the copies' barrier, into the slot iteration i-1 read, and the
 * barrier that ended each iteration runs only where the loop ends
 * (pipeline_one_barrier.c). Below it, the ring keeps both barriers. */
unsigned ferry_pipeline_one_barrier_from(const struct ferry_pipeline *pipeline);
/* The debug location of that barrier that ended each iteration. */
LLVMMetadataRef ferry_pipeline_trailing_location(const struct ferry_pipeline *pipeline);
/* Whether the loop is versioned (pipeline_version.c): one check before it
 * chooses the ring, with its chunks unchecked, or the loop as written. */
bool ferry_pipeline_versioned(const struct ferry_pipeline *pipeline);
/* What the checks found that the driver (pipeline_pass.c) words as
 * remarks beside the ring's own; each "" when there is nothing to say. */
struct ferry_pipeline_report {
  /* Why that many stages: what asked for them or bound them. */
  char stage_reason[FERRY_REASON_SIZE];
  /* Why a variant's extern tile's ring is static, its stages fixed. */
  char launch_refusal[FERRY_REASON_SIZE];
  /* Why the ring keeps the loop's barrier that ends each iteration
   * (pipeline_one_barrier.c). */
  char barrier_refusal[FERRY_REASON_SIZE];
  /* Why a ring of block-collective copies is not versioned. */
  char version_refusal[FERRY_REASON_SIZE];
  /* The stores that may write a copy's source and that one check before
   * the loop finds writing none of the bytes the copies read (else the
   * loop runs as written): "the store at line 12:5 writes" ("the stores
   * ... write") (pipeline_ranges.c). */
  const char *range_stores;
};
const struct ferry_pipeline_report *ferry_pipeline_report(const struct ferry_pipeline *pipeline);
/* Whether a test before the loop finds the base pointers of sources not
 * provably global in global memory (pipeline_version.c). */
bool ferry_pipeline_tests_global(const struct ferry_pipeline *pipeline);

/* Rewrites the loop (prologue, ring, in-loop issue and commit, the wait
 * before the consumer barrier, drain) and erases the original copies;
 * frees the plan. */
void ferry_pipeline_apply(LLVMModuleRef module, LLVMBuilderRef builder,
                          struct ferry_emit_cache *cache, struct ferry_pipeline *pipeline);
void ferry_pipeline_free(struct ferry_pipeline *pipeline);

#endif
