/* The ring plan: what ferry_pipeline_check and the checks it calls
 * (pipeline_*.c) found, and all ferry_pipeline_apply (pipeline.c) reads.
 * Made by the checks, then only read: it holds no value the rewrite
 * makes (pipeline.c keeps those in its own state). */
#ifndef FERRY_PASSES_PIPELINE_PLAN_H
#define FERRY_PASSES_PIPELINE_PLAN_H

#include "copy_record.h"
#include "counted_loop.h"
#include "ir_build.h"
#include "loop_limits.h"
#include "pipeline.h"
#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* Stages: chosen up to AUTO_STAGES, forced (-ferry-stages) up to
 * FERRY_MAX_STAGES (loop_limits.h, with the measurement behind both). */
enum { AUTO_STAGES = FERRY_MAX_STAGES, RING_BUDGET = 16 * 1024, STATIC_LIMIT = 48 * 1024,
       BLOCK_RESERVE = 1024 };

/* Stages of a ring whose compute reads the copied bytes many times
 * (cost_model.h). Such a loop is bound by shared-memory traffic; with
 * many blocks on a multiprocessor, one tile in flight per block while one
 * is computed on hides the copy, and more stages only take shared memory;
 * with few, each block needs more in flight. Measured on an H100 (tiled
 * SGEMM, 4096^3): 16x16 tiles (256 threads, 8 blocks per SM) 14.40 ms
 * with 2 stages, 14.48 with 4; 32x32 tiles (1024 threads, 2 blocks per
 * SM) 14.05 ms with 2, 13.77 with 4. A multiprocessor holds at most
 * SM_THREADS threads; the block's threads are bounded by its launch
 * bounds and, for a block-collective copy, by its tile's elements (every
 * thread copies its own). */
enum { SM_THREADS = FERRY_SM_THREADS, REUSE_MANY_BLOCKS = 4, REUSE_STAGES_MANY_BLOCKS = 2,
       REUSE_STAGES_FEW_BLOCKS = 4 };

/* Stages of a block-strided copy loop's ring chosen by default
 * (pipeline_copy_loop.c). Each element of the copy loop tests, in the
 * copy loop, whether its iteration runs, and more stages measured slower
 * there: H100, 256 threads, 64 tiles of 1000 floats (4000 bytes a stage),
 * 1/4/16 blocks per SM: one stage 0.026/0.058/0.189 ms, 2 stages
 * 0.018/0.050/0.194, 4 stages 0.023/0.063/0.227 (as written:
 * 0.056/0.119/0.267); 2048 floats: one stage 0.029/0.061/0.196, 2 stages
 * 0.023/0.050/0.191. */
enum { COPY_LOOP_STAGES = 2 };

struct ring {
  LLVMValueRef buffer;       /* the original array */
  LLVMTypeRef type;          /* its value type */
  unsigned align;
  /* An extern __shared__ array: no new global, the slots lie
   * stage_bytes apart inside the dynamic shared memory. */
  bool dynamic;
  /* A dynamic ring of a launch dispatch's variant whose kernel gives no
   * hint: its slots are a new static array instead (pipeline_dynamic.h). */
  bool relocated;
  /* A dynamic ring of a variant whose kernel gives no hint, or a
   * from_static one, its stages chosen per launch (pipeline_dynamic.h):
   * slots `stride` apart in the launch's dynamic shared memory, as many as
   * it holds. */
  bool per_launch;
  /* A per_launch ring of a static array, in a variant whose kernel uses
   * no other shared memory (pipeline_check.c, choose_launch_ring): its
   * slots stage_bytes (a multiple of 16) apart in the launch's dynamic
   * shared memory where that holds two or more, else the array itself
   * (one stage: the loop as written); the host gives it tiles of the
   * kernel's static bytes (dispatch_runtime.c). */
  bool from_static;
  struct ferry_vec accesses; /* struct ferry_dynamic_access *, of a dynamic ring */
  unsigned long long stage_bytes; /* one slot: the type's size, or the bounded extent */
};

