/* Extern __shared__ rings: the kernel's hint, one stage's extent, and
 * that extent as a launch has it (see pipeline_dynamic.h). */
#include "pipeline_dynamic.h"

#include "address_space.h"
#include "bridge.h"
#include "dispatch.h"
#include "ir_build.h"
#include "kernel_options.h"
#include "memory.h"
#include "target.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ferry_dynamic_shared_hint(LLVMValueRef fn, unsigned long long *bytes, char *reason, size_t size) {
  struct ferry_kernel_options options; /* checked in kernel_options.c */
  if (!ferry_kernel_options(fn, &options))
    return ferry_refuse(reason, size, "the kernel's ferry annotations are in error");
  if (!options.dynamic_shared)
    return ferry_refuse(reason, size,
                        "the destination is an extern __shared__ array; to pipeline it, give the "
                        "kernel annotate(\"ferry:dynamic_shared=BYTES\"), BYTES the dynamic shared "
                        "memory it is launched with");
  *bytes = options.dynamic_shared;
  return true;
}

bool ferry_dynamic_ring_relocates(LLVMValueRef fn) {
  struct ferry_kernel_options options;
  return ferry_dispatch_original(fn) != fn && ferry_kernel_options(fn, &options) &&
         !options.dynamic_shared;
}

/* Raises a bound to all ones up to its top bit: what an or or xor of
 * values within [0, bound] stays within. */
static unsigned long long fill_below_top_bit(unsigned long long bound) {
  for (unsigned shift = 1; shift < 64; shift *= 2)
    bound |= bound >> shift;
  return bound;
}

/* With a builder, the bound is also built as the launch has it (i64, at
 * the builder's position, before the loop): the same bound, but thread
 * indices and block sizes the block's own (ntid), never above the bound
 * the kernel's launch bounds give. NULL builder: the compile-time bound
 * alone. */
struct launch_bound {
  LLVMModuleRef module;
  LLVMBuilderRef builder;
};

static LLVMValueRef i64_constant(LLVMBuilderRef builder, unsigned long long value) {
  LLVMContextRef context = LLVMGetModuleContext(
      LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInsertBlock(builder))));
  return LLVMConstInt(LLVMInt64TypeInContext(context), value, false);
}

static LLVMValueRef unsigned_min(LLVMBuilderRef builder, LLVMValueRef a, LLVMValueRef b) {
  return LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntULT, a, b, ""), a, b, "");
}

/* ntid.x, .y or .z of the launch, in 64 bits. */
static LLVMValueRef launch_ntid(const struct launch_bound *launch, unsigned dimension) {
  static const char *const names[3] = {"llvm.nvvm.read.ptx.sreg.ntid.x",
                                       "llvm.nvvm.read.ptx.sreg.ntid.y",
                                       "llvm.nvvm.read.ptx.sreg.ntid.z"};
  LLVMValueRef ntid = ferry_call_intrinsic(launch->builder, launch->module, names[dimension], NULL, 0);
  return LLVMBuildZExt(launch->builder, ntid, LLVMInt64TypeInContext(LLVMGetModuleContext(launch->module)),
                       "ferry.ntid");
}

/* The dimension a thread-index or block-size intrinsic reads: its last letter. */
static unsigned sreg_dimension(LLVMValueRef call) {
  size_t length;
  const char *name = LLVMGetValueName2(LLVMGetCalledValue(call), &length);
  return length && name[length - 1] >= 'x' && name[length - 1] <= 'z' ? (unsigned)(name[length - 1] - 'x') : 0;
}

/* Raises a bound to all ones up to its top bit, at run time. */
static LLVMValueRef launch_fill_below_top_bit(LLVMBuilderRef builder, LLVMValueRef bound) {
  for (unsigned shift = 1; shift < 64; shift *= 2)
    bound = LLVMBuildOr(builder, bound, LLVMBuildLShr(builder, bound, i64_constant(builder, shift), ""), "");
  return bound;
}

