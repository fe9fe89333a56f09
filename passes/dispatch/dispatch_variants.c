/* ferry-dispatch-variants and ferry-dispatch-finish: the device half of the
 * launch dispatch (dispatch.h).
 *
 * ferry-dispatch-variants matches every kernel defined in a device module
 * (the ptx_kernel calling convention) and emits its clone, K__ferry, with
 * the same parameters, attributes and annotations, and the module's mark:
 * ferry-pipeline and ferry-async-copy then convert the clones alone, so
 * that each kernel stays exactly as written, its shared memory too (a
 * static __shared__ array only the kernel uses is copied for the clone).
 * ferry-dispatch-finish deletes a clone that nothing converted (no variant
 * then: the host's launches find none and run the kernel) and says, per
 * kernel, what launches choose; a variant whose ring's stages follow the
 * launch (FERRY_LAUNCH_RING_ATTRIBUTE) is renamed K__ferry_ring, so that
 * the host's launches know to give it the ring's bytes, and one whose
 * conversions the rules do not choose untimed (no FERRY_PAYS_UNTIMED_ATTRIBUTE)
 * K__ferry_trial, so that they run it only where a trial timed it faster.
 *
 * A kernel may get a second variant, the alternative, K__ferry_alt
 * (dispatch.h), where the rules cannot say which of two conversions of it
 * pays, so that a trial of the kernel's entries decides:
 *   - a trial candidate beside copies the rules convert (a ring, a copy
 *     the cost model keeps), which the variant, the rules' choice, leaves
 *     as written: the alternative is cloned by ferry-pipeline before it
 *     rewrites the variant, and converts the candidate too;
 *   - a loop alias-versioned in a variant that holds other conversions:
 *     the alternative is the variant cloned just before the versioning
 *     (plugin.cpp, AliasVersionPass), its conversions without it.
 * Where its policy changed nothing (its mark says so), it is deleted:
 * the kernel keeps its one variant, exactly as without it. It is kept only
 * beside a variant that is kept, with that variant's launch ring or none
 * (its launches take the variant's dynamic shared memory).
 * A kernel whose variant holds other conversions and a loop
 * alias-versioned gets a third entry too, the versioning alone,
 * K__ferry_ver (dispatch.h): the kernel as written, cloned by
 * ferry-alias-version after the copies' passes, its loops versioned. It
 * is kept only where that versioning changed it, beside a variant that is
 * kept; so the trial has the four entries of issue 32's split: neither,
 * the copies (the alternative), the versioning (this entry), both (the
 * variant). It has no launch ring: it takes the launch's own bytes.
 * Both refuse nothing but -ferry-dispatch=never, under which they do
 * nothing and the passes convert in place. */
#include "dispatch.h"

#include "bridge.h"
#include "ferry.h"
#include "ir_build.h"
#include "names.h"
#include "target.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ferry_dispatch_variants_run(LLVMModuleRef module) {
  if (!ferry_is_device_module(module) || ferry_option_dispatch() == FERRY_DISPATCH_NEVER ||
      ferry_dispatch_module_has_variants(module))
    return false;
  struct ferry_vec kernels = {0};
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn) && ferry_is_kernel(fn))
      ferry_vec_push(&kernels, fn);
  for (size_t i = 0; i < kernels.count; i++) {
    char *name = ferry_dispatch_entry_name(kernels.items[i], FERRY_VARIANT_SUFFIX);
    if (!LLVMGetNamedFunction(module, name)) {
      LLVMValueRef clone = ferry_clone_kernel(kernels.items[i], name, FERRY_VARIANT_SUFFIX);
      ferry_dispatch_mark(clone, FERRY_VARIANT_ATTRIBUTE);
    }
    free(name);
  }
  ferry_vec_free(&kernels);
  /* Marked even without kernels: the device functions stay as written
   * (they are converted where they are inlined into a kernel's clone). */
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMAddNamedMetadataOperand(module, FERRY_DISPATCH_METADATA,
                              LLVMMetadataAsValue(context, LLVMMDNodeInContext2(context, NULL, 0)));
  ferry_names_invalidate();
  return true;
}

static bool has_suffix(const char *name, size_t length, const char *suffix) {
  size_t suffix_length = strlen(suffix);
  return length > suffix_length && strcmp(name + length - suffix_length, suffix) == 0;
}

/* The copies of the kernel's static __shared__ arrays that only a deleted
 * clone used (a variant's, or an alternative's). */
