/* The launch dispatch's marks and names (dispatch.h): what every pass asks
 * of a function, whether it is a variant, whose, and whether ferry may
 * convert it. The passes that make and prune the variants are
 * dispatch/dispatch_variants.c. */
#include "dispatch.h"

#include "bridge.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

bool ferry_dispatch_marked(LLVMValueRef fn, const char *name) {
  return LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, name,
                                       (unsigned)strlen(name)) != NULL;
}

void ferry_dispatch_mark(LLVMValueRef fn, const char *attribute) {
  LLVMContextRef context = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                          LLVMCreateStringAttribute(context, attribute, (unsigned)strlen(attribute),
                                                    "", 0));
}

void ferry_dispatch_mark_converted(LLVMValueRef fn, bool pays_untimed) {
  ferry_dispatch_mark(fn, FERRY_CONVERTED_ATTRIBUTE);
  if (pays_untimed)
    ferry_dispatch_mark(fn, FERRY_PAYS_UNTIMED_ATTRIBUTE);
}

const char *ferry_dispatch_unoptimized_clause(LLVMValueRef fn) {
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", sizeof "optnone" - 1);
  if (!LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, optnone))
    return "";
  return " (the function is as -O0 left it: at -O0 ferry optimizes only the launch dispatch's "
         "variants, so compile with -O1 or higher, or keep the dispatch on)";
}

bool ferry_dispatch_module_has_variants(LLVMModuleRef module) {
  return LLVMGetNamedMetadata(module, FERRY_DISPATCH_METADATA,
                              sizeof FERRY_DISPATCH_METADATA - 1) != NULL;
}

bool ferry_dispatch_converts(LLVMValueRef fn) {
  return !ferry_dispatch_module_has_variants(LLVMGetGlobalParent(fn)) || ferry_dispatch_marked(fn, FERRY_VARIANT_ATTRIBUTE);
}

const char *ferry_dispatch_clone_suffix(LLVMValueRef fn) {
  if (!ferry_dispatch_marked(fn, FERRY_VARIANT_ATTRIBUTE))
    return NULL;
  if (ferry_dispatch_marked(fn, FERRY_ALT_ATTRIBUTE))
    return FERRY_ALT_VARIANT_SUFFIX;
  if (ferry_dispatch_marked(fn, FERRY_VERSIONED_ATTRIBUTE))
    return FERRY_VERSIONED_VARIANT_SUFFIX;
  return FERRY_VARIANT_SUFFIX;
}

LLVMValueRef ferry_dispatch_original(LLVMValueRef fn) {
  const char *clone_suffix = ferry_dispatch_clone_suffix(fn);
  if (!clone_suffix)
    return fn;
  size_t length;
  const char *name = LLVMGetValueName2(fn, &length);
  size_t suffix = strlen(clone_suffix);
  if (length <= suffix)
    return fn;
  char *original_name = ferry_xmalloc(length - suffix + 1);
  memcpy(original_name, name, length - suffix);
  original_name[length - suffix] = '\0';
  LLVMValueRef original = LLVMGetNamedFunction(LLVMGetGlobalParent(fn), original_name);
  free(original_name);
  return original ? original : fn;
}

char *ferry_dispatch_entry_name(LLVMValueRef kernel, const char *suffix) {
  size_t length, suffix_length = strlen(suffix);
  const char *name = LLVMGetValueName2(kernel, &length);
  char *entry = ferry_xmalloc(length + suffix_length + 1);
  memcpy(entry, name, length);
  memcpy(entry + length, suffix, suffix_length + 1);
  return entry;
}

/* Whether `variant` is a kernel's first variant (not yet renamed). */
static bool first_variant(LLVMValueRef variant) {
  const char *suffix = ferry_dispatch_clone_suffix(variant);
  return suffix && strcmp(suffix, FERRY_VARIANT_SUFFIX) == 0 &&
         ferry_dispatch_original(variant) != variant;
}

/* The kernel's name followed by FERRY_ALT_VARIANT_SUFFIX, for the first
 * variant `variant`; NULL where it is not one. */
static char *alternative_name(LLVMValueRef variant) {
  if (!first_variant(variant))
    return NULL;
  return ferry_dispatch_entry_name(ferry_dispatch_original(variant), FERRY_ALT_VARIANT_SUFFIX);
}

LLVMValueRef ferry_dispatch_alternative_of(LLVMValueRef variant) {
  char *name = alternative_name(variant);
  if (!name)
    return NULL;
  LLVMValueRef alternative = LLVMGetNamedFunction(LLVMGetGlobalParent(variant), name);
  free(name);
  return alternative && ferry_dispatch_marked(alternative, FERRY_ALT_ATTRIBUTE) ? alternative
                                                                                : NULL;
}

LLVMValueRef ferry_dispatch_make_alternative(LLVMValueRef variant) {
  char *name = alternative_name(variant);
  if (!name)
    return NULL;
  LLVMValueRef alternative = NULL;
  if (!LLVMGetNamedFunction(LLVMGetGlobalParent(variant), name)) {
    alternative = ferry_clone_kernel(variant, name, FERRY_ALT_VARIANT_SUFFIX);
    ferry_dispatch_mark(alternative, FERRY_ALT_ATTRIBUTE);
  }
  free(name);
  return alternative;
}

LLVMValueRef ferry_dispatch_make_versioned(LLVMValueRef variant) {
  if (!first_variant(variant))
    return NULL;
  LLVMValueRef original = ferry_dispatch_original(variant);
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", sizeof "optnone" - 1);
  if (LLVMGetEnumAttributeAtIndex(original, LLVMAttributeFunctionIndex, optnone)) {
    ferry_remark(FERRY_REMARK_ANALYSIS, original, "NoVersionedEntry",
                 "no entry with the versioning alone: the kernel as written is as -O0 left it, "
                 "so a clone of it would time unoptimized code, not the versioning (compile with "
                 "-O1 or higher)");
    return NULL;
  }
  char *name = ferry_dispatch_entry_name(original, FERRY_VERSIONED_VARIANT_SUFFIX);
  LLVMValueRef versioned = NULL;
  if (!LLVMGetNamedFunction(LLVMGetGlobalParent(variant), name)) {
    versioned = ferry_clone_kernel(original, name, FERRY_VERSIONED_VARIANT_SUFFIX);
    ferry_dispatch_mark(versioned, FERRY_VARIANT_ATTRIBUTE);
    ferry_dispatch_mark(versioned, FERRY_VERSIONED_ATTRIBUTE);
  } else {
    ferry_remark(FERRY_REMARK_ANALYSIS, original, "NoVersionedEntry",
                 "no entry with the versioning alone: the program's own function holds its name");
  }
  free(name);
  return versioned;
}