/* An upper bound of an integer value read as unsigned, for the values an
 * index into a tile is made of: thread indices and block sizes, constants,
 * and what remainders, masks, shifts by a constant and non-wrapping sums
 * make of them (`(threadIdx.x + 1) % blockDim.x`, `t ^ 1`). False when
 * there is none. With `launch`, *runtime is that bound for the launch
 * (see struct launch_bound), at most *bound. */
static bool upper_bound(LLVMValueRef fn, LLVMValueRef value, unsigned depth, unsigned long long *bound,
                        const struct launch_bound *launch, LLVMValueRef *runtime) {
  unsigned long long a = 0, b = 0;
  LLVMValueRef ra = NULL, rb = NULL;
  LLVMBuilderRef builder = launch ? launch->builder : NULL;
  if (LLVMIsAConstantInt(value)) {
    *bound = LLVMConstIntGetZExtValue(value);
    if (launch)
      *runtime = i64_constant(builder, *bound);
    return true;
  }
  if (depth > 8 || !LLVMIsAInstruction(value))
    return false;
  bool call = LLVMIsACallInst(value) != NULL;
  if (call && ferry_calls_prefix(value, "llvm.nvvm.read.ptx.sreg.tid.")) {
    *bound = ferry_max_block_threads(fn) - 1;
    if (launch) /* the block's threads are at least one */
      *runtime = unsigned_min(builder,
                              LLVMBuildSub(builder, launch_ntid(launch, sreg_dimension(value)),
                                           i64_constant(builder, 1), ""),
                              i64_constant(builder, *bound));
    return true;
  }
  if (call && ferry_calls_prefix(value, "llvm.nvvm.read.ptx.sreg.ntid.")) {
    *bound = ferry_max_block_threads(fn);
    if (launch)
      *runtime = unsigned_min(builder, launch_ntid(launch, sreg_dimension(value)),
                              i64_constant(builder, *bound));
    return true;
  }
  LLVMOpcode opcode = LLVMGetInstructionOpcode(value);
  switch (opcode) { /* those below; bound no operand of anything else */
  case LLVMZExt: case LLVMTrunc: case LLVMSExt: case LLVMURem: case LLVMAnd: case LLVMOr:
  case LLVMXor: case LLVMLShr: case LLVMAdd:
    break;
  default:
    return false;
  }
  bool has_left = LLVMGetNumOperands(value) >= 1 &&
                  upper_bound(fn, LLVMGetOperand(value, 0), depth + 1, &a, launch, &ra);
  bool has_right = LLVMGetNumOperands(value) >= 2 &&
                   upper_bound(fn, LLVMGetOperand(value, 1), depth + 1, &b, launch, &rb);
  bool known = false;
  switch (opcode) {
  case LLVMZExt:
    *bound = a;
    known = has_left;
    if (known && launch)
      *runtime = ra;
    break;
  case LLVMTrunc: { /* what fits keeps its value; anything else fits the width */
    unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(value));
    unsigned long long all_ones = width >= 64 ? ~0ull : (1ull << width) - 1;
    *bound = has_left && a <= all_ones ? a : all_ones;
    known = true;
    if (launch) /* a <= all_ones here makes ra fit too */
      *runtime = has_left && a <= all_ones ? ra : i64_constant(builder, all_ones);
    break;
  }
  case LLVMSExt: /* only a value known not negative extends to itself */
    *bound = a;
    known = has_left && LLVMGetNNeg(value);
    if (known && launch)
      *runtime = ra;
    break;
  case LLVMURem: /* below the divisor, and at most the dividend */
    if (has_right && b > 0)
      *bound = has_left && a < b - 1 ? a : b - 1;
    else
      *bound = a;
    known = (has_right && b > 0) || has_left;
    if (known && launch) {
      if (has_right && b > 0) {
        /* A divisor of 0 at run time divides nothing (the loop's own
         * access would be undefined): any bound then. */
        LLVMValueRef below = LLVMBuildSelect(
            builder, LLVMBuildICmp(builder, LLVMIntEQ, rb, i64_constant(builder, 0), ""),
            i64_constant(builder, b - 1), LLVMBuildSub(builder, rb, i64_constant(builder, 1), ""), "");
        *runtime = has_left ? unsigned_min(builder, ra, below) : below;
      } else {
        *runtime = ra;
      }
    }
    break;
  case LLVMAnd:
    if (has_left && has_right)
      *bound = a < b ? a : b;
    else
      *bound = has_left ? a : b;
    known = has_left || has_right;
    if (known && launch)
      *runtime = has_left && has_right ? unsigned_min(builder, ra, rb) : has_left ? ra : rb;
    break;
  case LLVMOr:
  case LLVMXor:
    *bound = fill_below_top_bit(a > b ? a : b);
    known = has_left && has_right;
    if (known && launch)
      *runtime = launch_fill_below_top_bit(
          builder, LLVMBuildSelect(builder, LLVMBuildICmp(builder, LLVMIntUGT, ra, rb, ""), ra, rb, ""));
    break;
  case LLVMLShr: /* by a constant: x >> s for s below the bound would be larger */
    known = has_left && LLVMIsAConstantInt(LLVMGetOperand(value, 1));
    *bound = known && b < 64 ? a >> b : a;
    if (known && launch)
      *runtime = b < 64 ? LLVMBuildLShr(builder, ra, i64_constant(builder, b), "") : ra;
    break;
  case LLVMAdd:
    *bound = a + b;
    known = has_left && has_right && LLVMGetNUW(value) && *bound >= a;
    if (known && launch) /* at most a + b: no wrap */
      *runtime = LLVMBuildAdd(builder, ra, rb, "");
    break;
  default:
    break;
  }
  return known;
}

