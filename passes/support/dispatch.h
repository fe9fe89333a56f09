/* The launch dispatch (DESIGN.md, "The host half"). In a clang CUDA compile
 * the device half keeps every kernel exactly as written and adds ferry's
 * converted kernel as a second entry, the variant, named the kernel's name
 * followed by FERRY_VARIANT_SUFFIX (PTX names cannot hold a '.'); the host
 * half registers each variant beside its kernel and makes every launch
 * through the kernel's handle choose between the two
 * (dispatch_runtime.c). -ferry-dispatch=never converts kernels in
 * place and leaves the host as written.
 *
 * The device passes run in this order: ferry-dispatch-variants (the
 * clones), ferry-pipeline and ferry-async-copy (on the clones only, in a
 * module the first marked), ferry-dispatch-finish (a clone nothing converted
 * is deleted). A module that ferry-dispatch-variants did not mark, as under
 * `opt -passes=ferry-async-copy`, is converted in place as before. */
#ifndef FERRY_PASSES_DISPATCH_H
#define FERRY_PASSES_DISPATCH_H

#include <llvm-c/Core.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FERRY_VARIANT_SUFFIX "__ferry"
/* The name a variant gets instead, kernel's name then this suffix, when
 * its ring of an extern __shared__ tile chooses its stages per launch
 * (pipeline_dynamic.h): the host's launches then give it the stages'
 * dynamic shared memory (dispatch_runtime.c). The name is the channel:
 * the host registers both names where the device code may hold them, and
 * the runtime learns per device which one its image has. */
#define FERRY_RING_VARIANT_SUFFIX "__ferry_ring"
/* The name a variant gets instead when every conversion in it is one the
 * rules do not choose untimed (cost_model.h, ferry_copy_pays_untimed; a
 * trial candidate the cost model refuses, copy_record.h): its
 * launches run it only where a trial measured it faster, and the kernel as
 * written wherever the rules alone decide (FERRY_DISPATCH=model, a graph
 * capture, a shape past the trial's table). The channel is the name, as
 * for the ring's. */
#define FERRY_TRIAL_VARIANT_SUFFIX "__ferry_trial"
/* The name of a kernel's second variant, the alternative: the kernel
 * converted another way than its variant (K__ferry, K__ferry_ring or
 * K__ferry_trial) where the rules cannot say which of the two pays
 * (dispatch_variants.c says which splits make one). Its launches run it
 * only where a trial of the kernel's entries timed it fastest, never where
 * the rules alone decide; it takes the variant's dynamic shared memory
 * (its launch ring, where it has one, is the variant's). */
#define FERRY_ALT_VARIANT_SUFFIX "__ferry_alt"
/* The name of a kernel's third entry, the versioning alone: the kernel
 * as written with only its loops alias-versioned (alias_version.h), made
 * where its variant holds both other conversions (copies) and an
 * alias-versioned loop, so that a trial can keep the copies alone (the
 * alternative), the versioning alone (this entry), both (the variant) or
 * neither (the kernel as written). Like the alternative, it runs only
 * where a trial timed it fastest; unlike it, it has no launch ring and
 * takes the launch's own dynamic shared memory, as the kernel as
 * written does. */
#define FERRY_VERSIONED_VARIANT_SUFFIX "__ferry_ver"
/* The extern __shared__ array ferry declares where a static array's ring
 * takes its slots in the launch's dynamic shared memory (pipeline_dynamic.h):
 * a variant that uses it has such a ring. */
#define FERRY_LAUNCH_RING_MEMORY "ferry_launch_ring"
/* Left by ferry-pipeline on a variant with such a ring, until
 * ferry-dispatch-finish renames it. */
#define FERRY_LAUNCH_RING_ATTRIBUTE "ferry-launch-ring"
/* On each clone until ferry-dispatch-finish. */
#define FERRY_VARIANT_ATTRIBUTE "ferry-variant"
/* Left by ferry-pipeline, ferry-prefetch and ferry-async-copy on a
 * function they converted: ferry-dispatch-finish keeps its variant. */
#define FERRY_CONVERTED_ATTRIBUTE "ferry-converted"
/* Left with FERRY_CONVERTED_ATTRIBUTE on a function with a conversion the
 * rules choose without a trial: ferry-dispatch-finish names a variant
 * without it K__ferry_trial. */
#define FERRY_PAYS_UNTIMED_ATTRIBUTE "ferry-pays-untimed"
/* On a kernel's second variant, the alternative (FERRY_ALT_VARIANT_SUFFIX),
 * beside FERRY_VARIANT_ATTRIBUTE, until ferry-dispatch-finish: the passes
 * convert it by the alternative's policy, read from this mark alone:
 * trial candidates convert beside conversions the rules choose untimed
 * (copy_plan.c), and no loop is alias-versioned (plugin.cpp). */
#define FERRY_ALT_ATTRIBUTE "ferry-alternative"
/* Left on an alternative where its policy made it differ from its
 * variant: a trial candidate converted that the variant leaves as written
 * beside the rules' conversions (copy_plan.c); a loop the variant
 * alias-versioned, which the alternative keeps as written (plugin.cpp);
 * a ring of chunks (FERRY_ALT_CHUNKED_ATTRIBUTE, below).
 * ferry-dispatch-finish deletes an alternative with none, which is its
 * variant again. */
