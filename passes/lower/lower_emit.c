/* ferry-lower's code generation: one memcpy_async call becomes up to three
 * paths.
 *
 *   bulk         (sm_90+, barrier or block pipeline) one thread of the group:
 *                fence.proxy.async, expect_tx(size) on the barrier, one
 *                cp.async.bulk completing on it. Needs destination shared,
 *                source global, barrier shared, pointers and size multiples
 *                of 16, 0 < size < 2^20 (the transaction counter's range).
 *   cp.async     (sm_80+) destination shared, source global, both 4-byte
 *                aligned: chunks of the widest width both pointers allow
 *                (16 .cg, 8 or 4 .ca), chunk i issued by the thread of rank
 *                i mod group size; then 4-byte chunks up to size & ~3, then
 *                the last size % 4 bytes copied by plain loads and stores.
 *                Barrier form: cp.async.mbarrier.arrive binds the thread's
 *                copies to the phase (libcu++'s choice: the thread still
 *                arrives itself).
 *   synchronous  anything else: the same split across the group, with plain
 *                loads and stores of the widest width the pointers allow.
 *
 * A condition proved at compile time selects its path outright; one left
 * open becomes a uniform run-time test (every thread of a group has the same
 * arguments, so all take the same path). Loops with a constant trip count of
 * at most eight are unrolled, so constant small sizes read as straight-line
 * code. */
#include "lower_emit.h"

#include "address_space.h"
#include "bridge.h"
#include "ir_build.h"
#include "ptx.h"

#include <llvm-c/DebugInfo.h>

#include <stddef.h>
#include <stdint.h>

enum copy_op { COPY_ASYNC, COPY_SYNCHRONOUS };

/* The most bytes one bulk copy may announce: mbarrier's tx-count is 20 bits. */
static const uint64_t bulk_size_limit = (1u << 20) - 1;
enum { MAX_UNROLLED_CHUNKS = 8 };

struct emitter {
  struct ferry_ptx ptx;
  LLVMBuilderRef b;
  LLVMContextRef context;
  LLVMValueRef function;
  const struct ferry_lower_call *call;
  const struct ferry_lower_facts *facts;
  LLVMTypeRef i1, i8, i32, i64, pointer;
  LLVMValueRef destination, source, size; /* generic pointers, i64 */
  LLVMValueRef rank, group_size;          /* i64 */
  LLVMValueRef barrier;                   /* what bulk copies complete on; NULL if none */
  LLVMValueRef policy;                    /* i64 L2 policy, or NULL */
  LLVMValueRef address_bits;              /* ptrtoint(destination) | ptrtoint(source), made on demand */
  struct ferry_lower_outcome outcome;
};

static LLVMValueRef constant64(struct emitter *e, uint64_t value) { return LLVMConstInt(e->i64, value, 0); }

static bool is_constant(LLVMValueRef value, uint64_t *result) {
  if (!LLVMIsAConstantInt(value))
    return false;
  *result = LLVMConstIntGetZExtValue(value);
  return true;
}

/* --- control flow ------------------------------------------------------- */

struct branch {
  LLVMBasicBlockRef otherwise, join;
};

static LLVMBasicBlockRef new_block(struct emitter *e, const char *name) {
  return LLVMAppendBasicBlockInContext(e->context, e->function, name);
}

static void branch_begin(struct emitter *e, LLVMValueRef condition, struct branch *branch, const char *name) {
  LLVMBasicBlockRef then = new_block(e, name);
  branch->otherwise = new_block(e, "lower.else");
  branch->join = new_block(e, "lower.join");
  LLVMBuildCondBr(e->b, condition, then, branch->otherwise);
  LLVMPositionBuilderAtEnd(e->b, then);
}

static void branch_else(struct emitter *e, struct branch *branch) {
  LLVMBuildBr(e->b, branch->join);
  LLVMPositionBuilderAtEnd(e->b, branch->otherwise);
}

static void branch_end(struct emitter *e, struct branch *branch) {
  LLVMBuildBr(e->b, branch->join);
  LLVMPositionBuilderAtEnd(e->b, branch->join);
}

