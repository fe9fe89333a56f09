/* Alias and memory-effect queries for the passes. Two pointers do not alias
 * when they are in different known state spaces, or derive from different
 * identified objects (distinct global variables or allocas, or a noalias
 * argument against another argument or identified object). `extern __shared__` arrays all name the
 * one dynamic shared buffer, so they alias one another. Everything else may
 * alias. */
#include "memory.h"

#include "address_space.h"

#include <string.h>

static bool is_dynamic_shared_array(LLVMValueRef object) {
  return LLVMIsAGlobalVariable(object) && LLVMIsDeclaration(object) &&
         LLVMGetPointerAddressSpace(LLVMTypeOf(object)) == FERRY_ADDRSPACE_SHARED;
}

static bool is_noalias_argument(LLVMValueRef object) {
  if (!LLVMIsAArgument(object))
    return false;
  LLVMValueRef fn = LLVMGetParamParent(object);
  unsigned index = 0;
  for (LLVMValueRef p = LLVMGetFirstParam(fn); p && p != object; p = LLVMGetNextParam(p))
    index++;
  unsigned kind = LLVMGetEnumAttributeKindForName("noalias", 7);
  return LLVMGetEnumAttributeAtIndex(fn, index + 1, kind) != NULL;
}

/* An object whose storage is its own: distinct ones never overlap. */
static bool is_identified_object(LLVMValueRef object) {
  return LLVMIsAAllocaInst(object) ||
         (LLVMIsAGlobalVariable(object) && !is_dynamic_shared_array(object));
}

bool ferry_may_alias(LLVMValueRef a, LLVMValueRef b) {
  enum ferry_space space_a = ferry_infer_space(a);
  enum ferry_space space_b = ferry_infer_space(b);
  if (space_a != FERRY_SPACE_UNKNOWN && space_b != FERRY_SPACE_UNKNOWN &&
      space_a != space_b)
    return false;

  LLVMValueRef object_a = ferry_strip_pointer(a);
  LLVMValueRef object_b = ferry_strip_pointer(b);
  if (object_a == object_b)
    return true;
  if (is_identified_object(object_a) && is_identified_object(object_b))
    return false;
  if (is_dynamic_shared_array(object_a) && is_dynamic_shared_array(object_b))
    return true;
  /* A static shared variable is never part of the dynamic buffer. */
  if ((is_dynamic_shared_array(object_a) && is_identified_object(object_b)) ||
      (is_dynamic_shared_array(object_b) && is_identified_object(object_a)))
    return false;
  /* noalias separates an argument from what is visibly not derived from it:
   * another argument or an identified object. A phi or a loaded pointer
   * might be derived from it, so those still may alias. */
  bool separable_a = LLVMIsAArgument(object_a) || is_identified_object(object_a);
  bool separable_b = LLVMIsAArgument(object_b) || is_identified_object(object_b);
  if (separable_a && separable_b &&
      (is_noalias_argument(object_a) || is_noalias_argument(object_b)))
    return false;
  return true;
}

LLVMValueRef ferry_accessed_pointer(LLVMValueRef inst) {
  if (LLVMIsALoadInst(inst))
    return LLVMGetOperand(inst, 0);
  if (LLVMIsAStoreInst(inst))
    return LLVMGetOperand(inst, 1);
  if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst))
    return LLVMGetOperand(inst, 0);
  return NULL;
}

LLVMValueRef ferry_called_function(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  return callee && LLVMIsAFunction(callee) ? callee : NULL;
}

bool ferry_calls_prefix(LLVMValueRef call, const char *prefix) {
  LLVMValueRef callee = ferry_called_function(call);
  if (!callee)
    return false;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  size_t prefix_length = strlen(prefix);
  return length >= prefix_length && strncmp(name, prefix, prefix_length) == 0;
}

/* memory(none) is the memory attribute with an all-zero effect mask. */
static bool is_memory_none(LLVMAttributeRef attribute) {
  return attribute && LLVMGetEnumAttributeValue(attribute) == 0;
}

static unsigned memory_attribute_kind(void) {
  return LLVMGetEnumAttributeKindForName("memory", 6);
}

bool ferry_call_is_memory_free(LLVMValueRef call) {
  /* The call site's own attribute covers inline assembly, which has no
   * callee to carry one (clang marks asm without side effects or a memory
   * clobber memory(none)). */
  if (is_memory_none(LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex,
                                                  memory_attribute_kind())))
    return true;
  LLVMValueRef callee = ferry_called_function(call);
  if (!callee)
    return false;
  if (is_memory_none(LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex,
                                                  memory_attribute_kind())))
    return true;
  /* Markers that the optimizer models as memory effects but that touch no
   * memory a copy could observe. */
  return ferry_calls_prefix(call, "llvm.lifetime.") ||
         ferry_calls_prefix(call, "llvm.assume") ||
         ferry_calls_prefix(call, "llvm.experimental.noalias.scope.decl");
}

bool ferry_call_is_abort(LLVMValueRef call) {
  static const char *const aborts[] = {"llvm.trap", "__assertfail", "__assert_fail", "__trap",
                                       "abort"};
  LLVMValueRef callee = ferry_called_function(call);
  if (!callee)
    return false;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  for (size_t i = 0; i < sizeof aborts / sizeof *aborts; i++)
    if (strlen(aborts[i]) == length && strncmp(name, aborts[i], length) == 0)
      return true;
  return false;
}

bool ferry_is_memory_transfer(LLVMValueRef call) {
  if (!LLVMIsACallInst(call))
    return false;
  if (!ferry_calls_prefix(call, "llvm.memcpy.") && !ferry_calls_prefix(call, "llvm.memmove.") &&
      !ferry_calls_prefix(call, "llvm.memset."))
    return false;
  /* The last argument is the volatile flag. */
  LLVMValueRef is_volatile = LLVMGetOperand(call, 3);
  return LLVMIsAConstantInt(is_volatile) && LLVMConstIntGetZExtValue(is_volatile) == 0;
}

static bool is_memory_instruction(LLVMValueRef inst) {
  return LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst) ||
         LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst);
}

/* Whether inst may write (`write`) or read memory `pointer` may point to:
 * a transfer by its destination or source (memset reads nothing), a call
 * unless it touches no memory (an abort never returns to touch it), a
 * fence always, a load or store by the pointer it accesses. */
static bool may_access(LLVMValueRef inst, LLVMValueRef pointer, bool write) {
  if (ferry_is_memory_transfer(inst))
    return write ? ferry_may_alias(LLVMGetOperand(inst, 0), pointer)
                 : !ferry_calls_prefix(inst, "llvm.memset.") &&
                       ferry_may_alias(LLVMGetOperand(inst, 1), pointer);
  if (LLVMIsACallInst(inst) && ferry_call_is_abort(inst))
    return false;
  if (LLVMIsACallInst(inst) || LLVMIsAInvokeInst(inst) || LLVMIsACallBrInst(inst))
    return !ferry_call_is_memory_free(inst);
  if (LLVMIsAFenceInst(inst))
    return true;
  if (!is_memory_instruction(inst) || (write ? LLVMIsALoadInst(inst) : LLVMIsAStoreInst(inst)))
    return false;
  return ferry_may_alias(ferry_accessed_pointer(inst), pointer);
}

bool ferry_may_write(LLVMValueRef inst, LLVMValueRef pointer) {
  return may_access(inst, pointer, true);
}

bool ferry_may_read(LLVMValueRef inst, LLVMValueRef pointer) {
  return may_access(inst, pointer, false);
}
