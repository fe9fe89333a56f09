/* The asynchronous-copy instructions (see ptx.h). Intrinsics take pointers
 * in the instruction's address space; inline PTX takes 32-bit shared
 * addresses ("r", cvta.to.shared done by an addrspacecast) and 64-bit global
 * addresses ("l"). */
#include "ptx.h"

#include "ir_build.h"
#include "loop_limits.h"

#include <string.h>

/* NVPTX's address spaces (analysis/address_space.h names them for the
 * analyses; support/ comes before analysis/). */
enum { SPACE_GENERIC = 0, SPACE_GLOBAL = 1, SPACE_SHARED = 3, SPACE_SHARED_CLUSTER = 7 };

static LLVMContextRef context_of(struct ferry_ptx *ptx) { return LLVMGetModuleContext(ptx->module); }

static LLVMValueRef call(struct ferry_ptx *ptx, const char *intrinsic, LLVMValueRef *args, unsigned count) {
  return ferry_call_intrinsic(ptx->builder, ptx->module, intrinsic, args, count);
}

static LLVMValueRef generic(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return ferry_pointer_in_space(ptx->builder, pointer, SPACE_GENERIC);
}

static LLVMValueRef shared_pointer(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return ferry_pointer_in_space(ptx->builder, pointer, SPACE_SHARED);
}

static LLVMValueRef global_pointer(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return ferry_pointer_in_space(ptx->builder, pointer, SPACE_GLOBAL);
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
  return call(ptx, intrinsic, args, 1);
}

LLVMValueRef ferry_ptx_is_shared(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return space_test(ptx, "llvm.nvvm.isspacep.shared", pointer);
}

LLVMValueRef ferry_ptx_is_global(struct ferry_ptx *ptx, LLVMValueRef pointer) {
  return space_test(ptx, "llvm.nvvm.isspacep.global", pointer);
}

/* .cg (L2 only) is allowed for 16 bytes alone; .ca below. */
static const char *cp_async_intrinsic(unsigned width, bool fill) {
  switch (width) {
  case 4: return fill ? "llvm.nvvm.cp.async.ca.shared.global.4.s" : "llvm.nvvm.cp.async.ca.shared.global.4";
  case 8: return fill ? "llvm.nvvm.cp.async.ca.shared.global.8.s" : "llvm.nvvm.cp.async.ca.shared.global.8";
  default: return fill ? "llvm.nvvm.cp.async.cg.shared.global.16.s" : "llvm.nvvm.cp.async.cg.shared.global.16";
  }
}

void ferry_ptx_cp_async(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source, unsigned width,
                        LLVMValueRef policy) {
  if (!policy) {
    LLVMValueRef args[] = {shared_pointer(ptx, destination), global_pointer(ptx, source)};
    call(ptx, cp_async_intrinsic(width, false), args, 2);
    return;
  }
  /* LLVM 22 has no cache-hint form of the per-thread cp.async. */
  static const char *const hinted[] = {
      "cp.async.ca.shared.global.L2::cache_hint [$0], [$1], 4, $2;",
      "cp.async.ca.shared.global.L2::cache_hint [$0], [$1], 8, $2;",
      "cp.async.cg.shared.global.L2::cache_hint [$0], [$1], 16, $2;",
  };
  const char *text = width == 4 ? hinted[0] : width == 8 ? hinted[1] : hinted[2];
  LLVMValueRef args[] = {shared_address(ptx, destination), global_address(ptx, source), policy};
  inline_ptx(ptx, text, "r,l,l,~{memory}", args, 3);
}

void ferry_ptx_cp_async_fill(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                             unsigned width, LLVMValueRef source_bytes) {
  LLVMValueRef args[] = {shared_pointer(ptx, destination), global_pointer(ptx, source), source_bytes};
  call(ptx, cp_async_intrinsic(width, true), args, 3);
}

/* A cp.async of `width` bytes as inline PTX, one of `forms` (4, 8, 16
 * bytes) whose $2 is a 32-bit flag made from `condition` (ptxas folds the
 * flag's select and test into the predicate). */
