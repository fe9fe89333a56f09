/* ferry-contraction-mark and ferry-contraction-order: which product of an
 * add of two products becomes the fma, as nvcc's cicc chooses, under
 * -ferry-contraction-order=nvcc (which ferry-cc passes on an nvcc-style
 * line beside -nvptx-fma-level=1: tools/nvcc_floating_point.c).
 *
 * For `a*b + c*d` both backends fuse the add's first operand (the NVPTX
 * fadd combine tries it first), so the choice is the operand order the
 * optimizer leaves. Both optimizers order a commutative instruction's
 * operands by Reassociate's rank, in which a read ranks by its place in
 * the function and a product by its operands. They differ on reads: LLVM's
 * EarlyCSE merges the reads of one address before Reassociate runs, so a
 * product of a value read again ranks by its first read; cicc merges a
 * read only where its address is the very value of a read a few
 * instructions before (a __shared__ or __device__ array at a constant
 * index, read twice in a line), so every other read ranks where it is
 * written, and of two products of reads and constants the one written
 * first comes first. Measured with nvcc 13's cicc
 * (test/ferry-cc/Inputs/contraction-order.cu; docs/PUBLIC_BUILDS.md): after
 * a line that reads D[7] before D[1], `C_d*D[1] + C_c*D[7]` fuses C_d*D[1]
 * in nvcc's PTX and C_c*D[7] in LLVM's, whether D is global memory through
 * a pointer, __constant__ or shared memory at a thread's index, a local
 * array through a device function's pointer, or read with __ldg, for f32
 * and f64; a __shared__ or __device__ array at a constant index read twice
 * in a line merges, as in LLVM.
 *
 * A read here is what cicc still reads from memory when its Reassociate
 * runs: a load whose address an instruction computes (not a constant
 * offset of a global variable, whose reads cicc may merge), or a call of
 * __ldg and its kin (inline assembly in nvcc's headers, a builtin load in
 * clang's), from memory other than a local variable: SROA makes a
 * local's loads the values stored (which rank where they are defined, in
 * both optimizers) unless a loop writes it at a variable index (the local
 * array `D[i] = ...` a transform fills), and through a device function's
 * parameter, every call must pass such memory (cicc inlines first: a
 * local struct passed by reference becomes values).
 *
 * ferry-contraction-mark, on the IR as clang wrote it (before any pass
 * merges a read), marks each add of two products of its block whose
 * operands are reads and constants alone: the add with
 * FERRY_PRODUCTS_AS_WRITTEN, its first product with FERRY_WRITTEN_FIRST.
 * ferry-contraction-order, once the optimizer and ferry's passes are done,
 * puts the marked product first again in each marked add that still has
 * both products, each still of loads and constants (values a later pass
 * made of them rank as values, as in cicc), and drops the marks. An add's
 * operands commute exactly (IEEE 754 addition is commutative; which NaN
 * comes out is unspecified in LLVM's IR and PTX alike), so no value
 * changes: only which product the backend fuses. Where an optimization
 * replaced the add or a product, the mark is gone and LLVM's order
 * stays. */
#include "bridge.h"
#include "ferry.h"
#include "util.h"

#include <stdbool.h>
#include <string.h>

#define FERRY_PRODUCTS_AS_WRITTEN "ferry.products_as_written"
#define FERRY_WRITTEN_FIRST "ferry.written_first"

struct contraction_marks {
  LLVMContextRef context;
  unsigned as_written; /* the add's metadata kind */
  unsigned first;      /* its first product's */
};

static struct contraction_marks marks_of(LLVMModuleRef module) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  return (struct contraction_marks){
      .context = context,
      .as_written = LLVMGetMDKindIDInContext(context, FERRY_PRODUCTS_AS_WRITTEN,
                                             (unsigned)strlen(FERRY_PRODUCTS_AS_WRITTEN)),
      .first = LLVMGetMDKindIDInContext(context, FERRY_WRITTEN_FIRST, (unsigned)strlen(FERRY_WRITTEN_FIRST)),
  };
}

/* Both passes work under -ferry-contraction-order=nvcc, on device code. */
static bool wanted(LLVMModuleRef module) {
  return ferry_option_contraction_order() == FERRY_CONTRACTION_ORDER_NVCC && ferry_is_device_module(module);
}

static bool is_opcode(LLVMValueRef value, LLVMOpcode opcode) {
  return LLVMIsAInstruction(value) && LLVMGetInstructionOpcode(value) == opcode;
}

/* What an address points into: the base of its GEPs and casts. */
static LLVMValueRef address_base(LLVMValueRef address) {
  for (;;) {
    if (LLVMIsAGetElementPtrInst(address) || LLVMIsABitCastInst(address) || LLVMIsAAddrSpaceCastInst(address))
      address = LLVMGetOperand(address, 0);
    else if (LLVMIsAConstantExpr(address) &&
             (LLVMGetConstOpcode(address) == LLVMGetElementPtr ||
              LLVMGetConstOpcode(address) == LLVMAddrSpaceCast))
      address = LLVMGetOperand(address, 0);
    else
      return address;
  }
}

