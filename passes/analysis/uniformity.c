/* Uniformity by forward propagation of "varying" from its sources to every
 * user, to a fixed point. Everything starts uniform except the sources, so
 * the answer is the largest consistent one: an induction variable whose
 * exit test depends only on itself and on uniform values stays uniform,
 * which is sound by induction on the iteration; so does any value carried
 * around a loop with one latch. Any other phi is varying (threads may
 * arrive by different edges),
 * and so is every instruction of an unreachable block. Calls are varying
 * unless they read a block-wide special register (ctaid, ntid, nctaid) or
 * are a pure integer intrinsic of uniform operands: a device function may
 * return the thread index even when it touches no memory. Loads are varying
 * unless they read memory that nothing changes while the kernel runs, as
 * every thread of the block sees it (invariant_memory): then a load at a
 * uniform address is uniform, and one at a varying address is made varying
 * by its address like any other user. */
#include "uniformity.h"

#include "address_space.h"
#include "ir_build.h"
#include "memory.h"
#include "target.h"
#include "util.h"

#include <stdlib.h>

struct ferry_uniformity {
  const struct ferry_loops *loops;
  struct ferry_map varying; /* instruction or argument -> 1 */
  struct ferry_vec worklist;
};

static const char *const uniform_call_prefixes[] = {
    "llvm.nvvm.read.ptx.sreg.ctaid.", "llvm.nvvm.read.ptx.sreg.ntid.",
    "llvm.nvvm.read.ptx.sreg.nctaid.", "llvm.umin.", "llvm.umax.", "llvm.smin.",
    "llvm.smax.", "llvm.abs.", "llvm.ctpop.", "llvm.ctlz.", "llvm.cttz.",
};

static bool is_uniform_call(LLVMValueRef call) {
  for (size_t i = 0; i < sizeof uniform_call_prefixes / sizeof *uniform_call_prefixes; i++)
    if (ferry_calls_prefix(call, uniform_call_prefixes[i]))
      return true;
  return false;
}

/* Opcodes whose result is a function of their operands alone. Branches are
 * here so that a varying condition marks its terminator, which decides
 * whether the induction variables of the loops it leaves stay uniform. */
static bool computes_from_operands(LLVMOpcode opcode) {
  switch (opcode) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
  case LLVMURem: case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr:
  case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem: case LLVMFNeg:
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPToUI: case LLVMFPToSI:
  case LLVMUIToFP: case LLVMSIToFP: case LLVMFPTrunc: case LLVMFPExt:
  case LLVMPtrToInt: case LLVMIntToPtr: case LLVMBitCast: case LLVMAddrSpaceCast:
  case LLVMICmp: case LLVMFCmp: case LLVMSelect: case LLVMGetElementPtr:
  case LLVMExtractValue: case LLVMInsertValue: case LLVMExtractElement:
  case LLVMInsertElement: case LLVMShuffleVector: case LLVMFreeze:
  case LLVMBr: case LLVMSwitch:
    return true;
  default:
    return false;
  }
}

static void mark_varying(struct ferry_uniformity *u, LLVMValueRef value);

/* A varying decision in a block that leaves a loop lets threads leave it
 * after different iterations: that loop's induction variables diverge. */
static void mark_loops_left_by(struct ferry_uniformity *u, LLVMBasicBlockRef block) {
  for (const struct ferry_loop *loop = ferry_loop_of_block(u->loops, block); loop;
       loop = loop->parent) {
    if (!ferry_vec_contains(&loop->exiting, block))
      continue;
    for (LLVMValueRef phi = LLVMGetFirstInstruction(loop->header); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi))
      mark_varying(u, phi);
  }
}

static void mark_varying(struct ferry_uniformity *u, LLVMValueRef value) {
  if (ferry_map_get(&u->varying, value, NULL))
    return;
  ferry_map_put(&u->varying, value, 1);
  ferry_vec_push(&u->worklist, value);
  if (LLVMIsATerminatorInst(value))
    mark_loops_left_by(u, LLVMGetInstructionParent(value));
}

static bool has_undefined_operand(LLVMValueRef inst) {
  int count = LLVMGetNumOperands(inst);
  for (int i = 0; i < count; i++)
    if (LLVMIsAUndefValue(LLVMGetOperand(inst, i)))
      return true;
  return false;
}

/* An induction variable survives only if every way out of its loop is a
 * branch or switch, whose condition the propagation can follow. */
static bool loop_exits_are_decisions(const struct ferry_loop *loop) {
  for (size_t i = 0; i < loop->exiting.count; i++) {
    LLVMValueRef terminator = LLVMGetBasicBlockTerminator(loop->exiting.items[i]);
    if (!terminator || (!LLVMIsABranchInst(terminator) && !LLVMIsASwitchInst(terminator)))
      return false;
  }
  return true;
}

/* A header phi of a loop with one latch, taking one value from outside the
 * loop and one from the latch (`b += ldb * 16`, or anything else carried
 * around): as for an induction variable, while every exit decides
 * uniformly all threads take the same edge into the header each time, so
 * the phi is uniform when both values are, which the propagation then
 * decides. Returns the loop, or NULL. */
static const struct ferry_loop *carried_by_single_latch(const struct ferry_loops *loops, LLVMValueRef phi) {
  const struct ferry_loop *loop = ferry_loop_with_header(loops, LLVMGetInstructionParent(phi));
  if (!loop || loop->latches.count != 1 || LLVMCountIncoming(phi) != 2)
    return NULL;
  bool from_outside = false, from_latch = false;
  for (unsigned i = 0; i < 2; i++) {
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
    if (from == loop->latches.items[0])
      from_latch = true;
    else if (!ferry_loop_contains(loop, from))
      from_outside = true;
  }
  return from_outside && from_latch ? loop : NULL;
}