/* --- conditions --------------------------------------------------------- */

/* A path's condition: impossible when a part is known false, else the AND
 * of the parts not known true (NULL when all are). */
struct condition {
  bool impossible;
  LLVMValueRef test;
};

static void require_test(struct emitter *e, struct condition *c, LLVMValueRef test) {
  c->test = c->test ? LLVMBuildAnd(e->b, c->test, test, "") : test;
}

static void require_space(struct emitter *e, struct condition *c, int known, enum ferry_space wanted,
                          LLVMValueRef pointer) {
  if (c->impossible || known == (int)wanted)
    return;
  if (known != FERRY_SPACE_UNKNOWN) {
    c->impossible = true;
    return;
  }
  require_test(e, c, wanted == FERRY_SPACE_SHARED ? ferry_ptx_is_shared(&e->ptx, pointer)
                                                  : ferry_ptx_is_global(&e->ptx, pointer));
}

static LLVMValueRef address_bits(struct emitter *e) {
  if (!e->address_bits)
    e->address_bits = LLVMBuildOr(e->b, LLVMBuildPtrToInt(e->b, e->destination, e->i64, ""),
                                  LLVMBuildPtrToInt(e->b, e->source, e->i64, ""), "lower.address.bits");
  return e->address_bits;
}

static LLVMValueRef is_multiple_of(struct emitter *e, LLVMValueRef value, unsigned power) {
  LLVMValueRef low = LLVMBuildAnd(e->b, value, constant64(e, power - 1), "");
  return LLVMBuildICmp(e->b, LLVMIntEQ, low, constant64(e, 0), "");
}

static void require_alignment(struct emitter *e, struct condition *c, unsigned needed) {
  if (!c->impossible && e->facts->alignment < needed)
    require_test(e, c, is_multiple_of(e, address_bits(e), needed));
}

/* --- the chunk loops ---------------------------------------------------- */

static LLVMTypeRef chunk_type(struct emitter *e, unsigned width) {
  switch (width) {
  case 16: return LLVMVectorType(e->i32, 4);
  case 8: return e->i64;
  case 4: return e->i32;
  default: return e->i8;
  }
}

static void copy_chunk(struct emitter *e, enum copy_op op, unsigned width, LLVMValueRef offset) {
  LLVMValueRef to = LLVMBuildGEP2(e->b, e->i8, e->destination, &offset, 1, "");
  LLVMValueRef from = LLVMBuildGEP2(e->b, e->i8, e->source, &offset, 1, "");
  if (op == COPY_ASYNC) {
    ferry_ptx_cp_async(&e->ptx, to, from, width, e->policy);
    return;
  }
  LLVMTypeRef type = chunk_type(e, width);
  LLVMValueRef value = LLVMBuildLoad2(e->b, type, from, "");
  LLVMSetAlignment(value, width);
  LLVMValueRef store = LLVMBuildStore(e->b, value, to);
  LLVMSetAlignment(store, width);
}

/* Copies the chunks of `width` bytes at offsets begin, begin + width, ...
 * below end: this thread those at begin + (rank + k * group_size) * width. */
static void copy_chunks(struct emitter *e, enum copy_op op, unsigned width, LLVMValueRef begin,
                        LLVMValueRef end) {
  LLVMBuilderRef b = e->b;
  LLVMValueRef start = LLVMBuildAdd(b, begin, LLVMBuildMul(b, e->rank, constant64(e, width), ""), "");
  LLVMValueRef step = LLVMBuildMul(b, e->group_size, constant64(e, width), "");
  uint64_t first, last, stride;
  if (is_constant(start, &first) && is_constant(end, &last) && is_constant(step, &stride)) {
    if (first >= last)
      return;
    if ((last - first + stride - 1) / stride <= MAX_UNROLLED_CHUNKS) {
      for (uint64_t offset = first; offset < last; offset += stride)
        copy_chunk(e, op, width, constant64(e, offset));
      return;
    }
  }
  LLVMBasicBlockRef preheader = LLVMGetInsertBlock(b);
  LLVMBasicBlockRef header = new_block(e, "lower.chunks");
  LLVMBasicBlockRef body = new_block(e, "lower.chunk");
  LLVMBasicBlockRef exit = new_block(e, "lower.chunks.done");
  LLVMBuildBr(b, header);
  LLVMPositionBuilderAtEnd(b, header);
  LLVMValueRef offset = LLVMBuildPhi(b, e->i64, "lower.offset");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntULT, offset, end, ""), body, exit);
  LLVMPositionBuilderAtEnd(b, body);
  copy_chunk(e, op, width, offset);
  LLVMValueRef next = LLVMBuildAdd(b, offset, step, "");
  LLVMBuildBr(b, header);
  LLVMValueRef incoming[] = {start, next};
  LLVMBasicBlockRef from[] = {preheader, body};
  LLVMAddIncoming(offset, incoming, from, 2);
  LLVMPositionBuilderAtEnd(b, exit);
}