static void cp_async_predicated(struct ferry_ptx *ptx, const char *const forms[3],
                                LLVMValueRef destination, LLVMValueRef source, unsigned width,
                                LLVMValueRef condition) {
  const char *text = width == 4 ? forms[0] : width == 8 ? forms[1] : forms[2];
  LLVMValueRef flag =
      LLVMBuildZExt(ptx->builder, condition, LLVMInt32TypeInContext(context_of(ptx)), "");
  LLVMValueRef args[] = {shared_address(ptx, destination), global_address(ptx, source), flag};
  inline_ptx(ptx, text, "r,l,r,~{memory}", args, 3);
}

void ferry_ptx_cp_async_unless(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                               unsigned width, LLVMValueRef reads) {
  /* LLVM 22 has no ignore-src form: inline PTX. */
  static const char *const forms[] = {
      "{ .reg .pred ignore; setp.eq.b32 ignore, $2, 0; "
      "cp.async.ca.shared.global [$0], [$1], 4, ignore; }",
      "{ .reg .pred ignore; setp.eq.b32 ignore, $2, 0; "
      "cp.async.ca.shared.global [$0], [$1], 8, ignore; }",
      "{ .reg .pred ignore; setp.eq.b32 ignore, $2, 0; "
      "cp.async.cg.shared.global [$0], [$1], 16, ignore; }",
  };
  cp_async_predicated(ptx, forms, destination, source, width, reads);
}

void ferry_ptx_cp_async_if(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                           unsigned width, LLVMValueRef issues) {
  /* A guard predicate is PTX's own, in any ISA with cp.async. */
  static const char *const forms[] = {
      "{ .reg .pred issue; setp.ne.b32 issue, $2, 0; @issue cp.async.ca.shared.global [$0], [$1], 4; }",
      "{ .reg .pred issue; setp.ne.b32 issue, $2, 0; @issue cp.async.ca.shared.global [$0], [$1], 8; }",
      "{ .reg .pred issue; setp.ne.b32 issue, $2, 0; @issue cp.async.cg.shared.global [$0], [$1], 16; }",
  };
  cp_async_predicated(ptx, forms, destination, source, width, issues);
}

void ferry_ptx_commit_group(struct ferry_ptx *ptx) { call(ptx, "llvm.nvvm.cp.async.commit.group", NULL, 0); }

void ferry_ptx_wait_group(struct ferry_ptx *ptx, unsigned pending) {
  LLVMValueRef count = LLVMConstInt(LLVMInt32TypeInContext(context_of(ptx)), pending, false);
  call(ptx, "llvm.nvvm.cp.async.wait.group", &count, 1);
}

void ferry_ptx_wait_all(struct ferry_ptx *ptx) { call(ptx, "llvm.nvvm.cp.async.wait.all", NULL, 0); }

void ferry_ptx_cp_async_arrive(struct ferry_ptx *ptx, LLVMValueRef barrier) {
  LLVMValueRef args[] = {shared_pointer(ptx, barrier)};
  call(ptx, "llvm.nvvm.cp.async.mbarrier.arrive.shared", args, 1);
}

void ferry_ptx_fence_proxy_async(struct ferry_ptx *ptx) {
  call(ptx, "llvm.nvvm.fence.proxy.async.shared_cta", NULL, 0);
}

void ferry_ptx_fence_block(struct ferry_ptx *ptx) { inline_ptx(ptx, "fence.acq_rel.cta;", "~{memory}", NULL, 0); }

void ferry_ptx_prefetch_l2(struct ferry_ptx *ptx, LLVMValueRef source) {
  LLVMValueRef args[] = {global_address(ptx, source)};
  inline_ptx(ptx, "prefetch.global.L2 [$0];", "l", args, 1);
}

void ferry_ptx_mbarrier_init(struct ferry_ptx *ptx, LLVMValueRef barrier, LLVMValueRef count) {
  LLVMValueRef args[] = {shared_pointer(ptx, barrier), count};
  call(ptx, "llvm.nvvm.mbarrier.init.shared", args, 2);
}