static void erase_unused_array_copies(LLVMModuleRef module) {
  LLVMValueRef next;
  for (LLVMValueRef global = LLVMGetFirstGlobal(module); global; global = next) {
    next = LLVMGetNextGlobal(global);
    size_t length;
    const char *name = LLVMGetValueName2(global, &length);
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(global)) == 3 &&
        (has_suffix(name, length, FERRY_VARIANT_SUFFIX) ||
         has_suffix(name, length, FERRY_ALT_VARIANT_SUFFIX) ||
         has_suffix(name, length, FERRY_VERSIONED_VARIANT_SUFFIX)))
      ferry_erase_global_if_unused(global);
  }
}

static void unmark(LLVMValueRef fn, const char *attribute) {
  LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, attribute,
                                   (unsigned)strlen(attribute));
}

/* Whether a variant is kept: something converted it. */
static bool variant_kept(LLVMValueRef variant) {
  return ferry_dispatch_marked(variant, FERRY_LAUNCH_RING_ATTRIBUTE) ||
         ferry_dispatch_marked(variant, FERRY_CONVERTED_ATTRIBUTE);
}

/* The first variant of the kernel `original`, not yet renamed, or NULL. */
static LLVMValueRef first_variant_of(LLVMModuleRef module, LLVMValueRef original) {
  char *name = ferry_dispatch_entry_name(original, FERRY_VARIANT_SUFFIX);
  LLVMValueRef variant = LLVMGetNamedFunction(module, name);
  free(name);
  return variant;
}

/* Keeps or deletes a kernel's third entry, the versioning alone, its marks
 * removed; whether it was deleted. Decided before its variant's marks go. */
static bool finish_versioned(LLVMModuleRef module, LLVMValueRef versioned) {
  LLVMValueRef original = ferry_dispatch_original(versioned);
  LLVMValueRef variant = first_variant_of(module, original);
  bool changed = ferry_dispatch_marked(versioned, FERRY_CONVERTED_ATTRIBUTE);
  bool kept = changed && original != versioned && variant && variant_kept(variant);
  static const char *const marks[] = {FERRY_VARIANT_ATTRIBUTE, FERRY_VERSIONED_ATTRIBUTE,
                                      FERRY_PAYS_UNTIMED_ATTRIBUTE};
  for (size_t i = 0; i < sizeof marks / sizeof *marks; i++)
    unmark(versioned, marks[i]);
  if (!kept) {
    ferry_remark(FERRY_REMARK_ANALYSIS, original, "NoVersionedEntry",
                 changed ? "no entry with the versioning alone: the kernel's variant is not kept"
                         : "no entry with the versioning alone: in the kernel as written, no "
                           "loop its variant alias-versions is versioned");
    LLVMDeleteFunction(versioned);
    return true;
  }
  size_t length;
  const char *name = LLVMGetValueName2(versioned, &length);
  char message[FERRY_MESSAGE_SIZE];
  snprintf(message, sizeof message,
           "the kernel's third entry is %.*s, the kernel as written with only the loops its "
           "variant alias-versions versioned (no copy converted): each launch through the "
           "kernel's launch stub runs it only where a trial of the launch's shape timed it the "
           "fastest of the kernel's entries (FERRY_DISPATCH=measure); where no trial decides, "
           "never",
           (int)length, name);
  ferry_remark(FERRY_REMARK_PASSED, original, "VersionedEntryMade", message);
  return false;
}

/* Keeps or deletes a kernel's alternative, its marks removed; whether it
 * was deleted. Decided before its variant's marks go. */