/* A load of a replaced array, to read this iteration's slot instead. */
struct rebased_use {
  LLVMValueRef load;
  size_t ring;
};

struct ferry_range_check; /* loop_version.h */

/* A branch condition known where a value is used: `condition`, an i1
 * defined before the loop (the same in every iteration), is `holds`. */
struct ferry_branch_fact {
  LLVMValueRef condition;
  bool holds;
};
enum { FERRY_MAX_FACTS = 8 };

/* The bytes a ring of 16-byte chunks keeps in flight per multiprocessor,
 * from which its stages follow the blocks the multiprocessor holds
 * (in_flight_stages). Measured on an H200 (bench/copy_compute's loop,
 * 1 KiB tiles, 256 threads; bench/results/h200-ring-in-flight.txt), % of
 * the cudaMemcpy roof at 1/2/4/8 blocks per SM: ferry's versioned ring of
 * chunks 70/93/85/83 with 16 stages, 58/80/95/86 with 8, 40/63/83/93 with
 * 4: the best keeps 32 KiB in flight (16/16/8/4 stages), more thrashes;
 * with S so chosen, 64/90/95/94. Rings of 4-byte per-thread copies moved
 * less than 1 % with their best count (at 8 blocks 85 % with 4 stages,
 * 88 % with 8 and with 16) and keep their fixed S. */
enum { IN_FLIGHT_BYTES = 32 * 1024, SM_BLOCKS = 32 };

/* The least S at which a per-launch ring has one barrier an iteration
 * (pipeline_one_barrier.c), where the loop allows it; its copies of the
 * loop for fewer stages keep both (ferry_pipeline_unswitch_stages). By
 * hand at one block per SM (H200, bench/copy_compute's loop, 1 KiB tiles,
 * bench/results/h200-deep-rings.txt), % of the cudaMemcpy roof with one
 * barrier and with two: 16 stages 77 / 77-78, 32 stages 89-90 / 79-84,
 * 64 stages 89-95 / 78-85; ferry's rings of 16 stages with one barrier ran
 * 0.982-0.996x of their two-barrier form (h200-one-barrier.txt). */
enum { ONE_BARRIER_STAGES = 32 };