/* A call of one of CUDA's cached loads (__ldg, __ldcg, __ldca, __ldcs,
 * __ldlu, __ldcv): inline assembly in nvcc's headers, which cicc never
 * merges, and a builtin load in clang's, which LLVM does. */
static bool is_cached_load_call(LLVMValueRef value) {
  static const char *const names[] = {"_Z5__ldgPK", "_Z6__ldcgPK", "_Z6__ldcaPK",
                                      "_Z6__ldcsPK", "_Z6__ldluPK", "_Z6__ldcvPK"};
  LLVMValueRef callee = LLVMIsACallInst(value) ? LLVMGetCalledValue(value) : NULL;
  if (!callee || !LLVMIsAFunction(callee))
    return false;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (length > strlen(names[i]) && !strncmp(name, names[i], strlen(names[i])))
      return true;
  return false;
}

/* What parameter_memory_stays found for a parameter (`known`, keyed by the
 * parameter): each is looked at once, and one met again through recursion
 * before its answer is known is taken not to stay. */
enum { PARAMETER_PENDING = 1, PARAMETER_STAYS, PARAMETER_GOES };

static bool memory_stays(LLVMValueRef pointer, LLVMValueRef fn, struct ferry_map *known);

/* Whether a local array keeps its memory until loops are unrolled: an
 * access at an index that is not a constant (`D[i] = ...` in a loop).
 * Every other local SROA makes values, in cicc before its Reassociate. */
static bool local_stays(LLVMValueRef address) {
  for (LLVMUseRef use = LLVMGetFirstUse(address); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (!LLVMIsAGetElementPtrInst(user) || LLVMGetOperand(user, 0) != address)
      continue;
    for (unsigned i = 1; i < (unsigned)LLVMGetNumOperands(user); i++)
      if (!LLVMIsAConstant(LLVMGetOperand(user, i)))
        return true;
    if (local_stays(user))
      return true;
  }
  return false;
}

/* The argument of fn that the local pointer variable `slot` holds, as
 * clang writes a parameter (`store ptr %p, ptr %p.addr`); NULL if none. */
static LLVMValueRef parameter_held(LLVMValueRef slot, LLVMValueRef fn) {
  for (LLVMUseRef use = LLVMGetFirstUse(slot); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == slot && LLVMIsAArgument(LLVMGetOperand(user, 0)) &&
        LLVMGetParamParent(LLVMGetOperand(user, 0)) == fn)
      return LLVMGetOperand(user, 0);
  }
  return NULL;
}

/* Whether what parameter `param` of fn points to stays memory, read by
 * loads, in cicc once fn is inlined: at each call, the argument does. A
 * kernel's pointers are global memory; a function called otherwise than
 * directly is taken to read memory as written. */
static bool parameter_memory_stays(LLVMValueRef param, LLVMValueRef fn, struct ferry_map *known) {
  intptr_t state;
  if (ferry_map_get(known, param, &state))
    return state == PARAMETER_STAYS;
  ferry_map_put(known, param, PARAMETER_PENDING);
  unsigned index = 0;
  while (LLVMGetParam(fn, index) != param)
    index++;
  bool stays = true;
  for (LLVMUseRef use = LLVMGetFirstUse(fn); use && stays; use = LLVMGetNextUse(use)) {
    LLVMValueRef call = LLVMGetUser(use);
    if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn || index >= LLVMGetNumArgOperands(call))
      continue;
    LLVMValueRef caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    stays = memory_stays(LLVMGetOperand(call, index), caller, known);
  }
  ferry_map_put(known, param, stays ? PARAMETER_STAYS : PARAMETER_GOES);
  return stays;
}

/* Whether `pointer`, in fn, points to memory that cicc reads with loads
 * where the source reads it: not a local variable that SROA makes values
 * (after inlining, in the caller that owns it), not a global variable at
 * a constant offset (reads of which cicc may merge). */
static bool memory_stays(LLVMValueRef pointer, LLVMValueRef fn, struct ferry_map *known) {
  LLVMValueRef base = address_base(pointer);
  if (LLVMIsAAllocaInst(base))
    return local_stays(base);
  if (LLVMIsAGlobalValue(base))
    return LLVMIsAInstruction(pointer);
  if (LLVMIsAArgument(base))
    return parameter_memory_stays(base, fn, known);
  if (LLVMIsALoadInst(base) && LLVMIsAAllocaInst(LLVMGetOperand(base, 0))) {
    LLVMValueRef param = parameter_held(LLVMGetOperand(base, 0), fn);
    return !param || parameter_memory_stays(param, fn, known);
  }
  return true;
}

