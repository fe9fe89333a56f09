/* ferry-async-copy: legacy global-to-shared copies become cp.async.
 *
 * Converts, in device functions compiled for sm_80 or newer, every copy
 * the plan decided to convert one stage at a time (copy_plan.h: legal by
 * copy_site.c, worth it by the cost model, cost_model.c; decided once, by
 * the first automatic pass to meet it) that no ring or prefetch took,
 * still legal on the IR it finds: per-thread cp.async of the element's size (.ca for 4 and 8 bytes,
 * .cg for 16), or the block-collective 16-byte chunks (collective_copy.c)
 * where one thread's cp.async cannot move the element, on sm_90 as one
 * cp.async.bulk per row completed on an mbarrier where the cost rule of
 * bulk_choice.h says so (bulk_copy.c); and puts one cp.async.commit_group +
 * cp.async.wait_group 0 just before each consumer barrier, so that the data
 * is complete, and visible to this thread, before the barrier publishes it
 * to the block. Every form is chosen on the code as it stands before
 * anything is rewritten. Functions below sm_80 and functions that already
 * issue asynchronous copies of their own or inline assembly that may touch
 * memory (copy_plan.c), or that ferry-prefetch put its inline assembly
 * into, are refused whole. Every conversion and every refusal is reported
 * as a remark, those the plan held in the order the copies stand. */
#include "address_space.h"
#include "bridge.h"
#include "bulk_copy.h"
#include "copy_align_test.h"
#include "copy_emit.h"
#include "copy_plan.h"
#include "copy_read_back.h"
#include "cost_model.h"
#include "dispatch.h"
#include "ferry.h"
#include "ir_build.h"
#include "kernel_options.h"
#include "names.h"
#include "target.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <string.h>

/* A guarded copy reads where its load ran and nothing elsewhere: the
 * source and the bytes to read (i32) as the store receives them, a select
 * beside the merged value's or phis beside its phi. On the paths that did
 * not load, the source is the array's base (a kernel parameter or global
 * variable, else null): cp.async with a source size of 0 reads nothing, so
 * no address is dereferenced that the original did not. */
static LLVMValueRef guarded_source(LLVMBuilderRef builder, const struct ferry_copy_site *site,
                                   LLVMValueRef *bytes) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(site->store)));
  LLVMValueRef size = LLVMConstInt(i32, site->size, false), zero = LLVMConstInt(i32, 0, false);
  LLVMValueRef merged = site->merged;
  if (LLVMIsASelectInst(merged)) {
    bool loads_if_true = LLVMGetOperand(merged, 1) == site->load;
    LLVMPositionBuilderBefore(builder, site->store);
    *bytes = LLVMBuildSelect(builder, LLVMGetOperand(merged, 0), loads_if_true ? size : zero,
                             loads_if_true ? zero : size, "ferry.source.bytes");
    return site->source;
  }
  LLVMTypeRef pointer_type = LLVMTypeOf(site->source);
  LLVMValueRef base = ferry_strip_pointer(site->source);
  LLVMValueRef elsewhere = (LLVMIsAArgument(base) || LLVMIsAGlobalVariable(base)) &&
                                   LLVMTypeOf(base) == pointer_type
                               ? base
                               : LLVMConstNull(pointer_type);
  LLVMPositionBuilderBefore(builder, merged);
  LLVMValueRef source = LLVMBuildPhi(builder, pointer_type, "ferry.source");
  *bytes = LLVMBuildPhi(builder, i32, "ferry.source.bytes");
  for (unsigned i = 0; i < LLVMCountIncoming(merged); i++) {
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(merged, i);
    bool loaded = LLVMGetIncomingValue(merged, i) == site->load;
    LLVMValueRef pointer = loaded ? site->source : elsewhere, count = loaded ? size : zero;
    LLVMAddIncoming(source, &pointer, &from, 1);
    LLVMAddIncoming(*bytes, &count, &from, 1);
  }
  return source;
}

/* This thread's test that the copy's source misses every byte each store
 * between the copy and its barrier that may alias it writes (copy_site.h:
 * alias_stores), as generic addresses: [s, s+n) and [a, a+m) miss when
 * s+n <= a or a+m <= s. A store's address not known at the copy is a GEP
 * of values that are: built again here. */