static LLVMValueRef round_down(struct emitter *e, unsigned width) {
  if (e->facts->size_multiple >= width)
    return e->size;
  return LLVMBuildAnd(e->b, e->size, constant64(e, ~(uint64_t)(width - 1)), "");
}

/* The whole range at one width (the pointers are multiples of it): chunks of
 * `width`, then 4-byte chunks, then single bytes (always plain). */
static void copy_range(struct emitter *e, enum copy_op op, unsigned width) {
  LLVMValueRef wide_end = round_down(e, width);
  copy_chunks(e, op, width, constant64(e, 0), wide_end);
  if (width > 4 && e->facts->size_multiple < width)
    copy_chunks(e, op, 4, wide_end, round_down(e, 4));
  if (width > 1 && e->facts->size_multiple < 4)
    copy_chunks(e, COPY_SYNCHRONOUS, 1, width >= 4 ? round_down(e, 4) : wide_end, e->size);
}

static void note_width(struct emitter *e, enum copy_op op, unsigned width) {
  if (op == COPY_ASYNC)
    e->outcome.async_widths |= width;
}

/* A proved alignment of 4 or more is used as it is (no test, and no
 * divergence between threads whose pointers differ). Otherwise each width
 * from 16 down is tried at run time, down to `floor`, which a test before
 * has established. */
static void copy_at_widest_width(struct emitter *e, enum copy_op op, unsigned floor) {
  static const unsigned widths[] = {16, 8, 4, 1};
  unsigned known = e->facts->alignment >= 4 ? e->facts->alignment : floor;
  struct branch open[4];
  unsigned opened = 0;
  for (unsigned i = 0; i < sizeof widths / sizeof widths[0]; i++) {
    unsigned width = widths[i];
    if (width > known && e->facts->alignment >= 4)
      continue;
    if (width <= known) {
      note_width(e, op, width);
      copy_range(e, op, width);
      break;
    }
    branch_begin(e, is_multiple_of(e, address_bits(e), width), &open[opened], "lower.width");
    note_width(e, op, width);
    copy_range(e, op, width);
    branch_else(e, &open[opened++]);
  }
  while (opened > 0)
    branch_end(e, &open[--opened]);
}

/* --- the three paths ---------------------------------------------------- */

static void emit_bulk(struct emitter *e) {
  e->outcome.bulk = true;
  struct branch leader, nonempty;
  uint64_t rank, size;
  bool one_thread = is_constant(e->rank, &rank) && rank == 0;
  if (!one_thread)
    branch_begin(e, LLVMBuildICmp(e->b, LLVMIntEQ, e->rank, constant64(e, 0), ""), &leader, "lower.bulk.leader");
  bool empty_possible = !is_constant(e->size, &size);
  if (empty_possible)
    branch_begin(e, LLVMBuildICmp(e->b, LLVMIntNE, e->size, constant64(e, 0), ""), &nonempty, "lower.bulk");
  if (!empty_possible && size == 0)
    goto done;
  /* Earlier generic writes of this thread to the destination (a previous
   * use of the buffer) must not land after the async proxy's. */
  ferry_ptx_fence_proxy_async(&e->ptx);
  LLVMValueRef bytes = LLVMBuildTrunc(e->b, e->size, e->i32, "");
  ferry_ptx_expect_tx(&e->ptx, e->barrier, bytes);
  ferry_ptx_bulk_copy(&e->ptx, e->destination, e->source, bytes, e->barrier, e->policy);
done:
  if (empty_possible) {
    branch_else(e, &nonempty);
    branch_end(e, &nonempty);
  }
  if (!one_thread) {
    branch_else(e, &leader);
    branch_end(e, &leader);
  }
}

