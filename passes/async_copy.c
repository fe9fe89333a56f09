/* ferry-async-copy: legacy global-to-shared copies become cp.async.
 *
 * Matches, in device functions compiled for sm_80 or newer, every copy that
 * copy_site.c finds legal and the cost model (cost_model.c) finds worth it;
 * gives each its form: per-thread cp.async of the element's size (.ca for 4
 * and 8 bytes, .cg for 16), or the block-collective 16-byte chunks
 * (collective_copy.c) where one thread's cp.async cannot move the element,
 * on sm_90 as one cp.async.bulk per row completed on an mbarrier where the
 * cost rule of cost_model.h says so (bulk_copy.c);
 * pipelines the loops that pipeline.c accepts; and puts one
 * cp.async.commit_group + cp.async.wait_group N just before each consumer
 * barrier (N = 0, or S-1 in an S-stage ring), so that the data is complete,
 * and visible to this thread, before the barrier publishes it to the block.
 * Every decision is made on the original code before anything is
 * rewritten. Refuses whole functions below sm_80 and functions that already
 * issue asynchronous copies or inline assembly that may touch memory (their
 * own accounting must not be disturbed). Every conversion and every refusal
 * is reported as a remark. */
#include "bridge.h"
#include "bulk_copy.h"
#include "collective_copy.h"
#include "copy_emit.h"
#include "copy_site.h"
#include "cost_model.h"
#include "ferry.h"
#include "memory.h"
#include "names.h"
#include "kernel_options.h"
#include "pipeline.h"
#include "target.h"
#include "util.h"

#include <llvm-c/Target.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "an 8-byte", "a 4-byte". */
static const char *article(unsigned size) { return size == 8 ? "an" : "a"; }

/* What will become of one legal copy. */
struct planned_copy {
  struct ferry_copy_site site;
  bool collective;
  struct ferry_collective_form form;
  bool pipelined;
  enum ferry_bulk_choice bulk; /* sm_90: cp.async.bulk rows (cost_model.h) */
  unsigned long long bulk_row_bytes; /* the row's bytes when known, else 0 */
};

static struct ferry_copy_form copy_form(const struct planned_copy *plan) {
  return (struct ferry_copy_form){
      .size = plan->site.size,
      .align = plan->site.align,
      .collective = plan->collective,
      .row_stride = plan->form.row_stride,
      .source_index = plan->form.source_index,
      .source_index_signed = plan->form.source_index_signed,
      .linear = plan->form.linear,
      .source_rows_aligned = plan->form.source_rows_aligned,
      .destination_rows_aligned = plan->form.destination_rows_aligned,
  };
}

/* Replaces the copy with its converted form; bulk rows complete on
 * `mbarrier`. */
static void convert_copy(LLVMModuleRef module, LLVMBuilderRef builder,
                         const struct planned_copy *plan, LLVMValueRef mbarrier) {
  const struct ferry_copy_site *site = &plan->site;
  struct ferry_copy_form form = copy_form(plan);
  if (plan->bulk != FERRY_BULK_NO) {
    form.bulk_mbarrier = mbarrier;
    form.bulk_min_bytes = plan->bulk == FERRY_BULK_LARGE_ROWS ? FERRY_BULK_MIN_BYTES : 0;
  }
  if (plan->form.raise_alignment)
    LLVMSetAlignment(plan->form.raise_alignment, 16);
  ferry_emit_copy(module, builder, site->store, site->destination, site->source, &form, NULL);
  LLVMInstructionEraseFromParent(site->store);
  if (site->load)
    LLVMInstructionEraseFromParent(site->load);
}

/* Code that already manages asynchronous copies or hides its memory
 * operations in assembly: a wait_group 0 of ours would change its meaning
 * or its speed in ways we cannot see. */
static const char *function_refusal(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
         inst = LLVMGetNextInstruction(inst)) {
      if (!LLVMIsACallInst(inst))
        continue;
      LLVMValueRef callee = LLVMGetCalledValue(inst);
      if (LLVMIsAInlineAsm(callee) &&
          (LLVMGetInlineAsmHasSideEffects(callee) || !ferry_call_is_memory_free(inst)))
        return "the function contains inline assembly that may access memory";
      if (ferry_calls_prefix(inst, "llvm.nvvm.cp.async") ||
          ferry_calls_prefix(inst, "llvm.nvvm.mbarrier"))
        return "the function already issues asynchronous copies";
    }
  return NULL;
}