static LLVMValueRef source_misses_stores(LLVMBuilderRef builder, const struct ferry_copy_site *site) {
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(site->source));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  LLVMValueRef source = ferry_pointer_in_space(builder, site->source, FERRY_ADDRSPACE_GENERIC);
  LLVMValueRef from = LLVMBuildPtrToInt(builder, source, i64, "");
  LLVMValueRef to = LLVMBuildAdd(builder, from, LLVMConstInt(i64, site->size, false), "");
  LLVMValueRef misses = NULL;
  for (unsigned i = 0; i < site->alias_store_count; i++) {
    LLVMValueRef store = site->alias_stores[i];
    LLVMValueRef pointer = LLVMGetOperand(store, 1);
    if (LLVMIsAInstruction(pointer) && LLVMIsAGetElementPtrInst(pointer)) {
      LLVMValueRef copy = LLVMInstructionClone(pointer);
      LLVMInsertIntoBuilder(builder, copy);
      pointer = copy;
    }
    LLVMValueRef start = LLVMBuildPtrToInt(builder, ferry_pointer_in_space(builder, pointer, FERRY_ADDRSPACE_GENERIC),
                                           i64, "");
    LLVMValueRef end =
        LLVMBuildAdd(builder, start, LLVMConstInt(i64, site->alias_store_bytes[i], false), "");
    LLVMValueRef apart = LLVMBuildOr(builder, LLVMBuildICmp(builder, LLVMIntULE, end, from, ""),
                                     LLVMBuildICmp(builder, LLVMIntULE, to, start, ""), "");
    misses = misses ? LLVMBuildAnd(builder, misses, apart, "ferry.source.misses") : apart;
  }
  return misses;
}

/* A per-thread copy whose source is not provably global, that a store
 * between it and its barrier may overwrite, or whose addresses are not
 * proved aligned to its size: `isspacep.global(source, or its uniform
 * base) && the source misses those stores && both addresses are aligned ?
 * cp.async : the copy as written` (each test where it applies), the
 * original instructions (a load and store, or a memcpy) moved into the
 * fallback block (kept as written in the function's record, so that
 * nothing converts them). Every test is this thread's: a thread on either
 * branch has its element in place, or in a cp.async group of its own,
 * before the commit and wait at the consumer barrier. */
static void convert_versioned(LLVMModuleRef module, LLVMBuilderRef builder,
                              struct ferry_emit_cache *cache,
                              struct ferry_alignment_tests *alignment_tests,
                              const struct ferry_copy_site *site,
                              const struct ferry_copy_form *form) {
  LLVMBasicBlockRef head, join;
  LLVMBasicBlockRef plain = ferry_open_region(LLVMGetNextInstruction(site->store), "ferry.plain",
                                              "ferry.join", &head, &join);
  LLVMBasicBlockRef global = LLVMInsertBasicBlockInContext(
      LLVMGetModuleContext(module), plain, "ferry.global");
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(site->store));
  char load_name[128] = "";
  if (site->load) {
    size_t length;
    const char *name = LLVMGetValueName2(site->load, &length);
    snprintf(load_name, sizeof load_name, "%.*s", (int)length, name);
    LLVMInstructionRemoveFromParent(site->load);
  }
  LLVMInstructionRemoveFromParent(site->store);
  LLVMPositionBuilderAtEnd(builder, plain);
  if (site->load)
    LLVMInsertIntoBuilderWithName(builder, site->load, load_name);
  LLVMInsertIntoBuilder(builder, site->store);
  LLVMBuildBr(builder, join);
  ferry_copy_record_keep(ferry_emit_cache_record(cache), site->store, FERRY_KEPT_CHECK_FALLBACK);
  LLVMPositionBuilderAtEnd(builder, head);
  LLVMValueRef source = site->global_base ? site->global_base : site->source;
  LLVMValueRef fit = site->check_global
                         ? ferry_call_intrinsic(builder, module, "llvm.nvvm.isspacep.global",
                                                &source, 1)
                         : NULL;
  if (site->alias_store_count) {
    LLVMValueRef misses = source_misses_stores(builder, site);
    fit = fit ? LLVMBuildAnd(builder, fit, misses, "") : misses;
  }
  if (form->test_alignment) {
    LLVMValueRef aligned = ferry_alignment_test(builder, alignment_tests, site);
    fit = fit ? LLVMBuildAnd(builder, fit, aligned, "") : aligned;
  }
  LLVMBuildCondBr(builder, fit, global, plain);
  LLVMPositionBuilderAtEnd(builder, global);
  LLVMValueRef to_join = LLVMBuildBr(builder, join);
  ferry_emit_copy(module, builder, cache, to_join, site->destination, site->source, form, NULL);
}

/* Replaces the copy with its converted form; bulk rows complete on
 * `mbarrier`. */
static void convert_copy(LLVMModuleRef module, LLVMBuilderRef builder,
                         struct ferry_emit_cache *cache,
                         struct ferry_alignment_tests *alignment_tests,
                         const struct ferry_planned_copy *plan, LLVMValueRef mbarrier) {
  const struct ferry_copy_site *site = &plan->site;
  struct ferry_copy_form form = plan->form;
  if (ferry_copy_form_waits_on_mbarrier(&form))
    form.bulk_mbarrier = mbarrier;
  if (form.raise_alignment)
    LLVMSetAlignment(form.raise_alignment, 16);
  if (site->raise_alignment && LLVMGetAlignment(site->raise_alignment) < site->raise_to)
    LLVMSetAlignment(site->raise_alignment, site->raise_to);
  /* A collective copy tests its uniform base with its alignment
   * (copy_emit.c: form.global_base). */
  if ((site->check_global && !ferry_copy_form_collective(&form)) || site->alias_store_count ||
      form.test_alignment) {
    convert_versioned(module, builder, cache, alignment_tests, site, &form);
    return;
  }
  if (site->read_back)
    ferry_read_back_uses(builder, site);
  LLVMValueRef source = site->source;
  if (site->merged)
    source = guarded_source(builder, site, &form.source_bytes);
  ferry_emit_copy(module, builder, cache, site->store, site->destination, source, &form, NULL);
  LLVMInstructionEraseFromParent(site->store);
  if (site->merged)
    LLVMInstructionEraseFromParent(site->merged);
  if (site->load)
    LLVMInstructionEraseFromParent(site->load);
}