#define FERRY_ALT_CANDIDATES_ATTRIBUTE "ferry-alternative-candidates"
#define FERRY_ALT_UNVERSIONED_ATTRIBUTE "ferry-alternative-unversioned"
/* On an alternative made because its variant's rings move per thread
 * copies that 16-byte chunks of the block could move (ferry-pipeline): its
 * rings take the chunks (copy_plan.c), whose stages follow the bytes in
 * flight, so that a trial times both forms per launch shape (H200,
 * bench/copy_compute: per thread 77/91/90/88 % of the roof at 1/2/4/8
 * blocks per SM, chunks 64/90/95/94 %). FERRY_ALT_CHUNKED_ATTRIBUTE is
 * left where a ring of it did take chunks. */
#define FERRY_ALT_CHUNKS_ATTRIBUTE "ferry-alternative-chunks"
#define FERRY_ALT_CHUNKED_ATTRIBUTE "ferry-alternative-chunked"
/* On a kernel's third entry (FERRY_VERSIONED_VARIANT_SUFFIX), beside
 * FERRY_VARIANT_ATTRIBUTE, until ferry-dispatch-finish: no copies' pass
 * ever saw it (ferry-alias-version clones it from the kernel as written
 * after them), and ferry-dispatch-finish keeps it only where the
 * versioning changed it (FERRY_CONVERTED_ATTRIBUTE) beside a variant that
 * is kept. */
#define FERRY_VERSIONED_ATTRIBUTE "ferry-versioned-only"
/* Named metadata of a device module whose kernels got clones. */
#define FERRY_DISPATCH_METADATA "ferry.dispatch"

/* Whether ferry's device passes may convert `fn`: every function of a
 * module without clones; only the clones in one with them (the originals,
 * and device functions that the originals call, stay as written). */
bool ferry_dispatch_converts(LLVMValueRef fn);

/* The kernel a clone was made from (its settings, annotate("ferry:..."),
 * are the kernel's); any other function is its own. */
LLVMValueRef ferry_dispatch_original(LLVMValueRef fn);

/* Adds a string attribute with an empty value to a function; and whether
 * a function has one. */
void ferry_dispatch_mark(LLVMValueRef fn, const char *attribute);

/* Marks a function a pass converted something in (ferry-dispatch-finish
 * keeps its variant), and whether the rules choose a conversion made
 * there without a trial. */
void ferry_dispatch_mark_converted(LLVMValueRef fn, bool pays_untimed);
bool ferry_dispatch_marked(LLVMValueRef fn, const char *attribute);

/* The kernel's second variant, a clone of its variant `variant` as it
 * stands (its marks too), named the kernel's name followed by
 * FERRY_ALT_VARIANT_SUFFIX and marked FERRY_ALT_ATTRIBUTE; NULL where
 * `variant` is not a kernel's first variant or the name is taken (the
 * kernel has one, or the program's own function holds the name). */
LLVMValueRef ferry_dispatch_make_alternative(LLVMValueRef variant);
/* The second variant of the kernel whose first variant is `variant`, or
 * NULL. */
LLVMValueRef ferry_dispatch_alternative_of(LLVMValueRef variant);

/* The kernel's third entry, the versioning alone: a clone of the kernel as
 * written whose first variant is `variant`, named the kernel's name
 * followed by FERRY_VERSIONED_VARIANT_SUFFIX and marked
 * FERRY_VARIANT_ATTRIBUTE and FERRY_VERSIONED_ATTRIBUTE; NULL where
 * `variant` is not a kernel's first variant, or, with a remark saying
 * why, where the name is taken or the kernel as written is as -O0 left it
 * (optnone: its clone would time unoptimized code, not the versioning). */
LLVMValueRef ferry_dispatch_make_versioned(LLVMValueRef variant);

/* The suffix that follows a clone's kernel's name in the clone's name, by
 * its marks (FERRY_VARIANT_SUFFIX for a first variant not yet renamed);
 * NULL for a function that is no clone. */
const char *ferry_dispatch_clone_suffix(LLVMValueRef fn);

/* The name of one of kernel's entries: the kernel's name followed by suffix
 * (FERRY_VARIANT_SUFFIX, FERRY_ALT_VARIANT_SUFFIX); the caller frees it. */
char *ferry_dispatch_entry_name(LLVMValueRef kernel, const char *suffix);

/* Whether ferry-dispatch-variants made variants in the module. */
bool ferry_dispatch_module_has_variants(LLVMModuleRef module);

/* For a refusal in a function no optimizer has touched (-O0's optnone: at
 * -O0 only the dispatch's variants are optimized, optimize_variants.cpp),
 * a clause saying so, since the function's form, not the copy, is then
 * often what refused; "" otherwise. */
const char *ferry_dispatch_unoptimized_clause(LLVMValueRef fn);

#ifdef __cplusplus
}
#endif

#endif
