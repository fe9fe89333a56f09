/* Address-space inference. Follows a generic pointer to its origin; a phi or
 * select infers a space only when every incoming pointer agrees. Anything it
 * cannot see through (pointers loaded from memory other than a local
 * variable that never escapes, inttoptr, calls, arguments of non-kernel
 * functions) is UNKNOWN, and callers must then refuse. */
#include "address_space.h"

#include "ir_build.h"
#include "target.h"

#include <stdbool.h>
#include "util.h"

enum { MAX_DEPTH = 64 };

/* What a merge (phi, select, local variable) met again during one query
 * answers: nothing new. The merge's space is decided where it was first
 * entered, and a value that only feeds itself adds no other space. */
#define SPACE_REVISITED ((enum ferry_space)100)

static bool agrees(enum ferry_space space, bool *any, enum ferry_space *agreed) {
  if (space == SPACE_REVISITED)
    return true;
  if (space == FERRY_SPACE_UNKNOWN || (*any && space != *agreed))
    return false;
  *agreed = space;
  *any = true;
  return true;
}

static enum ferry_space space_of_addrspace(unsigned addrspace) {
  switch (addrspace) {
  case FERRY_ADDRSPACE_GLOBAL: return FERRY_SPACE_GLOBAL;
  case FERRY_ADDRSPACE_SHARED: return FERRY_SPACE_SHARED;
  case FERRY_ADDRSPACE_CONSTANT: return FERRY_SPACE_CONSTANT;
  case FERRY_ADDRSPACE_LOCAL: return FERRY_SPACE_LOCAL;
  case 101: return FERRY_SPACE_PARAM;
  default: return FERRY_SPACE_UNKNOWN;
  }
}

static unsigned pointer_addrspace(LLVMValueRef pointer) {
  return LLVMGetPointerAddressSpace(LLVMTypeOf(pointer));
}

/* The operand a pointer-forwarding value is derived from, or NULL. */
static LLVMValueRef forwarded_pointer(LLVMValueRef value) {
  switch (ferry_opcode_of(value)) {
  case LLVMGetElementPtr:
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
    return LLVMGetOperand(value, 0);
  default:
    return NULL;
  }
}

LLVMValueRef ferry_strip_pointer(LLVMValueRef pointer) {
  for (int depth = 0; depth < MAX_DEPTH; depth++) {
    LLVMValueRef from = forwarded_pointer(pointer);
    if (!from)
      break;
    pointer = from;
  }
  return pointer;
}

static enum ferry_space infer(LLVMValueRef pointer, struct ferry_vec *visiting,
                              int depth);

/* A phi or select: every incoming value must agree. Incoming values already
 * being visited (a loop around the phi) add nothing new. */
static enum ferry_space infer_merge(LLVMValueRef merge, struct ferry_vec *visiting,
                                    int depth) {
  if (!ferry_vec_push_unique(visiting, merge))
    return SPACE_REVISITED;
  enum ferry_space agreed = FERRY_SPACE_UNKNOWN;
  bool any = false;
  bool phi = LLVMIsAPHINode(merge) != NULL;
  unsigned count = phi ? LLVMCountIncoming(merge) : 2;
  for (unsigned i = 0; i < count; i++) {
    LLVMValueRef incoming = phi ? LLVMGetIncomingValue(merge, i)
                                : LLVMGetOperand(merge, i + 1);
    if (LLVMIsAUndefValue(incoming) || LLVMIsAPoisonValue(incoming))
      continue;
    if (!agrees(infer(incoming, visiting, depth + 1), &any, &agreed))
      return FERRY_SPACE_UNKNOWN;
  }
  return any ? agreed : FERRY_SPACE_UNKNOWN;
}

/* A pointer loaded from a local variable that never escapes (every use of
 * the alloca loads from it or stores into it) holds one of the values
 * stored into it; at -O0 every kernel parameter lives in such a variable.
 * All stored values must agree. */