struct ferry_pipeline {
  /* The stages; with launch_stages, the most a launch may get. */
  unsigned stages;
  /* The stage count S is a value computed before the loop (pipeline.c,
   * pipeline_launch_stages.c): a ring of the loop is per_launch (S, the
   * launch's), or the loop has in_flight_stages. */
  bool launch_stages;
  /* Static rings of 16-byte chunks whose S the kernel chooses as it runs:
   * the most stages, a power of two from 2 to `stages`, whose bytes times
   * the blocks a multiprocessor holds stay within IN_FLIGHT_BYTES (at
   * least 2); `stages` slots stay allocated (pipeline_stages.c decides,
   * pipeline_launch_stages.c computes S). */
  bool in_flight_stages;
  /* A per-launch ring of 16-byte chunks: S is also at most the count
   * in_flight_stages would choose for a slot of the launch's stride, so
   * that its bytes in flight are bounded as a static ring's are. */
  bool launch_in_flight;
  /* in_flight_stages: the blocks a multiprocessor can hold by the
   * kernel's static shared memory with its rings (and SM_BLOCKS). */
  unsigned resident_limit;
  bool reuse_heavy;          /* a copy pays only in a versioned ring (pipeline.h) */
  bool versioned;            /* pipeline_version.c: one check before the loop */
  /* pipeline_ranges.c: the stores that may write a source, checked once
   * before the loop against the bytes the copies read (the loop is then
   * versioned as for alignment); NULL when no store may. */
  struct ferry_range_check *ranges;
  /* pipeline_version.c: the uniform base pointers of sources not provably
   * global (copy_site.h, global_base), each tested with isspacep.global
   * once before the loop (the loop is then versioned as for the ranges). */
  LLVMValueRef global_bases[FERRY_RING_MAX_COPIES];
  size_t global_base_count;
  struct ferry_vec loop_blocks; /* the loop's blocks, header first, for the clone */
  /* Versioned: whether a collective copy's source is exactly affine in the
   * iteration (pipeline_version.c), so that the ring steps the address of
   * the thread's chunk from one iteration to the next, as hand-written
   * code steps its pointers, instead of computing it again. */
  bool source_streams[FERRY_RING_MAX_COPIES];
  struct ferry_pipeline_report report; /* the reasons, for the driver's remarks */
  unsigned long long dynamic_bytes; /* the kernel's dynamic_shared hint, when a ring is dynamic */
  /* The loop's counted reading (counted_loop.h: exact), owned by the
   * function's analyses: its header, preheader's branch (which moves to
   * the ring's entry when versioned), latch, exit, counter, bound, step
   * and latch test. */
  const struct ferry_counted_loop *counted;
  LLVMValueRef barrier;
  /* The barrier that ends each iteration, where the ring needs no other
   * barrier than `barrier` an iteration (pipeline_one_barrier.c): the
   * rewrite issues iteration i+S-1's copies just after `barrier` and runs
   * this one only where the loop ends. NULL: the ring keeps both. */
  LLVMValueRef trailing_barrier;
  /* With trailing_barrier: the least S that takes one barrier (2: every S
   * of a fixed or in-flight ring; ONE_BARRIER_STAGES for a per-launch
   * ring, whose copies of the loop for fewer keep both). */
  unsigned one_barrier_from;
  struct ring rings[FERRY_RING_MAX_COPIES];
  size_t ring_count;
  struct ferry_pipeline_copy copies[FERRY_RING_MAX_COPIES];
  size_t ring_of_copy[FERRY_RING_MAX_COPIES];
  /* A guarded copy's guard (copy_site.h, merged): the i1 of the loop that
   * holds where the copy loads (its negation where guard_inverted), part
   * of the cone, so that the ring evaluates it for the iteration it
   * issues; NULL for an unguarded copy. */
  LLVMValueRef guards[FERRY_RING_MAX_COPIES];
  bool guard_inverted[FERRY_RING_MAX_COPIES];
  size_t count;
  struct ferry_vec rebased;  /* struct rebased_use * */
  struct ferry_vec chains;   /* GEP/cast instructions between a buffer and its uses */
  struct ferry_map cone;     /* loop instructions sources depend on -> 1 */
  struct ferry_map steps;    /* induction phi -> constant step */
  struct ferry_map step_values; /* induction phi -> loop-invariant step value */
  /* Of step_values, the phis that subtract their step (`idx -= nx`): a
   * staged copy's only (reads_down_steps), whose ranges are intervals
   * (address_interval.c); the rings' affine forms read adds alone. */
  struct ferry_map down_steps;
  bool reads_down_steps;
  /* pointer phi -> its increment, a GEP of it by one loop-invariant index */
  struct ferry_map pointer_steps;
  struct ferry_map starts;   /* induction phi -> start value */
  /* A ring of one block-strided copy loop (issue 13, shape 4 in rings;
   * pipeline_copy_loop.c): the inner loop holding every copy, and its
   * counter, which the copies of a later iteration keep as it is. NULL for
   * copies that run once per iteration. */
  const struct ferry_loop *copy_loop;
  LLVMValueRef copy_counter;
  /* A staged copy's values (staged_copy.c), none for a ring: the
   * conditions known wherever the copy runs, so that a header phi the
   * loop steps only where they hold is read as stepped
   * (ferry_pipeline_guarded_step). */
  struct ferry_branch_fact facts[FERRY_MAX_FACTS];
  size_t fact_count;
};