/* Whether every use of `pointer`, a kernel's by-value parameter, only
 * reads it: loads of it (or of GEPs and casts of it) and llvm.memcpy /
 * memmove from it. A store, a call that may write through it, or an
 * escape (stored, compared, converted to an integer, merged in a phi)
 * means the kernel may write its copy, which the backend then makes per
 * thread. */
static bool only_read(LLVMValueRef pointer, int depth) {
  if (depth > 16)
    return false;
  for (LLVMUseRef use = LLVMGetFirstUse(pointer); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    LLVMOpcode opcode = ferry_opcode_of(user);
    if (opcode == LLVMGetElementPtr || opcode == LLVMBitCast || opcode == LLVMAddrSpaceCast) {
      if (LLVMGetOperand(user, 0) != pointer || !only_read(user, depth + 1))
        return false;
    } else if (LLVMIsALoadInst(user)) {
      continue; /* its only operand is the address */
    } else if (LLVMIsACallInst(user) && (ferry_calls_prefix(user, "llvm.memcpy.") ||
                                         ferry_calls_prefix(user, "llvm.memmove."))) {
      if (LLVMGetOperand(user, 0) == pointer)
        return false; /* the destination */
    } else {
      return false;
    }
  }
  return true;
}

/* A kernel's byval (or byref) parameter: the launch's argument bytes,
 * the same for every thread, unless the kernel writes its copy. */
static bool is_read_only_kernel_parameter(LLVMValueRef value) {
  if (!LLVMIsAArgument(value))
    return false;
  LLVMValueRef fn = LLVMGetParamParent(value);
  if (!ferry_is_kernel(fn))
    return false;
  unsigned index = 1; /* attribute indices of parameters start at 1 */
  for (LLVMValueRef p = LLVMGetFirstParam(fn); p != value; p = LLVMGetNextParam(p))
    index++;
  static const char *const kinds[] = {"byval", "byref"};
  bool by_value = false;
  for (size_t k = 0; k < 2; k++)
    if (LLVMGetEnumAttributeAtIndex(fn, index, LLVMGetEnumAttributeKindForName(kinds[k], 5)))
      by_value = true;
  return by_value && only_read(value, 0);
}

/* A plain load from memory no thread can change while the kernel runs:
 * __constant__ memory (addrspace 4, directly or through generic casts), a
 * kernel's by-value parameter that the kernel only reads, or a load marked
 * !invariant.load (the location holds one value wherever it is read, as
 * __ldg's loads are). */
static bool reads_invariant_memory(LLVMValueRef load) {
  if (!ferry_is_plain_access(load))
    return false;
  unsigned invariant = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(load)),
                                                "invariant.load", 14);
  if (LLVMGetMetadata(load, invariant))
    return true;
  LLVMValueRef address = LLVMGetOperand(load, 0);
  if (ferry_infer_space(address) == FERRY_SPACE_CONSTANT)
    return true;
  return is_read_only_kernel_parameter(ferry_strip_pointer(address));
}

static bool is_source_of_divergence(const struct ferry_uniformity *u, LLVMValueRef inst,
                                    bool reachable) {
  if (!reachable || has_undefined_operand(inst))
    return true;
  if (LLVMIsAPHINode(inst)) {
    struct ferry_induction induction;
    if (ferry_induction_variable(u->loops, inst, &induction))
      return !loop_exits_are_decisions(induction.loop);
    const struct ferry_loop *loop = carried_by_single_latch(u->loops, inst);
    return !loop || !loop_exits_are_decisions(loop);
  }
  if (LLVMIsACallInst(inst))
    return !is_uniform_call(inst);
  if (LLVMIsALoadInst(inst))
    return !reads_invariant_memory(inst);
  return !computes_from_operands(LLVMGetInstructionOpcode(inst));
}

struct ferry_uniformity *ferry_uniformity_compute(LLVMValueRef fn,
                                                  const struct ferry_loops *loops) {
  if (!loops || LLVMIsDeclaration(fn))
    return NULL;
  const struct ferry_dominators *dominators = ferry_loops_dominators(loops);
  struct ferry_uniformity *u = ferry_xcalloc(1, sizeof *u);
  u->loops = loops;
  if (!ferry_is_kernel(fn))
    for (LLVMValueRef arg = LLVMGetFirstParam(fn); arg; arg = LLVMGetNextParam(arg))
      mark_varying(u, arg);
  for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(fn); block;
       block = LLVMGetNextBasicBlock(block)) {
    bool reachable = ferry_block_is_reachable(dominators, block);
    for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst;
         inst = LLVMGetNextInstruction(inst))
      if (is_source_of_divergence(u, inst, reachable))
        mark_varying(u, inst);
  }
  while (u->worklist.count) {
    LLVMValueRef value = u->worklist.items[--u->worklist.count];
    for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
      LLVMValueRef user = LLVMGetUser(use);
      if (LLVMIsAInstruction(user))
        mark_varying(u, user);
    }
  }
  ferry_vec_free(&u->worklist);
  return u;
}

void ferry_uniformity_free(struct ferry_uniformity *u) {
  if (!u)
    return;
  ferry_map_free(&u->varying);
  ferry_vec_free(&u->worklist);
  free(u);
}

bool ferry_is_uniform(const struct ferry_uniformity *u, LLVMValueRef value) {
  if (LLVMIsAInstruction(value) || LLVMIsAArgument(value))
    return !ferry_map_get(&u->varying, value, NULL);
  return !LLVMIsAUndefValue(value);
}
