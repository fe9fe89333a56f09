#include "ir_build.h"

#include "bridge.h"

#include <limits.h>
#include <string.h>

bool ferry_is_plain_access(LLVMValueRef inst) {
  if (LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst))
    return !LLVMGetVolatile(inst) && LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic;
  return false;
}

LLVMValueRef ferry_call_intrinsic(LLVMBuilderRef builder, LLVMModuleRef module,
                                  const char *name, LLVMValueRef *args, unsigned count) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(module, id, NULL, 0);
  return LLVMBuildCall2(builder, LLVMGlobalGetValueType(fn), fn, args, count, "");
}

LLVMValueRef ferry_pointer_in_space(LLVMBuilderRef builder, LLVMValueRef pointer,
                                    unsigned addrspace) {
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(pointer)) == addrspace)
    return pointer;
  LLVMTypeRef type =
      LLVMPointerTypeInContext(LLVMGetTypeContext(LLVMTypeOf(pointer)), addrspace);
  return LLVMBuildAddrSpaceCast(builder, pointer, type, "");
}

const char *ferry_cp_async_cache(unsigned size) { return size == 16 ? "cg" : "ca"; }

LLVMBasicBlockRef ferry_open_region(LLVMValueRef before, const char *name, const char *rest_name,
                                    LLVMBasicBlockRef *head, LLVMBasicBlockRef *rest) {
  *head = LLVMGetInstructionParent(before);
  *rest = ferry_split_block_before(before, rest_name);
  LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(*head));
  return LLVMInsertBasicBlockInContext(LLVMGetTypeContext(LLVMTypeOf(before)), *rest, name);
}

LLVMOpcode ferry_opcode_of(LLVMValueRef value) {
  if (LLVMIsAInstruction(value))
    return LLVMGetInstructionOpcode(value);
  if (LLVMIsAConstantExpr(value))
    return LLVMGetConstOpcode(value);
  return (LLVMOpcode)0;
}

static bool used_in_function(LLVMValueRef value, LLVMValueRef fn, int depth) {
  for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAInstruction(user)) {
      if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == fn)
        return true;
    } else if (LLVMIsAConstantExpr(user) && depth < 8 && used_in_function(user, fn, depth + 1)) {
      return true;
    }
  }
  return false;
}

bool ferry_used_in_function(LLVMValueRef value, LLVMValueRef fn) {
  return used_in_function(value, fn, 0);
}

LLVMIntPredicate ferry_icmp_swapped(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntULT: return LLVMIntUGT;
  case LLVMIntUGT: return LLVMIntULT;
  case LLVMIntULE: return LLVMIntUGE;
  case LLVMIntUGE: return LLVMIntULE;
  case LLVMIntSLT: return LLVMIntSGT;
  case LLVMIntSGT: return LLVMIntSLT;
  case LLVMIntSLE: return LLVMIntSGE;
  case LLVMIntSGE: return LLVMIntSLE;
  default: return p;
  }
}

LLVMIntPredicate ferry_icmp_inverse(LLVMIntPredicate p) {
  switch (p) {
  case LLVMIntEQ: return LLVMIntNE;
  case LLVMIntNE: return LLVMIntEQ;
  case LLVMIntULT: return LLVMIntUGE;
  case LLVMIntUGE: return LLVMIntULT;
  case LLVMIntUGT: return LLVMIntULE;
  case LLVMIntULE: return LLVMIntUGT;
  case LLVMIntSLT: return LLVMIntSGE;
  case LLVMIntSGE: return LLVMIntSLT;
  case LLVMIntSGT: return LLVMIntSLE;
  case LLVMIntSLE: return LLVMIntSGT;
  }
  return p;
}

LLVMValueRef ferry_build_int_as(LLVMBuilderRef builder, LLVMValueRef value, LLVMTypeRef type) {
  unsigned width = LLVMGetIntTypeWidth(type), from = LLVMGetIntTypeWidth(LLVMTypeOf(value));
  if (width == from)
    return value;
  return width < from ? LLVMBuildTrunc(builder, value, type, "")
                      : LLVMBuildZExt(builder, value, type, "");
}

/* A constant GEP whose every index is 0: the address of its base. */
static bool zero_gep(LLVMValueRef value) {
  if (LLVMGetConstOpcode(value) != LLVMGetElementPtr)
    return false;
  for (int i = 1; i < LLVMGetNumOperands(value); i++) {
    LLVMValueRef index = LLVMGetOperand(value, (unsigned)i);
    if (!LLVMIsAConstantInt(index) || LLVMConstIntGetZExtValue(index) != 0)
      return false;
  }
  return true;
}

static bool constant_cast(LLVMValueRef value) {
  return LLVMIsAConstantExpr(value) &&
         (LLVMGetConstOpcode(value) == LLVMBitCast || LLVMGetConstOpcode(value) == LLVMAddrSpaceCast);
}

LLVMValueRef ferry_strip_constant_casts(LLVMValueRef value) {
  while (value && constant_cast(value))
    value = LLVMGetOperand(value, 0);
  return value;
}

const char *ferry_constant_string(LLVMValueRef value, size_t *length) {
  while (value && (constant_cast(value) || (LLVMIsAConstantExpr(value) && zero_gep(value))))
    value = LLVMGetOperand(value, 0);
  if (!value || !LLVMIsAGlobalVariable(value) || !LLVMGetInitializer(value) ||
      !LLVMIsAConstantDataSequential(LLVMGetInitializer(value)))
    return NULL;
  const char *text = LLVMGetAsString(LLVMGetInitializer(value), length);
  if (*length && text[*length - 1] == '\0')
    --*length;
  return text;
}

LLVMValueRef ferry_global_annotations(LLVMModuleRef module) {
  LLVMValueRef annotations = LLVMGetNamedGlobal(module, "llvm.global.annotations");
  return annotations ? LLVMGetInitializer(annotations) : NULL;
}

bool ferry_annotation_at(LLVMValueRef entries, int index, struct ferry_annotation *a) {
  memset(a, 0, sizeof *a);
  LLVMValueRef entry = LLVMGetOperand(entries, (unsigned)index);
  if (!entry || LLVMGetNumOperands(entry) < 2)
    return false;
  a->value = ferry_strip_constant_casts(LLVMGetOperand(entry, 0));
  a->text = ferry_constant_string(LLVMGetOperand(entry, 1), &a->length);
  if (!a->value || !a->text)
    return false;
  if (LLVMGetNumOperands(entry) >= 4) {
    a->file = ferry_constant_string(LLVMGetOperand(entry, 2), &a->file_length);
    LLVMValueRef line = LLVMGetOperand(entry, 3);
    if (LLVMIsAConstantInt(line) && LLVMConstIntGetZExtValue(line) <= UINT_MAX)
      a->line = (unsigned)LLVMConstIntGetZExtValue(line);
  }
  return true;
}