static bool finish_alternative(LLVMModuleRef module, LLVMValueRef alternative) {
  LLVMValueRef original = ferry_dispatch_original(alternative);
  LLVMValueRef variant = first_variant_of(module, original);
  bool candidates = ferry_dispatch_marked(alternative, FERRY_ALT_CANDIDATES_ATTRIBUTE);
  bool unversioned = ferry_dispatch_marked(alternative, FERRY_ALT_UNVERSIONED_ATTRIBUTE);
  bool chunked = ferry_dispatch_marked(alternative, FERRY_ALT_CHUNKED_ATTRIBUTE);
  bool ring = ferry_dispatch_marked(alternative, FERRY_LAUNCH_RING_ATTRIBUTE);
  bool kept = (candidates || unversioned || chunked) && variant_kept(alternative) &&
              original != alternative &&
              variant && variant_kept(variant) &&
              ring == ferry_dispatch_marked(variant, FERRY_LAUNCH_RING_ATTRIBUTE);
  static const char *const marks[] = {
      FERRY_VARIANT_ATTRIBUTE,         FERRY_ALT_ATTRIBUTE,         FERRY_PAYS_UNTIMED_ATTRIBUTE,
      FERRY_LAUNCH_RING_ATTRIBUTE,     FERRY_ALT_CANDIDATES_ATTRIBUTE,
      FERRY_ALT_UNVERSIONED_ATTRIBUTE, FERRY_ALT_CHUNKS_ATTRIBUTE,  FERRY_ALT_CHUNKED_ATTRIBUTE,
  };
  for (size_t i = 0; i < sizeof marks / sizeof *marks; i++)
    unmark(alternative, marks[i]);
  size_t alternative_length;
  const char *alternative_name = LLVMGetValueName2(alternative, &alternative_length);
  if (!kept) {
    /* Where it differs, why it goes; else it is its variant again, and
     * nothing was refused. */
    if (candidates || unversioned || chunked)
      ferry_remark(FERRY_REMARK_ANALYSIS, original, "NoSecondVariant",
                   "no second variant: the kernel converted another way has no variant beside "
                   "it that is kept with the same launch ring, so it keeps one variant at most");
    LLVMDeleteFunction(alternative);
    return true;
  }
  char message[FERRY_MESSAGE_SIZE];
  snprintf(message, sizeof message,
           "the kernel's second variant is %.*s, the kernel converted another way than its "
           "variant (%s%s%s%s%s): each launch through the kernel's launch stub runs it only "
           "where a trial of the launch's shape timed it the fastest of the kernel's entries "
           "(FERRY_DISPATCH=measure); where no trial decides, never",
           (int)alternative_length, alternative_name,
           candidates ? "trial candidates converted beside the conversions the rules choose "
                        "untimed, which the variant leaves as written"
                      : "",
           candidates && unversioned ? "; " : "",
           unversioned ? "the loops the variant alias-versions left as written" : "",
           (candidates || unversioned) && chunked ? "; " : "",
           chunked ? "its rings issue 16-byte chunks of the block where the variant's issue "
                     "each thread's copy"
                   : "");
  ferry_remark(FERRY_REMARK_PASSED, original, "SecondVariantMade", message);
  return false;
}

/* Names the variant the kernel's name followed by `suffix`, unless a
 * function of that name exists (the program's own: the variant then keeps
 * K__ferry). Whether it was renamed. */
static bool rename_variant(LLVMModuleRef module, LLVMValueRef original, LLVMValueRef variant,
                           const char *suffix) {
  size_t original_length;
  const char *original_name = LLVMGetValueName2(original, &original_length);
  size_t suffix_size = strlen(suffix) + 1;
  char *name = ferry_xmalloc(original_length + suffix_size);
  memcpy(name, original_name, original_length);
  memcpy(name + original_length, suffix, suffix_size);
  bool renamed = original != variant && !LLVMGetNamedFunction(module, name);
  if (renamed)
    LLVMSetValueName2(variant, name, strlen(name));
  free(name);
  return renamed;
}