static enum ferry_space infer_local_variable(LLVMValueRef load,
                                             struct ferry_vec *visiting, int depth) {
  LLVMValueRef variable = LLVMGetOperand(load, 0);
  if (!LLVMIsAAllocaInst(variable))
    return FERRY_SPACE_UNKNOWN;
  if (!ferry_vec_push_unique(visiting, variable))
    return SPACE_REVISITED;
  enum ferry_space agreed = FERRY_SPACE_UNKNOWN;
  bool any = false;
  for (LLVMUseRef use = LLVMGetFirstUse(variable); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsALoadInst(user) && ferry_is_plain_access(user))
      continue;
    if (!LLVMIsAStoreInst(user) || LLVMGetOperand(user, 1) != variable ||
        LLVMGetOperand(user, 0) == variable || !ferry_is_plain_access(user))
      return FERRY_SPACE_UNKNOWN; /* escapes, or written some other way */
    LLVMValueRef stored = LLVMGetOperand(user, 0);
    if (LLVMGetTypeKind(LLVMTypeOf(stored)) != LLVMPointerTypeKind)
      return FERRY_SPACE_UNKNOWN;
    if (!agrees(infer(stored, visiting, depth + 1), &any, &agreed))
      return FERRY_SPACE_UNKNOWN;
  }
  return any ? agreed : FERRY_SPACE_UNKNOWN;
}

/* A pointer parameter of a kernel points to global memory, but for a byval
 * one (a struct passed by value), which points to the parameter's own copy. */
static enum ferry_space kernel_argument_space(LLVMValueRef argument) {
  LLVMValueRef fn = LLVMGetParamParent(argument);
  if (!ferry_is_kernel(fn))
    return FERRY_SPACE_UNKNOWN;
  unsigned index = 0;
  for (LLVMValueRef p = LLVMGetFirstParam(fn); p != argument; p = LLVMGetNextParam(p))
    index++;
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  if (LLVMGetEnumAttributeAtIndex(fn, index + 1, byval))
    return FERRY_SPACE_PARAM;
  return FERRY_SPACE_GLOBAL;
}

static enum ferry_space infer(LLVMValueRef pointer, struct ferry_vec *visiting,
                              int depth) {
  if (depth > MAX_DEPTH)
    return FERRY_SPACE_UNKNOWN;
  unsigned addrspace = pointer_addrspace(pointer);
  if (addrspace != FERRY_ADDRSPACE_GENERIC)
    return space_of_addrspace(addrspace);

  LLVMValueRef from = forwarded_pointer(pointer);
  if (from)
    return infer(from, visiting, depth + 1);
  if (LLVMIsAPHINode(pointer) || LLVMIsASelectInst(pointer))
    return infer_merge(pointer, visiting, depth);
  if (LLVMIsAArgument(pointer))
    return kernel_argument_space(pointer);
  if (LLVMIsAGlobalVariable(pointer))
    return FERRY_SPACE_GLOBAL;
  if (LLVMIsAAllocaInst(pointer))
    return FERRY_SPACE_LOCAL;
  if (LLVMIsALoadInst(pointer) && ferry_is_plain_access(pointer))
    return infer_local_variable(pointer, visiting, depth);
  return FERRY_SPACE_UNKNOWN;
}

enum ferry_space ferry_infer_space(LLVMValueRef pointer) {
  struct ferry_vec visiting = {0};
  enum ferry_space space = infer(pointer, &visiting, 0);
  ferry_vec_free(&visiting);
  return space == SPACE_REVISITED ? FERRY_SPACE_UNKNOWN : space;
}

const char *ferry_space_name(enum ferry_space space) {
  switch (space) {
  case FERRY_SPACE_GLOBAL: return "global";
  case FERRY_SPACE_SHARED: return "shared";
  case FERRY_SPACE_CONSTANT: return "constant";
  case FERRY_SPACE_LOCAL: return "local";
  case FERRY_SPACE_PARAM: return "param";
  case FERRY_SPACE_UNKNOWN: break;
  }
  return "unknown";
}