static void emit_synchronous(struct emitter *e) {
  e->outcome.synchronous = true;
  copy_at_widest_width(e, COPY_SYNCHRONOUS, 1);
}

static void emit_async(struct emitter *e) {
  e->outcome.async = true;
  copy_at_widest_width(e, COPY_ASYNC, 4);
  if (e->call->sync == FERRY_SYNC_BARRIER)
    ferry_ptx_cp_async_arrive(&e->ptx, e->barrier);
  else if (e->facts->size_multiple < 4 && e->call->sync == FERRY_SYNC_PIPELINE)
    /* The last size % 4 bytes were stored by this thread itself; order them
     * before the arrival that producer_commit makes for its copies. */
    ferry_ptx_fence_block(&e->ptx);
}

static void emit_async_or_synchronous(struct emitter *e) {
  if (!ferry_target_has_cp_async(e->facts->target)) {
    emit_synchronous(e);
    return;
  }
  struct condition c = {0};
  require_space(e, &c, e->facts->destination_space, FERRY_SPACE_SHARED, e->destination);
  require_space(e, &c, e->facts->source_space, FERRY_SPACE_GLOBAL, e->source);
  require_alignment(e, &c, 4);
  if (c.impossible) {
    emit_synchronous(e);
  } else if (!c.test) {
    emit_async(e);
  } else {
    e->outcome.async_checked = true;
    struct branch branch;
    branch_begin(e, c.test, &branch, "lower.async");
    emit_async(e);
    branch_else(e, &branch);
    emit_synchronous(e);
    branch_end(e, &branch);
  }
}

static bool bulk_possible(const struct emitter *e) {
  return ferry_target_has_bulk_copy(e->facts->target) && e->call->sync != FERRY_SYNC_THREAD_PIPELINE;
}

static void emit_paths(struct emitter *e) {
  if (e->call->bulk_only) {
    emit_bulk(e);
    return;
  }
  if (!bulk_possible(e)) {
    emit_async_or_synchronous(e);
    return;
  }
  struct condition c = {0};
  uint64_t size;
  if (is_constant(e->size, &size)) {
    c.impossible = size == 0 || size > bulk_size_limit;
  } else {
    /* size - 1 < limit: one unsigned compare for 0 < size <= limit. */
    LLVMValueRef less = LLVMBuildSub(e->b, e->size, constant64(e, 1), "");
    require_test(e, &c, LLVMBuildICmp(e->b, LLVMIntULT, less, constant64(e, bulk_size_limit), ""));
  }
  require_space(e, &c, e->facts->destination_space, FERRY_SPACE_SHARED, e->destination);
  require_space(e, &c, e->facts->source_space, FERRY_SPACE_GLOBAL, e->source);
  if (e->call->sync == FERRY_SYNC_BARRIER)
    require_space(e, &c, e->facts->barrier_space, FERRY_SPACE_SHARED, e->barrier);
  require_alignment(e, &c, 16);
  if (!c.impossible && e->facts->size_multiple < 16)
    require_test(e, &c, is_multiple_of(e, e->size, 16));
  if (c.impossible) {
    emit_async_or_synchronous(e);
  } else if (!c.test) {
    emit_bulk(e);
  } else {
    e->outcome.bulk_checked = true;
    struct branch branch;
    branch_begin(e, c.test, &branch, "lower.bulk.path");
    emit_bulk(e);
    branch_else(e, &branch);
    emit_async_or_synchronous(e);
    branch_end(e, &branch);
  }
}

/* --- operands ----------------------------------------------------------- */

static LLVMValueRef as_i64(struct emitter *e, LLVMValueRef value) {
  unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(value));
  if (bits == 64)
    return value;
  return bits < 64 ? LLVMBuildZExt(e->b, value, e->i64, "") : LLVMBuildTrunc(e->b, value, e->i64, "");
}

