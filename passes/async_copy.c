/* ferry-async-copy: legacy global-to-shared copies become cp.async.
 *
 * Matches, in device functions compiled for sm_80 or newer, every copy that
 * copy_site.c finds convertible; replaces each with a cp.async of the
 * element's size (.ca for 4 and 8 bytes, .cg for 16), and puts one
 * cp.async.commit_group + cp.async.wait_group 0 just before each consumer
 * barrier, so that the data is complete, and visible to this thread, before
 * the barrier publishes it to the block. Refuses whole functions below sm_80
 * and functions that already issue asynchronous copies or inline assembly
 * that may touch memory (their own accounting must not be disturbed). Every
 * conversion and every refusal is reported as a remark. */
#include "address_space.h"
#include "bridge.h"
#include "collective_copy.h"
#include "copy_emit.h"
#include "copy_site.h"
#include "cost_model.h"
#include "ferry.h"
#include "ir_build.h"
#include "memory.h"
#include "names.h"
#include "target.h"
#include "util.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What will become of one legal copy. */
struct planned_copy {
  struct ferry_copy_site site;
  bool collective;
  struct ferry_collective_form form;
};

/* Replaces the copy with its converted form. */
static void convert_copy(LLVMModuleRef module, LLVMBuilderRef builder,
                         const struct planned_copy *plan) {
  const struct ferry_copy_site *site = &plan->site;
  struct ferry_copy_form form = {
      .size = site->size,
      .align = site->align,
      .collective = plan->collective,
      .row_stride = plan->form.row_stride,
  };
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
  char message[256];
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
  char not_collective[200] = "16-byte elements are already whole chunks";
  if (site->size < 16 && !ferry_option_collective())
    snprintf(not_collective, sizeof not_collective, "disabled by -ferry-collective=false");
  else if (site->size < 16)
    plan->collective = ferry_match_collective(affine, site, &plan->form, not_collective,
                                              sizeof not_collective);
  if (plan->collective)
    return plan;
  if (site->per_thread_refusal[0]) {
    char message[400];
    snprintf(message, sizeof message, "%s; the block-collective form does not apply: %s",
             site->per_thread_refusal, not_collective);
    ferry_remark(FERRY_REMARK_MISSED, site->store, "CopyRefused", message);
    free(plan);
    return NULL;
  }
  if (site->size < 16) {
    char message[300];
    snprintf(message, sizeof message, "per-thread cp.async: the block-collective form "
             "does not apply: %s", not_collective);
    ferry_remark(FERRY_REMARK_ANALYSIS, site->store, "NotCollective", message);
  }
  return plan;
}

static void remark_conversion(const struct planned_copy *plan) {
  char message[300];
  if (plan->collective)
    snprintf(message, sizeof message,
             "converted the block's %u-byte global-to-shared copies to 16-byte "
             "cp.async.cg chunks over %s (the original copy stays as the fallback "
             "when a uniform alignment check fails); they complete before the next "
             "barrier", plan->site.size,
             plan->form.row_stride ? "each row of threadIdx.y" : "blockDim.x elements");
  else
    snprintf(message, sizeof message,
             "converted a %u-byte global-to-shared copy to cp.async.%s; it completes "
             "before the next barrier", plan->site.size, plan->site.size == 16 ? "cg" : "ca");
  ferry_remark(FERRY_REMARK_PASSED, plan->site.store, "CopyConverted", message);
}

static bool convert_function(LLVMModuleRef module, LLVMValueRef fn,
                             LLVMTargetDataRef layout, LLVMBuilderRef builder) {
  struct ferry_target target = ferry_function_target(fn);
  const char *refusal = function_refusal(fn);
  struct ferry_affine_context *affine = NULL;
  struct ferry_vec plans = {0};
  bool told_function = false;

  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;
         inst = LLVMGetNextInstruction(inst)) {
      struct ferry_copy_site site;
      char reason[256];
      enum ferry_copy_verdict verdict =
          ferry_analyze_copy(inst, layout, &site, reason, sizeof reason);
      if (verdict == FERRY_COPY_NOT_A_COPY) {
        ferry_copy_site_free(&site);
        continue;
      }
      if (!ferry_target_has_cp_async(target) || refusal) {
        if (!told_function) {
          if (refusal) {
            char message[256];
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
      if (!affine)
        affine = ferry_affine_context_create(fn);
      struct planned_copy *plan = plan_copy(affine, &site);
      if (plan)
        ferry_vec_push(&plans, plan);
      else
        ferry_copy_site_free(&site);
    }

  /* Decide everything first, then rewrite: each decision was made on the
   * original code, where the other copies are still plain stores. */
  struct ferry_vec barriers = {0};
  for (size_t i = 0; i < plans.count; i++) {
    struct planned_copy *plan = plans.items[i];
    remark_conversion(plan);
    for (size_t b = 0; b < plan->site.consumers.barriers.count; b++)
      ferry_vec_push_unique(&barriers, plan->site.consumers.barriers.items[b]);
    convert_copy(module, builder, plan);
    ferry_copy_site_free(&plan->site);
    free(plan);
  }
  for (size_t i = 0; i < barriers.count; i++)
    ferry_emit_commit_and_wait(module, builder, barriers.items[i], 0);

  bool changed = plans.count > 0;
  ferry_vec_free(&plans);
  ferry_vec_free(&barriers);
  if (affine)
    ferry_affine_context_free(affine);
  return changed;
}

bool ferry_async_copy_run(LLVMModuleRef module) {
  if (!ferry_is_device_module(module))
    return false;
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