/* The bound of a term's single atom, as upper_bound gives it. */
static bool atom_bound(LLVMValueRef fn, const struct ferry_term *term, unsigned long long *bound,
                       const struct launch_bound *launch, LLVMValueRef *runtime) {
  if (term->atom_count != 1)
    return false;
  const struct ferry_atom *atom = &term->atoms[0];
  if (upper_bound(fn, atom->value, 0, bound, launch, runtime))
    return true;
  if (atom->kind != FERRY_ATOM_TID && atom->kind != FERRY_ATOM_NTID)
    return false;
  *bound = ferry_max_block_threads(fn) - (atom->kind == FERRY_ATOM_TID);
  if (launch) {
    LLVMBuilderRef builder = launch->builder;
    LLVMValueRef ntid = launch_ntid(launch, atom->dimension < 3 ? atom->dimension : 0);
    if (atom->kind == FERRY_ATOM_TID)
      ntid = LLVMBuildSub(builder, ntid, i64_constant(builder, 1), "");
    *runtime = unsigned_min(builder, ntid, i64_constant(builder, *bound));
  }
  return true;
}

bool ferry_dynamic_access_end(struct ferry_affine_context *affine, LLVMValueRef fn, LLVMValueRef buffer,
                              LLVMValueRef pointer, unsigned long long size, unsigned long long *end,
                              struct ferry_dynamic_access *access, char *reason, size_t reason_size) {
  LLVMValueRef base;
  struct ferry_affine offset;
  /* The form equals the offset modulo 2^64 (affine.h); bounded as below,
   * well inside 2^63 either way, it is the offset. */
  if (!ferry_affine_address(affine, pointer, &base, &offset) || base != buffer)
    return ferry_refuse(reason, reason_size, "an access to the extern __shared__ array has no "
                                             "offset the pass can bound");
  /* The offset lies in [lowest, highest]; every atom is in [0, its bound]. */
  long long lowest = offset.constant, highest = offset.constant;
  for (unsigned t = 0; t < offset.term_count; t++) {
    const struct ferry_term *term = &offset.terms[t];
    unsigned long long bound;
    if (!atom_bound(fn, term, &bound, NULL, NULL))
      return ferry_refuse(reason, reason_size, "an access to the extern __shared__ array has an "
                                               "offset the pass cannot bound");
    /* An atom narrower than the form stands for its value read as signed:
     * below 2^31 it is the same either way. */
    if (bound >= (1ull << 31) || term->coefficient > (1ll << 31) || term->coefficient < -(1ll << 31))
      return ferry_refuse(reason, reason_size, "an access to the extern __shared__ array may "
                                               "reach too far to bound");
    long long reach = term->coefficient * (long long)bound;
    if (reach > 0)
      highest += reach;
    else
      lowest += reach;
  }
  if (lowest < 0)
    return ferry_refuse(reason, reason_size, "an access to the extern __shared__ array may fall "
                                             "before its start");
  if ((unsigned long long)highest + size > *end)
    *end = (unsigned long long)highest + size;
  if (access)
    *access = (struct ferry_dynamic_access){.offset = offset, .size = size};
  return true;
}