/* pipeline_check.c: adds `value` (a source address or guard, `what` for
 * the reason) and the loop's values it depends on to p's cone, each pure
 * arithmetic over induction variables, stepped phis and loop-invariant
 * values; refuses otherwise. */
bool ferry_pipeline_collect_cone(struct ferry_pipeline *p, const struct ferry_loops *loops,
                                 const struct ferry_loop *loop, LLVMValueRef value,
                                 const char *what, char *reason, size_t size);

/* pipeline_values.c: whether the edge from `from` into `to` is never taken
 * where the facts hold: `from` branches on a fact's condition the other
 * way, or `to` begins with a phi that is a fact's condition and takes from
 * `from` the constant that contradicts it. */
bool ferry_edge_excluded(const struct ferry_branch_fact *facts, size_t count,
                         LLVMBasicBlockRef from, LLVMBasicBlockRef to);
/* pipeline_values.c: `value` where the facts hold, through phis of `loop`
 * other than its header's (and of no loop when `loop` is NULL) whose
 * values on the edges the facts leave are one value; `value` itself where
 * they are not. */
LLVMValueRef ferry_resolve_under_facts(const struct ferry_loop *loop,
                                       const struct ferry_branch_fact *facts, size_t count,
                                       LLVMValueRef value);
/* pipeline_values.c: a header phi of `loop` that, where p's facts hold,
 * adds the same loop-invariant value each iteration (`if (active) indg +=
 * NY * pitch;` with `active` fixed before the loop): its value k
 * iterations on is then phi + k * step in every thread where the facts
 * hold; elsewhere it is never read ahead (the staged copy's guard holds
 * the facts). Where p reads_down_steps, also one that subtracts it
 * (`idx -= nx`, with or without facts): *down, phi - k * step. */
bool ferry_pipeline_guarded_step(const struct ferry_pipeline *p, const struct ferry_loop *loop,
                                 LLVMValueRef phi, LLVMValueRef *start, LLVMValueRef *step,
                                 bool *down);

/* pipeline_copy_loop.c: for copies in a block-strided copy loop nested in
 * `loop`, checks that the copy loop runs the same iterations in every
 * iteration of `loop` and that its copies can be issued ahead where they
 * stand; sets p->copy_loop and p->copy_counter, or refuses. Refuses what
 * the first version of these rings leaves out. */
bool ferry_pipeline_check_copy_loop(struct ferry_pipeline *p, const struct ferry_loop *loop,
                                    char *reason, size_t size);
/* After the other checks: refuses a copy loop's ring that would be
 * dynamic, per launch, versioned, range-checked or tested for global
 * memory. */
bool ferry_pipeline_copy_loop_plain(const struct ferry_pipeline *p, char *reason, size_t size);

/* pipeline_values.c: `value`, a source address or part of one, as
 * iteration i+distance computes it (prologue: i = 0, so induction
 * variables start from their start values); cloned at the builder's
 * position. ferry_pipeline_value_ahead takes the distance as a value
 * computed before the loop (an i32, the launch's S - 1) when
 * `distance_value` is not NULL. */
LLVMValueRef ferry_pipeline_value_at(const struct ferry_pipeline *p, LLVMBuilderRef builder,
                                     LLVMValueRef value, unsigned distance, bool prologue,
                                     struct ferry_map *made);
LLVMValueRef ferry_pipeline_value_ahead(const struct ferry_pipeline *p, LLVMBuilderRef builder,
                                        LLVMValueRef value, unsigned distance,
                                        LLVMValueRef distance_value, bool prologue,
                                        struct ferry_map *made);

/* `value` (a pointer into `buffer`, through GEPs and casts) with the buffer
 * replaced by `base`, built at the builder's position (pipeline_values.c). */
LLVMValueRef ferry_pipeline_rebase(LLVMBuilderRef builder, LLVMValueRef value,
                                   LLVMValueRef buffer, LLVMValueRef base);