void ferry_ptx_expect_tx(struct ferry_ptx *ptx, LLVMValueRef barrier, LLVMValueRef bytes) {
  LLVMValueRef args[] = {shared_pointer(ptx, barrier), bytes};
  call(ptx, "llvm.nvvm.mbarrier.expect.tx.scope.cta.space.cta", args, 2);
}

void ferry_ptx_mbarrier_arrive(struct ferry_ptx *ptx, LLVMValueRef barrier) {
  LLVMValueRef args[] = {shared_pointer(ptx, barrier), LLVMConstInt(LLVMInt32TypeInContext(context_of(ptx)), 1, false)};
  call(ptx, "llvm.nvvm.mbarrier.arrive.scope.cta.space.cta", args, 2);
}

LLVMValueRef ferry_ptx_mbarrier_try_wait_parity(struct ferry_ptx *ptx, LLVMValueRef barrier,
                                                LLVMValueRef parity) {
  LLVMValueRef args[] = {shared_pointer(ptx, barrier), parity};
  return call(ptx, "llvm.nvvm.mbarrier.try.wait.parity.scope.cta.space.cta", args, 2);
}

void ferry_ptx_bulk_copy(struct ferry_ptx *ptx, LLVMValueRef destination, LLVMValueRef source,
                         LLVMValueRef bytes, LLVMValueRef barrier, LLVMValueRef policy) {
  LLVMContextRef context = context_of(ptx);
  LLVMValueRef cluster = LLVMBuildAddrSpaceCast(ptx->builder, shared_pointer(ptx, destination),
                                                LLVMPointerTypeInContext(context, SPACE_SHARED_CLUSTER), "");
  LLVMValueRef mbarrier = shared_pointer(ptx, barrier);
  LLVMValueRef from = global_pointer(ptx, source);
  LLVMValueRef args[8] = {
      cluster,
      mbarrier,
      from,
      bytes,
      LLVMConstInt(LLVMInt16TypeInContext(context), 0, false), /* no multicast */
      policy ? policy : LLVMConstInt(LLVMInt64TypeInContext(context), 0, false),
      LLVMConstInt(LLVMInt1TypeInContext(context), 0, false),     /* the multicast mask is not used */
      LLVMConstInt(LLVMInt1TypeInContext(context), policy != NULL, false), /* the cache hint is */
  };
  call(ptx, "llvm.nvvm.cp.async.bulk.global.to.shared.cluster", args, 8);
}

void ferry_ptx_block_barrier(struct ferry_ptx *ptx) {
  LLVMValueRef id = LLVMConstInt(LLVMInt32TypeInContext(context_of(ptx)), 0, false);
  call(ptx, "llvm.nvvm.barrier.cta.sync.aligned.all", &id, 1);
}

static LLVMValueRef special_register(struct ferry_ptx *ptx, const char *name) {
  LLVMValueRef value = call(ptx, name, NULL, 0);
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

LLVMValueRef ferry_ptx_blocks_per_sm(struct ferry_ptx *ptx, LLVMValueRef threads) {
  LLVMBuilderRef b = ptx->builder;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context_of(ptx));
  LLVMValueRef one = LLVMConstInt(i64, 1, false);
  LLVMValueRef blocks = LLVMBuildMul(
      b, special_register(ptx, "llvm.nvvm.read.ptx.sreg.nctaid.x"),
      LLVMBuildMul(b, special_register(ptx, "llvm.nvvm.read.ptx.sreg.nctaid.y"),
                   special_register(ptx, "llvm.nvvm.read.ptx.sreg.nctaid.z"), ""),
      "");
  LLVMValueRef sms = special_register(ptx, "llvm.nvvm.read.ptx.sreg.nsmid");
  LLVMValueRef per_sm =
      LLVMBuildUDiv(b, LLVMBuildSub(b, LLVMBuildAdd(b, blocks, sms, ""), one, ""), sms, "");
  LLVMValueRef fit = LLVMBuildUDiv(b, LLVMConstInt(i64, FERRY_SM_THREADS, false), threads, "");
  per_sm = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, fit, per_sm, ""), fit, per_sm, "");
  return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, per_sm, LLVMConstInt(i64, 0, false), ""),
                         one, per_sm, "ferry.blocks.per.sm");
}
