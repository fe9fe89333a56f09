/* The pipeliner's stage count (pipeline_plan.h): how many slots a ring
 * gets, from what the kernel asks for, the shared memory it may use and,
 * for a copy of heavy reuse, how many blocks share a multiprocessor. */
#include "pipeline_plan.h"

#include "address_space.h"
#include "bridge.h"
#include "kernel_options.h"
#include "target.h"

#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>

/* Shared memory of one multiprocessor, as a kernel may use it. */
static unsigned long long sm_shared_capacity(struct ferry_target target) {
  if (target.sm >= 90)
    return 228 * 1024;
  if (target.sm == 80)
    return 164 * 1024;
  return 100 * 1024;
}

/* __launch_bounds__(threads, N): N blocks must fit on a multiprocessor. */
static unsigned long long launch_bound_allowance(LLVMValueRef fn) {
  LLVMAttributeRef attribute = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, "nvvm.minctasm", 13);
  if (!attribute)
    return 0;
  unsigned length;
  const char *text = LLVMGetStringAttributeValue(attribute, &length);
  unsigned long long blocks = strtoull(text, NULL, 10);
  if (!blocks)
    return 0;
  unsigned long long per_block = sm_shared_capacity(ferry_function_target(fn)) / blocks;
  return per_block > BLOCK_RESERVE ? per_block - BLOCK_RESERVE : 1;
}

/* Whether a ring of a loop already pipelined (`planned`, struct
 * ferry_pipeline *) replaces the array `g`, and that ring's bytes. */
static bool replaced_by_ring(const struct ferry_vec *planned, LLVMValueRef g,
                             unsigned long long *bytes) {
  for (size_t i = 0; i < planned->count; i++) {
    const struct ferry_pipeline *q = planned->items[i];
    for (size_t r = 0; r < q->ring_count; r++)
      if (q->rings[r].buffer == g && !q->rings[r].dynamic && !q->rings[r].relocated &&
          !q->rings[r].per_launch) {
        *bytes = q->stages * q->rings[r].stage_bytes;
        return true;
      }
  }
  return false;
}

/* The static shared memory the kernel of the loop uses besides the arrays
 * being replaced, as it will be once the loops of `planned` are pipelined
 * too: their rings instead of their arrays. Other kernels' arrays are
 * theirs. (A device function the kernel calls is not looked into; the
 * 48 KiB check of ptxas still holds.) */
static unsigned long long static_shared_bytes(LLVMModuleRef module, LLVMTargetDataRef layout,
                                              const struct ferry_pipeline *p,
                                              const struct ferry_vec *planned) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(p->counted->latch_branch));
  unsigned long long bytes = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != FERRY_ADDRSPACE_SHARED ||
        LLVMIsDeclaration(g) || !ferry_used_in_function(g, fn))
      continue;
    bool ours = false;
    for (size_t r = 0; r < p->ring_count; r++)
      ours |= p->rings[r].buffer == g;
    if (ours)
      continue;
    unsigned long long ring;
    bytes += replaced_by_ring(planned, g, &ring)
                 ? ring
                 : LLVMABISizeOfType(layout, LLVMGlobalGetValueType(g));
  }
  /* Relocated rings (pipeline_dynamic.h) of loops pipelined before: new
   * arrays of their own. */
  for (size_t i = 0; i < planned->count; i++) {
    const struct ferry_pipeline *q = planned->items[i];
    for (size_t r = 0; r < q->ring_count; r++)
      if (q->rings[r].relocated)
        bytes += q->stages * q->rings[r].stage_bytes;
  }
  return bytes;
}

/* The stage count asked for: the kernel's annotate("ferry:stages=N"), else
 * -ferry-stages; 0 lets the pipeliner choose. Writes where it came from. */
static bool requested_stages(LLVMValueRef fn, unsigned *stages, char *source, size_t source_size,
                             char *reason, size_t size) {
  struct ferry_kernel_options options; /* checked in kernel_options.c */
  if (!ferry_kernel_options(fn, &options))
    return ferry_refuse(reason, size, "the kernel's ferry annotations are in error");
  if (options.stages) {
    *stages = options.stages;
    snprintf(source, source_size, "annotate(\"ferry:stages=%u\")", options.stages);
    return true;
  }
  /* options.cpp accepts only 0, 1, 2, 4, 8 and 16, as kernel_options.c
   * accepts only those annotations. */
  *stages = ferry_option_stages();
  snprintf(source, source_size, "-ferry-stages=%u", *stages);
  return true;
}

/* The most threads a block of fn can have while it runs the loop: its
 * launch bounds, and a block-collective copy's tile elements (each thread
 * copies its own); `why` says which bound it. */