bool ferry_dispatch_finish_run(LLVMModuleRef module) {
  if (!ferry_is_device_module(module) || !ferry_dispatch_module_has_variants(module))
    return false;
  struct ferry_vec variants = {0}, alternatives = {0}, versioned = {0};
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    if (ferry_dispatch_marked(fn, FERRY_ALT_ATTRIBUTE))
      ferry_vec_push(&alternatives, fn);
    else if (ferry_dispatch_marked(fn, FERRY_VERSIONED_ATTRIBUTE))
      ferry_vec_push(&versioned, fn);
    else if (ferry_dispatch_marked(fn, FERRY_VARIANT_ATTRIBUTE))
      ferry_vec_push(&variants, fn);
  bool deleted = false;
  /* The alternatives and third entries first: each is decided on its
   * variant's marks. */
  for (size_t i = 0; i < alternatives.count; i++)
    deleted |= finish_alternative(module, alternatives.items[i]);
  for (size_t i = 0; i < versioned.count; i++)
    deleted |= finish_versioned(module, versioned.items[i]);
  for (size_t i = 0; i < variants.count; i++) {
    LLVMValueRef variant = variants.items[i];
    LLVMValueRef original = ferry_dispatch_original(variant);
    LLVMRemoveStringAttributeAtIndex(variant, LLVMAttributeFunctionIndex, FERRY_VARIANT_ATTRIBUTE,
                                     sizeof FERRY_VARIANT_ATTRIBUTE - 1);
    bool pays_untimed = ferry_dispatch_marked(variant, FERRY_PAYS_UNTIMED_ATTRIBUTE);
    LLVMRemoveStringAttributeAtIndex(variant, LLVMAttributeFunctionIndex,
                                     FERRY_PAYS_UNTIMED_ATTRIBUTE,
                                     sizeof FERRY_PAYS_UNTIMED_ATTRIBUTE - 1);
    char message[FERRY_MESSAGE_SIZE];
    size_t length;
    const char *name = LLVMGetValueName2(variant, &length);
    if (ferry_dispatch_marked(variant, FERRY_LAUNCH_RING_ATTRIBUTE)) {
      LLVMRemoveStringAttributeAtIndex(variant, LLVMAttributeFunctionIndex,
                                       FERRY_LAUNCH_RING_ATTRIBUTE,
                                       sizeof FERRY_LAUNCH_RING_ATTRIBUTE - 1);
      /* A function of that name already (the program's own): the variant
       * keeps its name, and its launches give it their own bytes, in
       * which its ring takes as many stages as fit (one: the loop as
       * written). */
      bool renamed = rename_variant(module, original, variant, FERRY_RING_VARIANT_SUFFIX);
      name = LLVMGetValueName2(variant, &length);
      LLVMValueRef memory = LLVMGetNamedGlobal(module, FERRY_LAUNCH_RING_MEMORY);
      bool moved = memory && ferry_used_in_function(memory, variant);
      snprintf(message, sizeof message,
               "the kernel stays as written and its converted copy is the variant %s, whose "
               "%s ring takes its stages from the launch's dynamic shared memory%s: each launch "
               "through the kernel's launch stub (a host half compiled with ferry) runs the "
               "variant where the device image has it and the launch's threads and shared "
               "memory fit it on the device, giving it %s, else the kernel as written; other "
               "launches run the kernel as written",
               name, moved ? "__shared__ tile's" : "extern __shared__ tile's",
               moved ? " (tiles of the kernel's static shared memory, where the launch gives none)"
                     : "",
               renamed ? "as many stages (up to 16, or 64 where the launch has one block a "
                         "multiprocessor) of the launch's dynamic shared memory as keep its "
                         "blocks per multiprocessor, two at least"
                       : "the launch's own dynamic shared memory (its name is taken: one stage "
                         "unless the launch gives more)");
      ferry_remark(FERRY_REMARK_PASSED, original, "VariantMade", message);
      continue;
    }
    if (ferry_dispatch_marked(variant, FERRY_CONVERTED_ATTRIBUTE)) {
      bool trial =
          !pays_untimed && rename_variant(module, original, variant, FERRY_TRIAL_VARIANT_SUFFIX);
      name = LLVMGetValueName2(variant, &length);
      snprintf(message, sizeof message,
               "the kernel stays as written and its converted copy is the variant %s: each "
               "launch through the kernel's launch stub (a host half compiled with ferry) runs "
               "the variant where the device image has it and the launch's threads and shared "
               "memory fit it on the device%s, else the kernel as written; other launches run "
               "the kernel as written", name,
               trial ? " and a trial of the launch's shape timed it faster (its conversions "
                       "are ones the rules alone leave as written: single-stage copies of under "
                       "16 bytes a thread and trial candidates the cost model refuses, "
                       "cost_model.h; loads staged ahead, staged_copy.h; loops alias-versioned "
                       "whose stores are not to global memory, alias_version.h)"
                     : "");
      ferry_remark(FERRY_REMARK_PASSED, original, "VariantMade", message);
      continue;
    }
    snprintf(message, sizeof message,
             "no variant: ferry converted nothing in the kernel, whose launches run it as written");
    ferry_remark(FERRY_REMARK_ANALYSIS, original, "NoVariant", message);
    LLVMDeleteFunction(variant);
    deleted = true;
  }
  if (deleted)
    erase_unused_array_copies(module);
  ferry_vec_free(&variants);
  ferry_vec_free(&alternatives);
  ferry_vec_free(&versioned);
  ferry_names_invalidate();
  return variants.count > 0;
}
