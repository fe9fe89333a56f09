/* Alignment from an address's known low bits (affine.h): the base's
 * alignment, and the bits of the byte offset that no atom can change. A
 * form equals its value modulo 2^64, of which every power of two up to 2^63
 * is a divisor, so wrapping cannot change the answer. Used by the
 * per-thread form (copy_site.c, the alignment of each address) and by the
 * block-collective form (collective_copy.c, a row's first byte). */
#include "affine.h"

#include "address_space.h"

#include <llvm-c/Target.h>

unsigned ferry_affine_known_alignment(const struct ferry_affine *form, unsigned cap) {
  uint64_t bits = (uint64_t)form->constant;
  for (unsigned t = 0; t < form->term_count; t++)
    bits |= (uint64_t)form->terms[t].coefficient;
  unsigned alignment = 1;
  while (alignment < cap && !(bits & alignment))
    alignment *= 2;
  return alignment;
}

/* A __shared__ array the module defines may be given more alignment, up
 * to 16 (what a cp.async needs at most), as much as its size is a multiple
 * of: a ring of copies of the array (pipeline.c) is 16-byte aligned and its
 * slots lie a size apart, so each slot keeps what the array has. */
static unsigned shared_array_alignment(LLVMValueRef global, bool *raised) {
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(LLVMGetGlobalParent(global));
  unsigned long long size = LLVMABISizeOfType(layout, LLVMGlobalGetValueType(global));
  unsigned own = LLVMGetAlignment(global), alignment = 16;
  while (alignment > 1 && size % alignment)
    alignment /= 2;
  *raised = alignment > own;
  return alignment;
}

static unsigned parameter_alignment(LLVMValueRef argument) {
  LLVMValueRef fn = LLVMGetParamParent(argument);
  unsigned index = 0;
  for (LLVMValueRef p = LLVMGetFirstParam(fn); p && p != argument; p = LLVMGetNextParam(p))
    index++;
  LLVMAttributeRef attribute =
      LLVMGetEnumAttributeAtIndex(fn, index + 1, LLVMGetEnumAttributeKindForName("align", 5));
  return attribute ? (unsigned)LLVMGetEnumAttributeValue(attribute) : 1;
}

unsigned ferry_known_alignment(struct ferry_affine_context *context, LLVMValueRef pointer,
                               LLVMValueRef *raise) {
  *raise = NULL;
  LLVMValueRef base;
  struct ferry_affine offset;
  if (!context || !ferry_affine_address(context, pointer, &base, &offset))
    return 1;
  unsigned base_alignment = 1;
  bool raised = false;
  if (LLVMIsAGlobalVariable(base) && !LLVMIsDeclaration(base) &&
      LLVMGetPointerAddressSpace(LLVMTypeOf(base)) == FERRY_ADDRSPACE_SHARED)
    base_alignment = shared_array_alignment(base, &raised);
  else if (LLVMIsAGlobalVariable(base) && !LLVMIsDeclaration(base))
    base_alignment = LLVMGetAlignment(base);
  else if (LLVMIsAArgument(base))
    base_alignment = parameter_alignment(base);
  if (!base_alignment)
    return 1;
  unsigned alignment = ferry_affine_known_alignment(&offset, base_alignment);
  if (raised && alignment > LLVMGetAlignment(base))
    *raise = base;
  return alignment;
}