static unsigned long long block_threads_at_most(const struct ferry_pipeline *p, LLVMValueRef fn,
                                                const char **why) {
  unsigned long long threads = ferry_max_block_threads(fn);
  *why = threads < 1024 ? "its launch bounds" : "the hardware's limit";
  for (size_t c = 0; c < p->count; c++) {
    const struct ring *ring = &p->rings[p->ring_of_copy[c]];
    if (!ferry_copy_form_collective(&p->copies[c].form) || ring->dynamic)
      continue;
    unsigned long long elements = ring->stage_bytes / p->copies[c].form.size;
    if (elements < threads) {
      threads = elements;
      *why = "one per element of its tile";
    }
  }
  return threads ? threads : 1;
}

/* Whether every copy of the loop is issued in 16-byte chunks of the block. */
static bool all_chunks(const struct ferry_pipeline *p) {
  for (size_t c = 0; c < p->count; c++)
    if (!ferry_copy_form_collective(&p->copies[c].form))
      return false;
  return true;
}

/* Whether a ring's S follows the bytes in flight: every copy is issued in
 * 16-byte chunks of the block, and the loop's shape fixes no S (a copy
 * loop's, a heavy reuse's). Every ring a static array: in_flight_stages;
 * a per-launch ring: launch_in_flight, the launch's S bounding it too
 * (pipeline_plan.h). */
static bool stages_follow_in_flight(const struct ferry_pipeline *p) {
  return !p->reuse_heavy && !p->copy_loop && p->stages >= 4 && all_chunks(p);
}

