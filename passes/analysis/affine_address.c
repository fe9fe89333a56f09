/* Addresses as a base plus an affine byte offset. Walks a pointer back
 * through GEPs, bitcasts and addrspacecasts, instructions and constant
 * expressions alike (clang writes a shared array as `addrspacecast (ptr
 * addrspace(3) @tile to ptr)` inside the GEPs that index it), summing each
 * GEP's offset from the data layout: the first index steps over whole
 * source elements, later ones into arrays and vectors (allocation size of
 * the element) or struct fields (the field's offset). Indices narrower than
 * the pointer are sign-extended, as GEP does. Refused, by stopping the walk
 * and making that GEP the base: non-constant struct indices, vector
 * indices, unsized, scalable or opaque types, pointers narrower than 64
 * bits (their offsets wrap at a width the 64-bit sum does not see), and
 * offsets that would take more terms than a form holds. */
#include "affine.h"
#include "ir_build.h"

#include <llvm-c/Target.h>

enum { MAX_STRIPPED = 64, OFFSET_WIDTH = 64 };

static bool allocation_size(LLVMTargetDataRef layout, LLVMTypeRef type, int64_t *size) {
  if (LLVMGetTypeKind(type) == LLVMScalableVectorTypeKind || !LLVMTypeIsSized(type))
    return false;
  unsigned long long bytes = LLVMABISizeOfType(layout, type);
  if (bytes > INT64_MAX)
    return false;
  *size = (int64_t)bytes;
  return true;
}

/* The type the next index steps into, and the stride of that step; a
 * struct field adds its constant offset instead (stride 0). */
static bool step_into(LLVMTargetDataRef layout, LLVMTypeRef *type, LLVMValueRef index,
                      struct ferry_affine *offset, int64_t *stride) {
  switch (LLVMGetTypeKind(*type)) {
  case LLVMStructTypeKind: {
    if (!LLVMIsAConstantInt(index) || LLVMIsOpaqueStruct(*type))
      return false;
    unsigned long long field = LLVMConstIntGetZExtValue(index);
    if (field >= LLVMCountStructElementTypes(*type))
      return false;
    offset->constant = (int64_t)((uint64_t)offset->constant +
                                 LLVMOffsetOfElement(layout, *type, (unsigned)field));
    *type = LLVMStructGetTypeAtIndex(*type, (unsigned)field);
    *stride = 0;
    return true;
  }
  case LLVMArrayTypeKind:
  case LLVMVectorTypeKind:
    *type = LLVMGetElementType(*type);
    return allocation_size(layout, *type, stride);
  default:
    return false;
  }
}

static bool gep_offset(struct ferry_affine_context *context, LLVMTargetDataRef layout,
                       LLVMValueRef gep, struct ferry_affine *offset) {
  LLVMTypeRef pointer_type = LLVMTypeOf(LLVMGetOperand(gep, 0));
  if (LLVMGetTypeKind(pointer_type) != LLVMPointerTypeKind ||
      8 * LLVMPointerSizeForAS(layout, LLVMGetPointerAddressSpace(pointer_type)) != OFFSET_WIDTH)
    return false;
  *offset = (struct ferry_affine){.width = OFFSET_WIDTH};
  LLVMTypeRef type = LLVMGetGEPSourceElementType(gep);
  int count = LLVMGetNumOperands(gep);
  for (int i = 1; i < count; i++) {
    LLVMValueRef index = LLVMGetOperand(gep, i);
    int64_t stride;
    if (i == 1 ? !allocation_size(layout, type, &stride)
               : !step_into(layout, &type, index, offset, &stride))
      return false;
    if (!stride)
      continue;
    struct ferry_affine index_form;
    if (!ferry_affine_of_index(context, index, OFFSET_WIDTH, &index_form) ||
        !ferry_affine_add_scaled(offset, &index_form, stride, offset))
      return false;
  }
  return true;
}

bool ferry_affine_address(struct ferry_affine_context *context, LLVMValueRef pointer,
                          LLVMValueRef *base, struct ferry_affine *byte_offset) {
  if (LLVMGetTypeKind(LLVMTypeOf(pointer)) != LLVMPointerTypeKind)
    return false;
  LLVMModuleRef module = LLVMGetGlobalParent(ferry_affine_function(context));
  LLVMTargetDataRef layout = LLVMGetModuleDataLayout(module);
  *byte_offset = (struct ferry_affine){.width = OFFSET_WIDTH};
  LLVMOpcode opcode;
  for (int stripped = 0; stripped < MAX_STRIPPED && (opcode = ferry_opcode_of(pointer)); stripped++) {
    if (opcode == LLVMGetElementPtr) {
      struct ferry_affine step;
      if (!gep_offset(context, layout, pointer, &step) ||
          !ferry_affine_add_scaled(byte_offset, &step, 1, &step))
        break;
      *byte_offset = step;
    } else if (opcode != LLVMBitCast && opcode != LLVMAddrSpaceCast) {
      break;
    }
    pointer = LLVMGetOperand(pointer, 0);
  }
  *base = pointer;
  return true;
}