/* pipeline_one_barrier.c. Sets p->trailing_barrier where the loop's
 * barrier that ends each iteration is needed only where the loop ends;
 * else leaves it NULL, with p->report.barrier_refusal saying why (nothing
 * for a copy loop's ring or one of heavy reuse, whose issue stands
 * elsewhere). After ferry_pipeline_choose_stages. */
bool ferry_pipeline_plan_one_barrier(struct ferry_pipeline *p, const struct ferry_loop *loop);

/* pipeline_stages.c. S: as many stages as asked for (or AUTO_STAGES),
 * halved until the ring fits the budget of a ring chosen by default, the
 * share of an SM's shared memory that __launch_bounds__' minimum blocks
 * leave each block, and the 48 KiB of static shared memory; for a copy of
 * heavy reuse, by the blocks a multiprocessor holds (REUSE_*). The
 * function's other static shared memory counts the rings of `planned`
 * (the loops of the function already pipelined, struct ferry_pipeline *)
 * in place of the arrays they replace. Sets p->stages and p->stage_reason
 * (what bound S), or refuses. */
bool ferry_pipeline_choose_stages(struct ferry_pipeline *p, LLVMModuleRef module,
                                  const struct ferry_vec *planned, char *reason, size_t size);

/* pipeline_version.c. Whether the loop can be versioned: every
 * collective copy's addresses affine in the row and the iteration, made
 * of values thread_values.h can rebuild for row 0 and row 1. */
bool ferry_pipeline_plan_version(struct ferry_pipeline *p, struct ferry_affine_context *affine,
                                 const struct ferry_loop *loop, char *reason, size_t size);
/* pipeline_version.c. Every copy whose source is not provably global has
 * a uniform base computed before the loop: plans its isspacep.global test
 * there (p->global_bases), the ring's copies then untested; or refuses. */
bool ferry_pipeline_plan_global_test(struct ferry_pipeline *p, const struct ferry_loop *loop,
                                     char *reason, size_t size);
/* Splits the loop into its two versions (`rings`, the ring of each of
 * p->rings, already made; NULL for a dynamic one): the preheader ends in
 * the check, the pipelined version is entered from a new block
 * (p->counted->preheader_branch moves there), the clone reads slot 0 of the rings;
 * the clone's copies are kept as written in the function's `record`
 * (copy_record.h). */
void ferry_pipeline_version(const struct ferry_pipeline *p, const LLVMValueRef rings[],
                            LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef last,
                            struct ferry_copy_record *record);

/* pipeline_ranges.c. Every instruction of the loop that may write a
 * copy's source must be a plain store whose bytes, like the copies', a
 * check before the loop can bound over the block and the iterations:
 * plans that check (p->ranges), or refuses, with a remark at each store
 * that cannot be checked. */
bool ferry_pipeline_check_writes(struct ferry_pipeline *p, struct ferry_affine_context *affine,
                                 const struct ferry_loop *loop, char *reason, size_t size);
/* At the builder's position before the loop: whether the bytes each
 * checked store writes miss those the copies read, over the block's
 * threads and iterations 0..last (`last`: the index of the last
 * iteration in 64 bits, or NULL for a counter wider than 32 bits, whose
 * last iteration the check computes itself). Uniform across the block. */
LLVMValueRef ferry_pipeline_ranges_disjoint(const struct ferry_pipeline *p, LLVMModuleRef module,
                                            LLVMBuilderRef builder, LLVMValueRef last);
/* The words of the report's range_stores (pipeline.h), or "". */
const char *ferry_pipeline_range_stores(const struct ferry_pipeline *p);

static inline bool pipeline_forwards_pointer(LLVMValueRef value) {
  LLVMOpcode opcode = ferry_opcode_of(value);
  return opcode == LLVMGetElementPtr || opcode == LLVMAddrSpaceCast || opcode == LLVMBitCast;
}

#endif