bool ferry_pipeline_choose_stages(struct ferry_pipeline *p, LLVMModuleRef module,
                                  const struct ferry_vec *planned, char *reason, size_t size) {
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(module);
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(p->counted->latch_branch));
  /* Static rings grow the kernel's static shared memory; a dynamic one
   * must fit in what the kernel's hint says it is launched with. */
  unsigned long long per_stage = 0, dynamic_per_stage = 0;
  for (size_t r = 0; r < p->ring_count; r++)
    if (!p->rings[r].per_launch) /* the launch's bytes choose its stages */
      *(p->rings[r].dynamic && !p->rings[r].relocated ? &dynamic_per_stage : &per_stage) +=
          p->rings[r].stage_bytes;
  unsigned long long others = static_shared_bytes(module, layout, p, planned);
  unsigned long long allowance = launch_bound_allowance(fn);
  unsigned requested = 0;
  char source[64];
  if (!requested_stages(fn, &requested, source, sizeof source, reason, size))
    return false;
  if (requested == 1)
    return ferry_refuse(reason, size, "pipelining is off (%s)", source);

  /* A loop whose rings all take the launch's memory may hold more stages
   * than a static ring: the host gives them only to a block alone on its
   * multiprocessor (FERRY_LAUNCH_MAX_STAGES). */
  bool per_launch_only = p->ring_count > 0;
  for (size_t r = 0; r < p->ring_count; r++)
    per_launch_only &= p->rings[r].per_launch;
  unsigned stages = requested ? requested : per_launch_only ? FERRY_LAUNCH_MAX_STAGES : AUTO_STAGES;
  unsigned long long ring_budget = RING_BUDGET;
  char heavy_reason[256] = "";
  if (p->reuse_heavy && !requested) {
    /* See REUSE_STAGES_MANY_BLOCKS: the stages follow the blocks a
     * multiprocessor holds, and each may have its share of its shared
     * memory. */
    const char *why;
    unsigned long long threads = block_threads_at_most(p, fn, &why);
    unsigned long long blocks = SM_THREADS / threads;
    stages = blocks >= REUSE_MANY_BLOCKS ? REUSE_STAGES_MANY_BLOCKS : REUSE_STAGES_FEW_BLOCKS;
    unsigned long long share = sm_shared_capacity(ferry_function_target(fn)) / (blocks ? blocks : 1);
    ring_budget = share > BLOCK_RESERVE + others ? share - BLOCK_RESERVE - others : per_stage * 2;
    if (blocks >= REUSE_MANY_BLOCKS)
      snprintf(heavy_reason, sizeof heavy_reason,
               "the compute reads the copied bytes many times, and a block has at most %llu "
               "threads (%s): with %llu or more blocks a multiprocessor, one tile in flight per "
               "block hides the copy", threads, why, blocks);
    else
      snprintf(heavy_reason, sizeof heavy_reason,
               "the compute reads the copied bytes many times, and a block may have %llu threads "
               "(%s): with as few as %llu blocks a multiprocessor, each keeps %u tiles in flight",
               threads, why, blocks, stages - 1);
  }
  char copy_loop_reason[256] = "";
  if (p->copy_loop && !requested) {
    stages = COPY_LOOP_STAGES;
    snprintf(copy_loop_reason, sizeof copy_loop_reason,
             "a block-strided copy loop's ring: more stages measured slower (each element "
             "tests in the copy loop whether its iteration runs)");
  }
  const char *bound = NULL; /* what the next larger S would exceed */
  unsigned long long bound_bytes = 0;
  for (; stages >= 2; stages /= 2) {
    if (stages * dynamic_per_stage > p->dynamic_bytes) {
      bound = "the dynamic shared memory of annotate(\"ferry:dynamic_shared\")";
      bound_bytes = p->dynamic_bytes;
    } else if (others + stages * per_stage > STATIC_LIMIT) {
      bound = "the static shared memory a kernel may have";
      bound_bytes = STATIC_LIMIT;
    } else if (!requested && allowance && others + stages * per_stage > allowance) {
      bound = "the shared memory __launch_bounds__' minimum blocks per SM leave each block";
      bound_bytes = allowance;
    } else if (!requested && stages * per_stage > ring_budget) {
      bound = p->reuse_heavy ? "each block's share of a multiprocessor's shared memory"
                             : "the budget of a ring chosen by default";
      bound_bytes = ring_budget;
    } else {
      break;
    }
  }
  if (stages < 2 && 2 * dynamic_per_stage > p->dynamic_bytes)
    return ferry_refuse(reason, size, "two stages of %llu bytes do not fit in the %llu bytes of "
                        "annotate(\"ferry:dynamic_shared\")", dynamic_per_stage, p->dynamic_bytes);
  if (stages < 2 && others + 2 * per_stage > STATIC_LIMIT)
    return ferry_refuse(reason, size, "two stages of %llu bytes do not fit in the 48 KiB of "
                        "static shared memory", per_stage);
  if (stages < 2)
    return ferry_refuse(reason, size, "two stages of %llu bytes exceed %s (-ferry-stages=2 "
                        "or annotate(\"ferry:stages=2\") forces them)", per_stage,
                        bound ? bound : "the budget of a ring chosen by default");
  p->stages = stages;
  if (requested && stages == requested)
    snprintf(p->report.stage_reason, sizeof p->report.stage_reason, "as %s asks", source);
  else if (bound)
    snprintf(p->report.stage_reason, sizeof p->report.stage_reason,
             "%u stages of %llu bytes%s would exceed %s (%llu bytes)", stages * 2,
             per_stage + dynamic_per_stage,
             others ? " and the kernel's other shared arrays" : "", bound, bound_bytes);
  else if (p->reuse_heavy)
    snprintf(p->report.stage_reason, sizeof p->report.stage_reason, "%s", heavy_reason);
  else if (copy_loop_reason[0])
    snprintf(p->report.stage_reason, sizeof p->report.stage_reason, "%s", copy_loop_reason);
  else if (per_launch_only)
    snprintf(p->report.stage_reason, sizeof p->report.stage_reason,
             "the most stages ferry chooses by itself, which a launch gets only where its "
             "block is alone on a multiprocessor, and %u elsewhere", FERRY_MAX_STAGES);
  else
    snprintf(p->report.stage_reason, sizeof p->report.stage_reason,
             "the most stages ferry chooses by itself");
  if (!requested && !p->launch_stages && ferry_pipeline_rings_static(p) &&
      stages_follow_in_flight(p)) {
    unsigned long long held = sm_shared_capacity(ferry_function_target(fn)) /
                              (others + stages * per_stage + BLOCK_RESERVE);
    p->resident_limit = held < SM_BLOCKS ? (held ? (unsigned)held : 1) : SM_BLOCKS;
    p->in_flight_stages = p->launch_stages = true;
    snprintf(p->report.stage_reason, sizeof p->report.stage_reason,
             "as many as keep %u KiB in flight on a multiprocessor with the blocks it holds, "
             "from 2 to %u", IN_FLIGHT_BYTES / 1024, stages);
  } else if (p->launch_stages) {
    /* A per-launch ring of chunks keeps its bytes in flight as a static
     * one does (IN_FLIGHT_BYTES: with 16 stages of bench/copy_extern's
     * 1 KiB tile at 4 and 8 blocks per SM, 85 and 83 % of the roof). */
    p->launch_in_flight = !requested && stages_follow_in_flight(p);
    char most[sizeof p->report.stage_reason];
    snprintf(most, sizeof most, "%s", p->report.stage_reason);
    if (p->launch_in_flight)
      snprintf(p->report.stage_reason, sizeof p->report.stage_reason,
               "as many as the launch's dynamic shared memory holds and keep %u KiB in flight "
               "on a multiprocessor with the blocks it holds, at most %u: %.300s",
               IN_FLIGHT_BYTES / 1024, stages, most);
    else
      snprintf(p->report.stage_reason, sizeof p->report.stage_reason,
               "as many as the launch's dynamic shared memory holds, at most %u: %.400s", stages,
               most);
  }
  return true;
}