static void remark_target(LLVMValueRef fn, const struct ferry_copy_site *first,
                          struct ferry_target target) {
  char message[FERRY_MESSAGE_SIZE];
  char sm[16] = "an unknown GPU";
  if (target.sm)
    snprintf(sm, sizeof sm, "sm_%u%s", target.sm, target.arch_specific ? "a" : "");
  if (target.sm >= 80)
    snprintf(message, sizeof message,
             "not converted: cp.async needs PTX ISA 7.0; the function targets ptx%u",
             target.ptx);
  else
    snprintf(message, sizeof message,
             "not converted: cp.async needs sm_80 or newer; the function targets %s", sm);
  ferry_remark(FERRY_REMARK_MISSED, first ? first->store : fn, "TargetTooOld", message);
}

/* Chooses the block-collective form when it applies, else the per-thread
 * one; returns NULL (having said why) when neither can move the copy. */
static struct planned_copy *plan_copy(struct ferry_affine_context *affine,
                                      const struct ferry_copy_site *site) {
  struct planned_copy *plan = ferry_xcalloc(1, sizeof *plan);
  plan->site = *site;
  char not_collective[FERRY_REASON_SIZE] = "16-byte elements are already whole chunks";
  enum ferry_collective_mode mode = ferry_option_collective();
  if (mode == FERRY_COLLECTIVE_NEVER)
    snprintf(not_collective, sizeof not_collective, "off (-ferry-collective=never)");
  else if (mode == FERRY_COLLECTIVE_AUTO && !site->per_thread_refusal[0])
    return plan; /* per-thread cp.async: as fast or faster where it applies */
  else if (site->size < 16)
    plan->collective = ferry_match_collective(affine, site, &plan->form, not_collective,
                                              sizeof not_collective);
  if (plan->collective)
    return plan;
  if (site->per_thread_refusal[0]) {
    char message[FERRY_MESSAGE_SIZE];
    snprintf(message, sizeof message, "%s; the block-collective form does not apply: %s",
             site->per_thread_refusal, not_collective);
    ferry_remark(FERRY_REMARK_MISSED, site->store, "CopyRefused", message);
    free(plan);
    return NULL;
  }
  if (site->size < 16) {
    char message[FERRY_MESSAGE_SIZE];
    snprintf(message, sizeof message, "per-thread cp.async: the block-collective form "
             "does not apply: %s", not_collective);
    ferry_remark(FERRY_REMARK_ANALYSIS, site->store, "NotCollective", message);
  }
  return plan;
}

static void remark_conversion(const struct planned_copy *plan) {
  char message[FERRY_MESSAGE_SIZE];
  const char *rows = plan->form.row_stride ? "each row of threadIdx.y" : "blockDim.x elements";
  char bytes[48] = "blockDim.x*";
  if (plan->bulk_row_bytes)
    snprintf(bytes, sizeof bytes, "%llu", plan->bulk_row_bytes);
  else
    snprintf(bytes + strlen(bytes), sizeof bytes - strlen(bytes), "%u", plan->site.size);
  if (plan->bulk == FERRY_BULK_EVERY_ROW)
    snprintf(message, sizeof message,
             "converted the block's %u-byte global-to-shared copies over %s to a "
             "cp.async.bulk of %s bytes completed on an mbarrier, issued by the row's first "
             "thread (the original copy stays as the fallback when a uniform alignment check "
             "fails); every thread waits for it before the next barrier",
             plan->site.size, rows, bytes);
  else if (plan->bulk == FERRY_BULK_LARGE_ROWS)
    snprintf(message, sizeof message,
             "converted the block's %u-byte global-to-shared copies over %s to a "
             "cp.async.bulk of %s bytes completed on an mbarrier when that is at least %u "
             "bytes, else to 16-byte cp.async.cg chunks (the original copy stays as the "
             "fallback when a uniform alignment check fails); they complete before the next "
             "barrier", plan->site.size, rows, bytes, FERRY_BULK_MIN_BYTES);
  else if (plan->collective)
    snprintf(message, sizeof message,
             "converted the block's %u-byte global-to-shared copies to 16-byte "
             "cp.async.cg chunks over %s (the original copy stays as the fallback "
             "when a uniform alignment check fails); they complete before the next "
             "barrier", plan->site.size,
             rows);
  else
    snprintf(message, sizeof message,
             "converted %s %u-byte global-to-shared copy to cp.async.%s; it completes "
             "before the next barrier", article(plan->site.size), plan->site.size, plan->site.size == 16 ? "cg" : "ca");
  ferry_remark(FERRY_REMARK_PASSED, plan->site.store, "CopyConverted", message);
}

/* Records that `barrier` must wait until at most `pending` groups are in
 * flight; a barrier named twice keeps the stricter wait. */
static void add_wait(struct ferry_vec *waits, LLVMValueRef barrier, unsigned pending) {
  for (size_t i = 0; i < waits->count; i += 2)
    if (waits->items[i] == barrier) {
      if ((uintptr_t)waits->items[i + 1] > pending)
        waits->items[i + 1] = (void *)(uintptr_t)pending;
      return;
    }
  ferry_vec_push(waits, barrier);
  ferry_vec_push(waits, (void *)(uintptr_t)pending);
}