/* A read as the header defines it, in `block` of fn. */
static bool is_read(LLVMValueRef value, LLVMBasicBlockRef block, LLVMValueRef fn, struct ferry_map *known) {
  if (LLVMIsAInstruction(value) && LLVMGetInstructionParent(value) == block && is_cached_load_call(value))
    return memory_stays(LLVMGetOperand(value, 0), fn, known);
  if (!LLVMIsALoadInst(value) || LLVMGetInstructionParent(value) != block || LLVMGetVolatile(value) ||
      LLVMGetOrdering(value) != LLVMAtomicOrderingNotAtomic)
    return false;
  return memory_stays(LLVMGetOperand(value, 0), fn, known);
}

/* A product of reads and constants, used by `add` alone, in its block. */
static bool is_product_of_reads(LLVMValueRef value, LLVMValueRef add, struct ferry_map *known) {
  LLVMBasicBlockRef block = LLVMGetInstructionParent(add);
  if (!is_opcode(value, LLVMFMul) || LLVMGetInstructionParent(value) != block)
    return false;
  LLVMUseRef use = LLVMGetFirstUse(value);
  if (!use || LLVMGetNextUse(use) || LLVMGetUser(use) != add)
    return false;
  for (unsigned i = 0; i < 2; i++) {
    LLVMValueRef operand = LLVMGetOperand(value, i);
    if (!LLVMIsAConstant(operand) && !is_read(operand, block, LLVMGetBasicBlockParent(block), known))
      return false;
  }
  return true;
}

static bool mark_function(LLVMValueRef fn, const struct contraction_marks *marks, struct ferry_map *known) {
  bool changed = false;
  LLVMMetadataRef empty = LLVMMDNodeInContext2(marks->context, NULL, 0);
  LLVMValueRef node = LLVMMetadataAsValue(marks->context, empty);
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(fn); block; block = LLVMGetNextBasicBlock(block))
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst; inst = LLVMGetNextInstruction(inst)) {
      if (!is_opcode(inst, LLVMFAdd))
        continue;
      LLVMValueRef first = LLVMGetOperand(inst, 0), second = LLVMGetOperand(inst, 1);
      /* (A product both operands of the add has two uses: not one of reads.) */
      if (!is_product_of_reads(first, inst, known) || !is_product_of_reads(second, inst, known))
        continue;
      LLVMSetMetadata(inst, marks->as_written, node);
      LLVMSetMetadata(first, marks->first, node);
      changed = true;
    }
  return changed;
}

bool ferry_contraction_mark_run(LLVMModuleRef module) {
  if (!wanted(module))
    return false;
  struct contraction_marks marks = marks_of(module);
  struct ferry_map known = {0};
  bool changed = false;
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    changed |= mark_function(fn, &marks, &known);
  ferry_map_free(&known);
  return changed;
}

static bool is_marked(LLVMValueRef value, unsigned kind) {
  return LLVMIsAInstruction(value) && LLVMGetMetadata(value, kind);
}

/* A product of loads and constants, once the optimizer is done. */
static bool is_product_of_loads(LLVMValueRef value) {
  if (!is_opcode(value, LLVMFMul))
    return false;
  for (unsigned i = 0; i < 2; i++) {
    LLVMValueRef operand = LLVMGetOperand(value, i);
    if (!LLVMIsAConstant(operand) && !LLVMIsALoadInst(operand))
      return false;
  }
  return true;
}

/* The marked add's written-first product first again; whether it moved. */
static bool order_add(LLVMValueRef add, const struct contraction_marks *marks) {
  LLVMValueRef first = LLVMGetOperand(add, 0), second = LLVMGetOperand(add, 1);
  if (!is_opcode(add, LLVMFAdd) || !is_marked(second, marks->first) || is_marked(first, marks->first) ||
      !is_product_of_loads(first) || !is_product_of_loads(second))
    return false;
  LLVMSetOperand(add, 0, second);
  LLVMSetOperand(add, 1, first);
  return true;
}

bool ferry_contraction_order_run(LLVMModuleRef module) {
  if (!wanted(module))
    return false;
  struct contraction_marks marks = marks_of(module);
  bool changed = false;
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(fn); block; block = LLVMGetNextBasicBlock(block))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst; inst = LLVMGetNextInstruction(inst))
        if (is_marked(inst, marks.as_written))
          changed |= order_add(inst, &marks);
  /* Then the marks go: nothing after reads them. */
  const unsigned kinds[] = {marks.as_written, marks.first};
  for (LLVMValueRef fn = LLVMGetFirstFunction(module); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(fn); block; block = LLVMGetNextBasicBlock(block))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst; inst = LLVMGetNextInstruction(inst))
        for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
          if (LLVMGetMetadata(inst, kinds[k])) {
            LLVMSetMetadata(inst, kinds[k], NULL);
            changed = true;
          }
  return changed;
}
