/* Instruction emitters for ferry-lower (see lower_ptx.h). Inline PTX takes
 * 32-bit shared addresses ("r", cvta.to.shared done by an addrspacecast)
 * and 64-bit global addresses ("l"); every asm is volatile and clobbers
 * memory, so the optimizer neither drops nor reorders it. */
#include "lower_ptx.h"

#include "address_space.h"
#include "ir_build.h"

#include <string.h>

static LLVMContextRef context_of(struct ferry_ptx *ptx) { return LLVMGetModuleContext(ptx->module); }

static LLVMValueRef generic(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return ferry_pointer_in_space(ptx->builder, pointer, FERRY_ADDRSPACE_GENERIC);
}

static LLVMValueRef shared_pointer(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return ferry_pointer_in_space(ptx->builder, pointer, FERRY_ADDRSPACE_SHARED);
}

static LLVMValueRef global_pointer(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return ferry_pointer_in_space(ptx->builder, pointer, FERRY_ADDRSPACE_GLOBAL);
}

static LLVMValueRef shared_address(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return LLVMBuildPtrToInt(ptx->builder, shared_pointer(ptx, pointer), LLVMInt32TypeInContext(context_of(ptx)),
                           "");
}

static LLVMValueRef global_address(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return LLVMBuildPtrToInt(ptx->builder, global_pointer(ptx, pointer), LLVMInt64TypeInContext(context_of(ptx)),
                           "");
}

static void inline_ptx(struct ferry_ptx *ptx, const char *text, const char *constraints, LLVMValueRef *args,
                       unsigned count) {
  LLVMTypeRef types[8];
  for (unsigned i = 0; i < count; i++)
    types[i] = LLVMTypeOf(args[i]);
  LLVMTypeRef type = LLVMFunctionType(LLVMVoidTypeInContext(context_of(ptx)), types, count, 0);
  LLVMValueRef callee = LLVMGetInlineAsm(type, text, strlen(text), constraints, strlen(constraints), 1, 0,
                                         LLVMInlineAsmDialectATT, 0);
  LLVMBuildCall2(ptx->builder, type, callee, args, count, "");
}

static LLVMValueRef space_test(struct ferry_ptx *ptx, const char *intrinsic, LLVMValueRef pointer) {
  LLVMValueRef args[] = {generic(ptx, pointer)};
  return ferry_call_intrinsic(ptx->builder, ptx->module, intrinsic, args, 1);
}

void ferry_ptx_prefetch_l2(struct ferry_ptx *ptx, LLVMValueRef source) {
  LLVMValueRef args[] = {global_address(ptx, source)};
  inline_ptx(ptx, "prefetch.global.L2 [$0];", "l", args, 1);
}

LLVMValueRef ferry_ptx_is_shared(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return space_test(ptx, "llvm.nvvm.isspacep.shared", pointer);
}

LLVMValueRef ferry_ptx_is_global(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return space_test(ptx, "llvm.nvvm.isspacep.global", pointer);
}

void ferry_ptx_cp_async(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source, unsigned width,
                        LLVMValueRef policy) {
  if (!policy) {
    LLVMValueRef args[] = {shared_pointer(ptx, destination), global_pointer(ptx, source)};
    ferry_call_intrinsic(ptx->builder, ptx->module, ferry_cp_async_intrinsic(width), args, 2);
    return;
  }
  static const char *const hinted[] = {
      "cp.async.ca.shared.global.L2::cache_hint [$0], [$1], 4, $2;",
      "cp.async.ca.shared.global.L2::cache_hint [$0], [$1], 8, $2;",
      "cp.async.cg.shared.global.L2::cache_hint [$0], [$1], 16, $2;",
  };
  const char *text = width == 4 ? hinted[0] : width == 8 ? hinted[1] : hinted[2];
  LLVMValueRef args[] = {shared_address(ptx, destination), global_address(ptx, source), policy};
  inline_ptx(ptx, text, "r,l,l,~{memory}", args, 3);
}

void ferry_ptx_cp_async_arrive(struct ferry_ptx *ptx, LLVMValueRef barrier) {
  LLVMValueRef args[] = {shared_pointer(ptx, barrier)};
  ferry_call_intrinsic(ptx->builder, ptx->module, "llvm.nvvm.cp.async.mbarrier.arrive.shared", args, 1);
}

void ferry_ptx_fence_proxy_async(struct ferry_ptx *ptx) {
  inline_ptx(ptx, "fence.proxy.async.shared::cta;", "~{memory}", NULL, 0);
}

void ferry_ptx_fence_block(struct ferry_ptx *ptx) { inline_ptx(ptx, "fence.acq_rel.cta;", "~{memory}", NULL, 0); }

void ferry_ptx_expect_tx(struct ferry_ptx *ptx, LLVMValueRef barrier, LLVMValueRef bytes) {
  LLVMValueRef args[] = {shared_address(ptx, barrier), bytes};
  inline_ptx(ptx, "mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [$0], $1;", "r,r,~{memory}", args, 2);
}

void ferry_ptx_bulk_copy(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                         LLVMValueRef bytes, LLVMValueRef barrier, LLVMValueRef policy) {
  LLVMValueRef args[] = {shared_address(ptx, destination), global_address(ptx, source), bytes,
                         shared_address(ptx, barrier), policy};
  if (policy)
    inline_ptx(ptx,
               "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint "
               "[$0], [$1], $2, [$3], $4;",
               "r,l,r,r,l,~{memory}", args, 5);
  else
    inline_ptx(ptx, "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1], $2, [$3];",
               "r,l,r,r,~{memory}", args, 4);
}

static LLVMValueRef special_register(struct ferry_ptx *ptx, const char *name) {
  LLVMValueRef value = ferry_call_intrinsic(ptx->builder, ptx->module, name, NULL, 0);
  return LLVMBuildZExt(ptx->builder, value, LLVMInt64TypeInContext(context_of(ptx)), "");
}

LLVMValueRef ferry_ptx_block_rank(struct ferry_ptx *ptx) {
  LLVMBuilderRef b = ptx->builder;
  LLVMValueRef x = special_register(ptx, "llvm.nvvm.read.ptx.sreg.tid.x");
  LLVMValueRef y = special_register(ptx, "llvm.nvvm.read.ptx.sreg.tid.y");
  LLVMValueRef z = special_register(ptx, "llvm.nvvm.read.ptx.sreg.tid.z");
  LLVMValueRef nx = special_register(ptx, "llvm.nvvm.read.ptx.sreg.ntid.x");
  LLVMValueRef ny = special_register(ptx, "llvm.nvvm.read.ptx.sreg.ntid.y");
  /* x + nx * (y + ny * z): the order in which warps are formed. */
  LLVMValueRef yz = LLVMBuildAdd(b, y, LLVMBuildMul(b, ny, z, ""), "");
  return LLVMBuildAdd(b, x, LLVMBuildMul(b, nx, yz, ""), "block.rank");
}

LLVMValueRef ferry_ptx_block_size(struct ferry_ptx *ptx) {
  LLVMBuilderRef b = ptx->builder;
  LLVMValueRef nx = special_register(ptx, "llvm.nvvm.read.ptx.sreg.ntid.x");
  LLVMValueRef ny = special_register(ptx, "llvm.nvvm.read.ptx.sreg.ntid.y");
  LLVMValueRef nz = special_register(ptx, "llvm.nvvm.read.ptx.sreg.ntid.z");
  return LLVMBuildMul(b, nx, LLVMBuildMul(b, ny, nz, ""), "block.size");
}