/* Groups the planned copies by innermost loop and checks each group for
 * pipelining; every check is made before any rewrite. */
static void plan_pipelines(LLVMModuleRef module, struct ferry_affine_context *affine,
                           struct ferry_vec *plans, struct ferry_vec *pipelines) {
  const struct ferry_loops *loops = ferry_affine_loops(affine);
  for (size_t l = 0; l < ferry_loop_count(loops); l++) {
    const struct ferry_loop *loop = ferry_loop_at(loops, l);
    struct ferry_pipeline_copy copies[16];
    struct planned_copy *members[16];
    size_t count = 0;
    bool too_many = false;
    for (size_t i = 0; i < plans->count; i++) {
      struct planned_copy *plan = plans->items[i];
      if (ferry_loop_of_block(loops, LLVMGetInstructionParent(plan->site.store)) != loop)
        continue;
      if (count == 16) {
        too_many = true;
        break;
      }
      members[count] = plan;
      copies[count++] = (struct ferry_pipeline_copy){&plan->site, copy_form(plan)};
    }
    if (!count || too_many)
      continue;
    char reason[FERRY_REASON_SIZE];
    struct ferry_pipeline *pipeline =
        ferry_pipeline_check(module, affine, loop, copies, count, reason, sizeof reason);
    char message[FERRY_MESSAGE_SIZE];
    if (!pipeline) {
      snprintf(message, sizeof message, "the copy loop is not pipelined: %s", reason);
      ferry_remark(FERRY_REMARK_ANALYSIS, members[0]->site.store, "NotPipelined", message);
      continue;
    }
    for (size_t i = 0; i < count; i++) {
      members[i]->pipelined = true;
      snprintf(message, sizeof message,
               "converted %s %u-byte global-to-shared copy to %s and pipelined its loop "
               "over %u stages: iteration i issues the copy of iteration i+%u into a ring "
               "of shared buffers and waits only for its own (%u stages: %s)",
               article(members[i]->site.size), members[i]->site.size,
               members[i]->collective ? "16-byte cp.async.cg chunks of the block"
                                      : (members[i]->site.size == 16 ? "cp.async.cg"
                                                                     : "cp.async.ca"),
               ferry_pipeline_stages(pipeline), ferry_pipeline_stages(pipeline) - 1,
               ferry_pipeline_stages(pipeline), ferry_pipeline_stage_reason(pipeline));
      ferry_remark(FERRY_REMARK_PASSED, members[i]->site.store, "CopyPipelined", message);
    }
    ferry_vec_push(pipelines, pipeline);
  }
}

/* sm_90: whether each collective copy that is not pipelined becomes
 * cp.async.bulk rows (cost_model.h); says why where it does not. Pipelined
 * copies keep their chunks: their rings wait by cp.async groups. */
static void plan_bulk(struct ferry_affine_context *affine, struct ferry_vec *plans) {
  const struct ferry_uniformity *uniformity = ferry_affine_uniformity(affine);
  for (size_t i = 0; i < plans->count; i++) {
    struct planned_copy *plan = plans->items[i];
    if (!plan->collective || plan->pipelined) /* a ring waits by cp.async groups */
      continue;
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(plan->site.store));
    char reason[FERRY_REASON_SIZE];
    struct ferry_bulk_facts facts = {.size = plan->site.size,
                                     .row_stride = plan->form.row_stride,
                                     .array_bytes = plan->form.destination_bytes};
    enum ferry_bulk_choice choice = ferry_choose_bulk(fn, &facts, reason, sizeof reason);
    for (size_t b = 0; choice != FERRY_BULK_NO && b < plan->site.consumers.barriers.count; b++)
      if (!ferry_reached_uniformly(uniformity,
                                   LLVMGetInstructionParent(plan->site.consumers.barriers.items[b]))) {
        snprintf(reason, sizeof reason,
                 "not every thread of the block reaches its consumer barrier (each thread "
                 "counts the mbarrier's phases at those barriers)");
        choice = FERRY_BULK_NO;
      }
    plan->bulk = choice;
    plan->bulk_row_bytes = facts.row_bytes;
    if (choice == FERRY_BULK_NO) {
      char message[FERRY_MESSAGE_SIZE];
      snprintf(message, sizeof message, "16-byte cp.async.cg chunks, not cp.async.bulk: %s",
               reason);
      ferry_remark(FERRY_REMARK_ANALYSIS, plan->site.store, "NotBulk", message);
    }
  }
}