/* The remark of a trial candidate converted (copy_record.h, trial): its
 * form (`message`, extended here), then the cost model's words, which
 * the kernel as written follows wherever no trial decides. */
static void say_trial_candidate(const struct ferry_planned_copy *plan, char *message,
                                size_t message_size) {
  static const char prefix[] = "not converted: cost model: ";
  size_t used = strlen(message);
  const char *why = plan->trial_reason ? plan->trial_reason : "";
  if (strncmp(why, prefix, sizeof prefix - 1) == 0)
    why += sizeof prefix - 1;
  snprintf(message + used, message_size - used,
           "; a trial candidate: the variant runs it only where a trial of the launch's shape "
           "timed it faster, the kernel as written wherever no trial decides (the cost model "
           "alone leaves it as written: %s)", why);
  ferry_remark(FERRY_REMARK_PASSED, plan->site.store, "CopyConvertedForTrial", message);
}

static bool convert_function(LLVMModuleRef module, LLVMValueRef fn, LLVMBuilderRef builder,
                             struct ferry_analyses *analyses, struct ferry_copy_record *record) {
  LLVMSetCurrentDebugLocation2(builder, NULL); /* none of another function's */
  struct ferry_vec plans = {0};
  /* Decide everything first, then rewrite: each decision was made on the
   * code as it stands, where the other copies are still plain stores.
   * Nothing below asks the analyses anything until ferry_bulk_finish,
   * which invalidates them first (the plans' sites, which hold the old
   * affine context, are only freed after that). */
  ferry_plan_single_stage_copies(analyses, record, &plans);
  bool pays_untimed = false; /* some copy the rules choose without a trial */
  for (size_t i = 0; i < plans.count; i++) {
    const struct ferry_planned_copy *plan = plans.items[i];
    pays_untimed |= !plan->trial && ferry_copy_pays_untimed(&plan->form, &plan->site);
  }

  struct ferry_vec waits = {0}; /* consumer barriers of chunks and per-thread copies */
  struct ferry_vec bulk_waits = {0}; /* consumer barriers of bulk copies */
  LLVMValueRef mbarrier = NULL;
  struct ferry_emit_cache *cache = ferry_emit_cache_create(record);
  struct ferry_alignment_tests *alignment_tests = ferry_alignment_tests_create(fn);
  for (size_t i = 0; i < plans.count; i++) {
    struct ferry_planned_copy *plan = plans.items[i];
    char message[FERRY_MESSAGE_SIZE];
    ferry_copy_form_describe(&plan->form, &plan->site, false, message, sizeof message);
    if (plan->trial)
      say_trial_candidate(plan, message, sizeof message);
    else
      ferry_remark(FERRY_REMARK_PASSED, plan->site.store, "CopyConverted", message);
    bool bulk = ferry_copy_form_waits_on_mbarrier(&plan->form);
    if (bulk && !mbarrier)
      mbarrier = ferry_bulk_mbarrier(module, fn);
    for (size_t b = 0; b < plan->site.consumers.barriers.count; b++) {
      LLVMValueRef barrier = plan->site.consumers.barriers.items[b];
      if (ferry_copy_form_waits_on_groups(&plan->form))
        ferry_vec_push_unique(&waits, barrier);
      if (bulk)
        ferry_vec_push_unique(&bulk_waits, barrier);
    }
    ferry_copy_record_taken(record, plan->site.store); /* erased, or kept as the fallback */
    convert_copy(module, builder, cache, alignment_tests, plan, mbarrier);
  }
  ferry_emit_cache_free(cache);
  ferry_alignment_tests_free(alignment_tests);
  for (size_t i = 0; i < waits.count; i++)
    ferry_emit_commit_and_wait(module, builder, waits.items[i], 0);
  if (mbarrier)
    ferry_bulk_finish(module, builder, analyses, mbarrier, &bulk_waits);
  ferry_vec_free(&bulk_waits);
  ferry_vec_free(&waits);
  bool changed = plans.count > 0;
  if (changed)
    ferry_dispatch_mark_converted(fn, pays_untimed);
  ferry_free_planned_copies(&plans);
  return changed;
}

bool ferry_async_copy_run(LLVMModuleRef module, struct ferry_copy_records *records) {
  return ferry_transform_functions(module, records, convert_function);
}