/* The L2 policy in an access property passed by value: the struct, its
 * i64, or a pointer to the caller's byval copy. */
static LLVMValueRef policy_of(struct emitter *e, LLVMValueRef property) {
  LLVMTypeRef type = LLVMTypeOf(property);
  switch (LLVMGetTypeKind(type)) {
  case LLVMPointerTypeKind: {
    LLVMValueRef policy = LLVMBuildLoad2(e->b, e->i64, property, "lower.policy");
    LLVMSetAlignment(policy, 8);
    return policy;
  }
  case LLVMStructTypeKind: {
    LLVMValueRef field = LLVMBuildExtractValue(e->b, property, 0, "lower.policy");
    return LLVMGetTypeKind(LLVMTypeOf(field)) == LLVMIntegerTypeKind ? as_i64(e, field) : NULL;
  }
  case LLVMIntegerTypeKind:
    return as_i64(e, property);
  default:
    return NULL;
  }
  return NULL;
}

/* The warp of a thread is its 32-thread slice of the block's linear order;
 * the last warp of a block whose size is not a multiple of 32 is smaller. */
static void warp_group(struct emitter *e, LLVMValueRef *rank, LLVMValueRef *size) {
  LLVMBuilderRef b = e->b;
  LLVMValueRef linear = ferry_ptx_block_rank(&e->ptx);
  LLVMValueRef block = ferry_ptx_block_size(&e->ptx);
  *rank = LLVMBuildAnd(b, linear, constant64(e, 31), "warp.rank");
  LLVMValueRef left = LLVMBuildSub(b, block, LLVMBuildAnd(b, linear, constant64(e, ~(uint64_t)31), ""), "");
  LLVMValueRef full = LLVMBuildICmp(b, LLVMIntUGE, left, constant64(e, 32), "");
  *size = LLVMBuildSelect(b, full, constant64(e, 32), left, "warp.size");
}

enum { GROUP_BLOCK_MARK = 0xFFFFFFFFu, GROUP_WARP_MARK = 0xFFFFFFFEu };

static void group_of(struct emitter *e) {
  if (!e->call->group) {
    e->rank = constant64(e, 0);
    e->group_size = constant64(e, 1);
    return;
  }
  LLVMBuilderRef b = e->b;
  LLVMValueRef handle = as_i64(e, e->call->group_handle);
  uint64_t constant;
  if (is_constant(handle, &constant) && (constant >> 32) == GROUP_BLOCK_MARK) {
    e->rank = ferry_ptx_block_rank(&e->ptx);
    e->group_size = ferry_ptx_block_size(&e->ptx);
    return;
  }
  if (is_constant(handle, &constant) && (constant >> 32) == GROUP_WARP_MARK) {
    warp_group(e, &e->rank, &e->group_size);
    return;
  }
  LLVMValueRef high = LLVMBuildLShr(b, handle, constant64(e, 32), "group.size");
  LLVMValueRef low = LLVMBuildAnd(b, handle, constant64(e, 0xFFFFFFFFu), "group.rank");
  if (is_constant(handle, &constant)) {
    e->rank = low;
    e->group_size = high;
    return;
  }
  /* A marker that travelled through a variable: decide at run time. */
  LLVMValueRef block_rank = ferry_ptx_block_rank(&e->ptx), block_size = ferry_ptx_block_size(&e->ptx);
  LLVMValueRef warp_rank, warp_size;
  warp_group(e, &warp_rank, &warp_size);
  LLVMValueRef is_block = LLVMBuildICmp(b, LLVMIntEQ, high, constant64(e, GROUP_BLOCK_MARK), "");
  LLVMValueRef is_warp = LLVMBuildICmp(b, LLVMIntEQ, high, constant64(e, GROUP_WARP_MARK), "");
  e->rank = LLVMBuildSelect(b, is_block, block_rank, LLVMBuildSelect(b, is_warp, warp_rank, low, ""), "");
  e->group_size = LLVMBuildSelect(b, is_block, block_size, LLVMBuildSelect(b, is_warp, warp_size, high, ""), "");
}