static bool convert_function(LLVMModuleRef module, LLVMValueRef fn,
                             LLVMTargetDataRef layout, LLVMBuilderRef builder) {
  struct ferry_target target = ferry_function_target(fn);
  const char *refusal = function_refusal(fn);
  struct ferry_affine_context *affine = ferry_affine_context_create(fn);
  struct ferry_vec plans = {0};
  bool told_function = false;

  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
         inst = LLVMGetNextInstruction(inst)) {
      struct ferry_copy_site site;
      char reason[FERRY_REASON_SIZE];
      enum ferry_copy_verdict verdict =
          ferry_analyze_copy(inst, layout, affine, &site, reason, sizeof reason);
      if (verdict == FERRY_COPY_NOT_A_COPY) {
        ferry_copy_site_free(&site);
        continue;
      }
      if (!ferry_target_has_cp_async(target) || refusal) {
        if (!told_function) {
          if (refusal) {
            char message[FERRY_MESSAGE_SIZE];
            snprintf(message, sizeof message, "not converted: %s", refusal);
            ferry_remark(FERRY_REMARK_MISSED, inst, "FunctionRefused", message);
          } else {
            remark_target(fn, &site, target);
          }
          told_function = true;
        }
        ferry_copy_site_free(&site);
        continue;
      }
      if (verdict == FERRY_COPY_REFUSED) {
        ferry_remark(FERRY_REMARK_MISSED, inst, "CopyRefused", reason);
        ferry_copy_site_free(&site);
        continue;
      }
      if (!ferry_copy_pays(&site, reason, sizeof reason)) {
        ferry_remark(FERRY_REMARK_MISSED, inst, "CostModel", reason);
        ferry_copy_site_free(&site);
        continue;
      }
      struct planned_copy *plan = plan_copy(affine, &site);
      if (plan)
        ferry_vec_push(&plans, plan);
      else
        ferry_copy_site_free(&site);
    }

  /* Decide everything first, then rewrite: each decision was made on the
   * original code, where the other copies are still plain stores. */
  struct ferry_vec pipelines = {0};
  if (plans.count)
    plan_pipelines(module, affine, &plans, &pipelines);
  if (plans.count && ferry_target_has_bulk_copy(target))
    plan_bulk(affine, &plans);

  struct ferry_vec waits = {0}; /* barrier, then pending groups allowed */
  struct ferry_vec bulk_waits = {0}; /* consumer barriers of bulk copies */
  LLVMValueRef mbarrier = NULL;
  for (size_t i = 0; i < pipelines.count; i++) {
    struct ferry_pipeline *pipeline = pipelines.items[i];
    add_wait(&waits, ferry_pipeline_barrier(pipeline), ferry_pipeline_stages(pipeline) - 1);
    ferry_pipeline_apply(module, builder, pipeline);
  }
  for (size_t i = 0; i < plans.count; i++) {
    struct planned_copy *plan = plans.items[i];
    if (!plan->pipelined) {
      remark_conversion(plan);
      if (plan->bulk != FERRY_BULK_NO && !mbarrier)
        mbarrier = ferry_bulk_mbarrier(module, fn);
      for (size_t b = 0; b < plan->site.consumers.barriers.count; b++) {
        LLVMValueRef barrier = plan->site.consumers.barriers.items[b];
        if (plan->bulk != FERRY_BULK_EVERY_ROW) /* chunks may be in flight */
          add_wait(&waits, barrier, 0);
        if (plan->bulk != FERRY_BULK_NO)
          ferry_vec_push_unique(&bulk_waits, barrier);
      }
      convert_copy(module, builder, plan, mbarrier);
    }
  }
  for (size_t i = 0; i < waits.count; i += 2)
    ferry_emit_commit_and_wait(module, builder, waits.items[i],
                               (unsigned)(uintptr_t)waits.items[i + 1]);
  if (mbarrier)
    ferry_bulk_finish(module, builder, fn, mbarrier, &bulk_waits);
  ferry_vec_free(&bulk_waits);
  for (size_t i = 0; i < plans.count; i++) {
    struct planned_copy *plan = plans.items[i];
    ferry_copy_site_free(&plan->site);
    free(plan);
  }
  ferry_vec_free(&waits);
  ferry_vec_free(&pipelines);
  bool changed = plans.count > 0;
  ferry_vec_free(&plans);
  if (affine)
    ferry_affine_context_free(affine);
  return changed;
}

bool ferry_async_copy_run(LLVMModuleRef module) {
  if (!ferry_is_device_module(module))
    return false;
  ferry_check_kernel_options(module);
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(module);
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(LLVMGetModuleContext(module));
  bool changed = false;
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn))
      changed |= convert_function(module, fn, layout, builder);
  LLVMDisposeBuilder(builder);
  ferry_names_invalidate();
  return changed;
}