LLVMValueRef ferry_dynamic_launch_end(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef fn,
                                      const struct ferry_dynamic_access *access) {
  struct launch_bound launch = {module, builder};
  /* Checked by ferry_dynamic_access_end: the constant and each reach stay
   * far inside 2^63, and so does their sum; a negative reach only lowers
   * the end, so its term is left out (its atom is at least 0). */
  LLVMValueRef end = i64_constant(builder, (unsigned long long)access->offset.constant + access->size);
  for (unsigned t = 0; t < access->offset.term_count; t++) {
    const struct ferry_term *term = &access->offset.terms[t];
    unsigned long long bound;
    LLVMValueRef runtime = NULL;
    if (term->coefficient <= 0)
      continue;
    atom_bound(fn, term, &bound, &launch, &runtime);
    end = LLVMBuildAdd(builder, end,
                       LLVMBuildMul(builder, runtime,
                                    i64_constant(builder, (unsigned long long)term->coefficient), ""),
                       "");
  }
  return end;
}

/* Whether `value`'s users are all instructions of `fn` or of kernels, seen
 * through constant expressions. */
static bool used_only_in_kernels_or(LLVMValueRef value, LLVMValueRef fn, unsigned depth) {
  for (LLVMUseRef use = LLVMGetFirstUse(value); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (LLVMIsAInstruction(user)) {
      LLVMValueRef owner = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
      if (owner != fn && !ferry_is_kernel(owner))
        return false;
    } else if (!LLVMIsAConstantExpr(user) || depth > 8 ||
               !used_only_in_kernels_or(user, fn, depth + 1)) {
      return false;
    }
  }
  return true;
}

bool ferry_dynamic_memory_private(LLVMValueRef fn) {
  LLVMModuleRef module = LLVMGetGlobalParent(fn);
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g))
    if (LLVMIsDeclaration(g) && LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == FERRY_ADDRSPACE_SHARED &&
        !used_only_in_kernels_or(g, fn, 0))
      return false;
  return true;
}

LLVMValueRef ferry_launch_ring_memory(LLVMModuleRef module) {
  static const char name[] = FERRY_LAUNCH_RING_MEMORY;
  LLVMValueRef memory = LLVMGetNamedGlobal(module, name);
  if (memory)
    return memory;
  LLVMTypeRef type = LLVMArrayType2(LLVMInt8TypeInContext(LLVMGetModuleContext(module)), 0);
  memory = LLVMAddGlobalInAddressSpace(module, type, name, FERRY_ADDRSPACE_SHARED);
  LLVMSetLinkage(memory, LLVMExternalLinkage);
  LLVMSetAlignment(memory, 16);
  return memory;
}

bool ferry_shared_array_besides(LLVMValueRef fn, LLVMValueRef array, bool extern_only) {
  LLVMModuleRef module = LLVMGetGlobalParent(fn);
  for (LLVMValueRef g = LLVMGetFirstGlobal(module); g; g = LLVMGetNextGlobal(g))
    if (g != array && (!extern_only || LLVMIsDeclaration(g)) &&
        LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == FERRY_ADDRSPACE_SHARED && ferry_used_in_function(g, fn))
      return true;
  return false;
}

bool ferry_static_ring_takes_launch(LLVMValueRef fn, LLVMValueRef array) {
  return ferry_dispatch_original(fn) != fn && ferry_dynamic_memory_private(fn) &&
         !ferry_shared_array_besides(fn, array, false);
}