/* ferry_pipeline_producer_barrier, inlined: the head stage's `produced`
 * barrier, at shared + 8 + 16 * head (runtime/include/ferry/pipeline.h: the
 * stages follow the 8-byte header; a stage is two 8-byte barriers; `head`
 * follows the pointer and the stage count in ferry_pipeline_t). */
static LLVMValueRef pipeline_producer_barrier(struct emitter *e, LLVMValueRef pipeline) {
  LLVMBuilderRef b = e->b;
  LLVMValueRef shared = LLVMBuildLoad2(b, e->pointer, pipeline, "pipeline.shared");
  LLVMSetAlignment(shared, 8);
  LLVMValueRef head_offset = constant64(e, 12);
  LLVMValueRef head_address = LLVMBuildGEP2(b, e->i8, pipeline, &head_offset, 1, "");
  LLVMValueRef head = LLVMBuildLoad2(b, e->i32, head_address, "pipeline.head");
  LLVMSetAlignment(head, 4);
  LLVMValueRef offset = LLVMBuildAdd(b, LLVMBuildMul(b, as_i64(e, head), constant64(e, 16), ""),
                                     constant64(e, 8), "");
  return LLVMBuildGEP2(b, e->i8, shared, &offset, 1, "pipeline.produced");
}

static void read_operands(struct emitter *e) {
  const struct ferry_lower_call *call = e->call;
  e->destination = ferry_pointer_in_space(e->b, call->destination, FERRY_ADDRSPACE_GENERIC);
  e->source = ferry_pointer_in_space(e->b, call->source, FERRY_ADDRSPACE_GENERIC);
  e->size = as_i64(e, call->size);
  group_of(e);
  if (call->sync == FERRY_SYNC_BARRIER)
    e->barrier = ferry_pointer_in_space(e->b, call->sync_object, FERRY_ADDRSPACE_GENERIC);
  else if (call->sync == FERRY_SYNC_PIPELINE && bulk_possible(e))
    e->barrier = pipeline_producer_barrier(e, ferry_pointer_in_space(e->b, call->sync_object, 0));
  if (call->annotated && ferry_target_has_cp_async(e->facts->target))
    e->policy = policy_of(e, call->source_property);
}

struct ferry_lower_outcome ferry_lower_emit(LLVMModuleRef module, const struct ferry_lower_call *call,
                                            const struct ferry_lower_facts *facts) {
  struct emitter e = {0};
  e.context = LLVMGetModuleContext(module);
  e.b = LLVMCreateBuilderInContext(e.context);
  e.ptx.module = module;
  e.ptx.builder = e.b;
  e.call = call;
  e.facts = facts;
  e.function = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call->call));
  e.i1 = LLVMInt1TypeInContext(e.context);
  e.i8 = LLVMInt8TypeInContext(e.context);
  e.i32 = LLVMInt32TypeInContext(e.context);
  e.i64 = LLVMInt64TypeInContext(e.context);
  e.pointer = LLVMPointerTypeInContext(e.context, 0);

  LLVMBasicBlockRef start = LLVMGetInstructionParent(call->call);
  LLVMBasicBlockRef last_before = LLVMGetLastBasicBlock(e.function);
  LLVMBasicBlockRef rest = ferry_split_block_before(call->call, "lower.done");
  LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(start));
  LLVMPositionBuilderAtEnd(e.b, start);
  LLVMSetCurrentDebugLocation2(e.b, LLVMInstructionGetDebugLoc(call->call));

  read_operands(&e);
  emit_paths(&e);
  LLVMBuildBr(e.b, rest);

  /* The new blocks were appended at the end of the function; move them
   * before `rest` so that the code reads in order. */
  if (last_before == start)
    last_before = rest;
  for (LLVMBasicBlockRef block = LLVMGetNextBasicBlock(last_before); block;) {
    LLVMBasicBlockRef next = LLVMGetNextBasicBlock(block);
    LLVMMoveBasicBlockBefore(block, rest);
    block = next;
  }
  LLVMDisposeBuilder(e.b);
  return e.outcome;
}
