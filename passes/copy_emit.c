/* The code of a converted copy. The collective form, for a thread at
 * (tid.x, tid.y, tid.z) copying the element at row offset size*tid.x:
 *
 *   row_dst = dst - size*tid.x;  row_src = src - size*tid.x
 *   row_bytes = ntid.x * size
 *   if ((row_dst | row_src | row_bytes) % 16 == 0 [&& row_bytes <= row_stride]
 *       [&& the row's narrow source indices do not wrap])
 *     if (tid.x < row_bytes/16 [&& tid.y == 0] && tid.z == 0)
 *       cp.async.cg 16 (row_dst + 16*tid.x, row_src + 16*tid.x)
 *   else
 *     *dst = *src        (the original copy)
 *
 * On sm_90 the aligned branch may instead (or, with a size threshold, for
 * rows of at least that many bytes) have the row's first thread issue the
 * whole row as one cp.async.bulk (bulk_copy.c).
 *
 * The check is the same for every thread of a row, so a row takes one
 * branch; when the copy does not depend on tid.y (row_stride 0) all rows
 * are the same and row 0 alone issues the chunks.
 *
 * Rows of tid.y whose addresses are pure arithmetic over the thread indices
 * and uniform values (collective_copy.h, `linear`) take the linear form
 * instead (emit_linear): the chunks of all rows are dealt over the block's
 * linear thread index, so whole warps issue, as hand-written code does. */
#include "copy_emit.h"

#include "address_space.h"
#include "bridge.h"
#include "bulk_copy.h"
#include "ir_build.h"
#include "thread_values.h"

#include <llvm-c/DebugInfo.h>
#include <stddef.h>

static LLVMValueRef special_register(LLVMBuilderRef builder, LLVMModuleRef module,
                                     const char *name) {
  LLVMValueRef value = ferry_call_intrinsic(builder, module, name, NULL, 0);
  return LLVMBuildZExt(builder, value, LLVMInt64TypeInContext(LLVMGetModuleContext(module)), "");
}

static void emit_per_thread(LLVMModuleRef module, LLVMBuilderRef builder,
                            LLVMValueRef destination, LLVMValueRef source, unsigned size) {
  LLVMValueRef args[2] = {
      ferry_pointer_in_space(builder, destination, FERRY_ADDRSPACE_SHARED),
      ferry_pointer_in_space(builder, source, FERRY_ADDRSPACE_GLOBAL),
  };
  ferry_call_intrinsic(builder, module, ferry_cp_async_intrinsic(size), args, 2);
}

static void emit_plain_copy(LLVMBuilderRef builder, LLVMContextRef context,
                            LLVMValueRef destination, LLVMValueRef source,
                            const struct ferry_copy_form *form) {
  LLVMTypeRef element = LLVMIntTypeInContext(context, 8 * form->size);
  LLVMValueRef value = LLVMBuildLoad2(builder, element, source, "");
  LLVMSetAlignment(value, form->align);
  LLVMValueRef store = LLVMBuildStore(builder, value, destination);
  LLVMSetAlignment(store, form->align);
  ferry_mark_as_written(store); /* the fallback: never converted itself */
}

/* The chunk this thread issues in the linear form, from the special
 * registers alone: computed once, in the kernel's entry block, so that the
 * division stays out of loops. The block's chunks are numbered row by row,
 * chunks_per_row = ntid.x*size/16 to a row; thread L = tid.x + ntid.x*tid.y
 * of plane 0 issues chunk L when there is one. */
struct linear_chunk {
  LLVMValueRef row, column; /* i32: the row (a tid.y) and 16-byte chunk in it */
  LLVMValueRef issues;      /* i1 */
  LLVMValueRef ntid_x, row_bytes; /* i64 */
  LLVMValueRef rows_apart;  /* i1: row_bytes <= row_stride */
};

static struct linear_chunk linear_chunk(LLVMModuleRef module, LLVMBuilderRef builder,
                                        LLVMValueRef fn, unsigned size, int64_t row_stride) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  LLVMBasicBlockRef resume = LLVMGetInsertBlock(builder);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  while (first && LLVMIsAAllocaInst(first))
    first = LLVMGetNextInstruction(first);
  LLVMPositionBuilderBefore(builder, first);
  LLVMValueRef tid_x = ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.tid.x", NULL, 0);
  LLVMValueRef tid_y = ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.tid.y", NULL, 0);
  LLVMValueRef tid_z = ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.tid.z", NULL, 0);
  LLVMValueRef ntid_x = ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.ntid.x", NULL, 0);
  LLVMValueRef ntid_y = ferry_call_intrinsic(builder, module, "llvm.nvvm.read.ptx.sreg.ntid.y", NULL, 0);
  LLVMValueRef per_row = LLVMBuildLShr(
      builder, LLVMBuildMul(builder, ntid_x, LLVMConstInt(i32, size, false), ""),
      LLVMConstInt(i32, 4, false), "ferry.chunks.per.row");
  /* A row under 16 bytes has no chunk (the alignment check then fails);
   * dividing by at least 1 keeps the division defined. */
  LLVMValueRef one = LLVMConstInt(i32, 1, false);
  LLVMValueRef divisor = LLVMBuildSelect(
      builder, LLVMBuildICmp(builder, LLVMIntEQ, per_row, LLVMConstInt(i32, 0, false), ""), one,
      per_row, "");
  LLVMValueRef linear = LLVMBuildAdd(builder, tid_x, LLVMBuildMul(builder, ntid_x, tid_y, ""),
                                     "ferry.thread.linear");
  struct linear_chunk chunk = {
      .row = LLVMBuildUDiv(builder, linear, divisor, "ferry.chunk.row"),
      .column = LLVMBuildURem(builder, linear, divisor, "ferry.chunk.column"),
  };
  LLVMValueRef in_block = LLVMBuildICmp(builder, LLVMIntULT, linear,
                                        LLVMBuildMul(builder, ntid_y, per_row, ""), "");
  LLVMValueRef plane_0 =
      LLVMBuildICmp(builder, LLVMIntEQ, tid_z, LLVMConstInt(i32, 0, false), "");
  chunk.issues = LLVMBuildAnd(builder, in_block, plane_0, "ferry.chunk.issues");
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  chunk.ntid_x = LLVMBuildZExt(builder, ntid_x, i64, "");
  chunk.row_bytes =
      LLVMBuildMul(builder, chunk.ntid_x, LLVMConstInt(i64, size, false), "ferry.row.bytes");
  chunk.rows_apart = LLVMBuildICmp(builder, LLVMIntULE, chunk.row_bytes,
                                   LLVMConstInt(i64, (unsigned long long)row_stride, false),
                                   "ferry.rows.apart");
  LLVMPositionBuilderAtEnd(builder, resume);
  return chunk;
}

/* The bits whose low four the uniform check tests: the row's length, and
 * each side's first address unless collective_copy.c proved it aligned. */
static LLVMValueRef unproved_address_bits(LLVMBuilderRef builder, const struct ferry_copy_form *form,
                                          LLVMValueRef destination_row, LLVMValueRef source_row,
                                          LLVMValueRef row_bytes) {
  LLVMTypeRef i64 = LLVMTypeOf(row_bytes);
  LLVMValueRef bits = row_bytes;
  if (!form->source_rows_aligned)
    bits = LLVMBuildOr(builder, LLVMBuildPtrToInt(builder, source_row, i64, ""), bits, "");
  if (!form->destination_rows_aligned)
    bits = LLVMBuildOr(builder, LLVMBuildPtrToInt(builder, destination_row, i64, ""), bits, "");
  return bits;
}

/* Whether a row may take chunks, from its first element's addresses (and
 * narrow source index, or NULL): both 16-byte aligned with the row's
 * length, the index not wrapping within the row, rows apart. The same
 * function of the row wherever it is evaluated, so the row's owners (who
 * otherwise copy it themselves) and its chunks' issuers agree. */
static LLVMValueRef row_takes_chunks(LLVMBuilderRef builder, const struct ferry_copy_form *form,
                                     const struct linear_chunk *chunk,
                                     LLVMValueRef destination_row, LLVMValueRef source_row,
                                     LLVMValueRef index_row) {
  LLVMValueRef row_bytes = chunk->row_bytes, ntid_x = chunk->ntid_x;
  LLVMTypeRef i64 = LLVMTypeOf(row_bytes);
  LLVMValueRef bits = unproved_address_bits(builder, form, destination_row, source_row, row_bytes);
  LLVMValueRef takes = LLVMBuildICmp(
      builder, LLVMIntEQ, LLVMBuildAnd(builder, bits, LLVMConstInt(i64, 15, false), ""),
      LLVMConstInt(i64, 0, false), "ferry.aligned");
  if (index_row) {
    LLVMTypeRef type = LLVMTypeOf(index_row);
    unsigned width = LLVMGetIntTypeWidth(type);
    unsigned long long largest = form->source_index_signed ? (1ULL << (width - 1)) - 1
                                 : width == 64                ? ~0ULL
                                                              : (1ULL << width) - 1;
    LLVMValueRef limit = LLVMBuildSub(
        builder, LLVMConstInt(type, largest, false),
        LLVMBuildSub(builder, LLVMBuildTrunc(builder, ntid_x, type, ""), LLVMConstInt(type, 1, false), ""),
        "");
    takes = LLVMBuildAnd(builder, takes,
                         LLVMBuildICmp(builder, form->source_index_signed ? LLVMIntSLE : LLVMIntULE,
                                       index_row, limit, ""),
                         "ferry.row.no.wrap");
  }
  return LLVMBuildAnd(builder, takes, chunk->rows_apart, "ferry.row.takes");
}

/* The linear form, for rows of threadIdx.y (row_stride > 0):
 *
 *   if (!takes(row tid.y)) *dst = *src          (this thread's own row)
 *   if (issues) {                               (chunk L = (row, column))
 *     if (takes(row)) cp.async.cg 16 (dst(0,row) + 16*column, src(0,row) + 16*column)
 *   }
 *
 * where dst(x, y) is the address thread (x, y) copies to (thread_values.h)
 * and takes() is row_takes_chunks on a row's first addresses. Each element
 * is copied once: by its owner when its row fails the check, else within
 * the chunk of its row that covers it. With a row of 4*32 bytes or less a
 * warp issues 32 chunks and the first ntid.y*row_bytes/16 threads issue:
 * whole warps, where the per-row form has a few lanes of every warp. At the
 * builder's position, in a block of its own; ends in branches to join. */
static void emit_linear(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef destination,
                        LLVMValueRef source, const struct ferry_copy_form *form,
                        LLVMBasicBlockRef join) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(context);
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(builder));
  LLVMBasicBlockRef original = LLVMInsertBasicBlockInContext(context, join, "ferry.copy.original");
  LLVMBasicBlockRef chunks = LLVMInsertBasicBlockInContext(context, join, "ferry.copy.chunks");
  LLVMBasicBlockRef check = LLVMInsertBasicBlockInContext(context, join, "ferry.copy.chunk.row");
  LLVMBasicBlockRef issue = LLVMInsertBasicBlockInContext(context, join, "ferry.copy.issue");
  /* The thread's chunk, the row length and whether rows stay apart depend
   * on the special registers alone: computed once, at entry. */
  struct linear_chunk chunk = linear_chunk(module, builder, fn, form->size, form->row_stride);
  LLVMValueRef zero = LLVMConstInt(LLVMInt32TypeInContext(context), 0, false);

  struct ferry_map own = {0};
  /* In the address spaces the issuer checks in: the same bits. */
  LLVMValueRef own_takes = row_takes_chunks(
      builder, form, &chunk,
      ferry_pointer_in_space(builder, ferry_value_for_thread(builder, destination, zero, NULL, &own),
                             FERRY_ADDRSPACE_SHARED),
      ferry_pointer_in_space(builder, ferry_value_for_thread(builder, source, zero, NULL, &own),
                             FERRY_ADDRSPACE_GLOBAL),
      form->source_index ? ferry_value_for_thread(builder, form->source_index, zero, NULL, &own)
                         : NULL);
  ferry_map_free(&own);
  LLVMBuildCondBr(builder, own_takes, chunks, original);

  LLVMPositionBuilderAtEnd(builder, original);
  emit_plain_copy(builder, context, destination, source, form);
  LLVMBuildBr(builder, chunks);

  LLVMPositionBuilderAtEnd(builder, chunks);
  LLVMBuildCondBr(builder, chunk.issues, check, join);

  LLVMPositionBuilderAtEnd(builder, check);
  struct ferry_map theirs = {0};
  LLVMValueRef destination_row = ferry_pointer_in_space(
      builder, ferry_value_for_thread(builder, destination, zero, chunk.row, &theirs),
      FERRY_ADDRSPACE_SHARED);
  LLVMValueRef source_row = ferry_pointer_in_space(
      builder, ferry_value_for_thread(builder, source, zero, chunk.row, &theirs),
      FERRY_ADDRSPACE_GLOBAL);
  LLVMValueRef index_row =
      form->source_index ? ferry_value_for_thread(builder, form->source_index, zero, chunk.row, &theirs)
                         : NULL;
  ferry_map_free(&theirs);
  LLVMValueRef row_takes =
      row_takes_chunks(builder, form, &chunk, destination_row, source_row, index_row);
  LLVMBuildCondBr(builder, row_takes, issue, join);

  LLVMPositionBuilderAtEnd(builder, issue);
  LLVMValueRef offset =
      LLVMBuildShl(builder, LLVMBuildZExt(builder, chunk.column, i64, ""), LLVMConstInt(i64, 4, false), "");
  LLVMValueRef args[2] = {
      LLVMBuildGEP2(builder, i8, destination_row, &offset, 1, ""),
      LLVMBuildGEP2(builder, i8, source_row, &offset, 1, ""),
  };
  ferry_call_intrinsic(builder, module, ferry_cp_async_intrinsic(16), args, 2);
  LLVMBuildBr(builder, join);
}

/* At the builder's position, in a block of its own; ends in branches to join. */
static void emit_collective(LLVMModuleRef module, LLVMBuilderRef builder,
                            LLVMValueRef destination, LLVMValueRef source,
                            const struct ferry_copy_form *form, LLVMBasicBlockRef join) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(context);
  LLVMValueRef zero = LLVMConstInt(i64, 0, false);
  /* aligned: bulk, chunked, or (bulk with a size threshold) a choice of the two */
  bool chunks_too = !form->bulk_mbarrier || form->bulk_min_bytes;
  LLVMBasicBlockRef size_choice =
      form->bulk_mbarrier && form->bulk_min_bytes
          ? LLVMInsertBasicBlockInContext(context, join, "ferry.copy.size")
          : NULL;
  LLVMBasicBlockRef bulk =
      form->bulk_mbarrier ? LLVMInsertBasicBlockInContext(context, join, "ferry.copy.bulk") : NULL;
  LLVMBasicBlockRef chunked =
      chunks_too ? LLVMInsertBasicBlockInContext(context, join, "ferry.copy.chunked") : NULL;
  LLVMBasicBlockRef issue =
      chunks_too ? LLVMInsertBasicBlockInContext(context, join, "ferry.copy.issue") : NULL;
  LLVMBasicBlockRef original = LLVMInsertBasicBlockInContext(context, join, "ferry.copy.original");

  LLVMValueRef tid_x = special_register(builder, module, "llvm.nvvm.read.ptx.sreg.tid.x");
  LLVMValueRef ntid_x = special_register(builder, module, "llvm.nvvm.read.ptx.sreg.ntid.x");
  LLVMValueRef size = LLVMConstInt(i64, form->size, false);
  LLVMValueRef back = LLVMBuildNeg(builder, LLVMBuildMul(builder, tid_x, size, ""), "");
  LLVMValueRef destination_row = LLVMBuildGEP2(
      builder, i8, ferry_pointer_in_space(builder, destination, FERRY_ADDRSPACE_SHARED),
      &back, 1, "ferry.row.dst");
  LLVMValueRef source_row = LLVMBuildGEP2(
      builder, i8, ferry_pointer_in_space(builder, source, FERRY_ADDRSPACE_GLOBAL), &back, 1,
      "ferry.row.src");
  LLVMValueRef row_bytes = LLVMBuildMul(builder, ntid_x, size, "ferry.row.bytes");
  LLVMValueRef bits = unproved_address_bits(builder, form, destination_row, source_row, row_bytes);
  LLVMValueRef aligned = LLVMBuildICmp(
      builder, LLVMIntEQ, LLVMBuildAnd(builder, bits, LLVMConstInt(i64, 15, false), ""), zero,
      "ferry.aligned");
  if (form->source_index) {
    /* index - tid.x is the row's first index; the row's last, that plus
     * ntid.x - 1, must not pass the largest value of the index's type. */
    LLVMTypeRef type = LLVMTypeOf(form->source_index);
    unsigned bits = LLVMGetIntTypeWidth(type);
    LLVMValueRef first = LLVMBuildSub(builder, form->source_index,
                                      LLVMBuildTrunc(builder, tid_x, type, ""), "ferry.row.index");
    unsigned long long largest = form->source_index_signed ? (1ULL << (bits - 1)) - 1
                                                            : (bits == 64 ? ~0ULL : (1ULL << bits) - 1);
    LLVMValueRef limit = LLVMBuildSub(
        builder, LLVMConstInt(type, largest, false),
        LLVMBuildSub(builder, LLVMBuildTrunc(builder, ntid_x, type, ""), LLVMConstInt(type, 1, false), ""),
        "");
    aligned = LLVMBuildAnd(
        builder, aligned,
        LLVMBuildICmp(builder, form->source_index_signed ? LLVMIntSLE : LLVMIntULE, first, limit, ""),
        "ferry.row.no.wrap");
  }
  if (form->row_stride)
    aligned = LLVMBuildAnd(
        builder, aligned,
        LLVMBuildICmp(builder, LLVMIntULE, row_bytes,
                      LLVMConstInt(i64, (unsigned long long)form->row_stride, false), ""),
        "ferry.rows.apart");
  LLVMBuildCondBr(builder, aligned, size_choice ? size_choice : bulk ? bulk : chunked, original);

  const char *only_first[2] = {form->row_stride ? NULL : "llvm.nvvm.read.ptx.sreg.tid.y",
                               "llvm.nvvm.read.ptx.sreg.tid.z"};
  if (size_choice) {
    LLVMPositionBuilderAtEnd(builder, size_choice);
    LLVMValueRef large =
        LLVMBuildICmp(builder, LLVMIntUGE, row_bytes,
                      LLVMConstInt(i64, form->bulk_min_bytes, false), "ferry.row.large");
    LLVMBuildCondBr(builder, large, bulk, chunked);
  }
  if (bulk) {
    /* The row's first thread (row 0's, when all rows are the same). */
    LLVMPositionBuilderAtEnd(builder, bulk);
    LLVMValueRef leader = LLVMBuildICmp(builder, LLVMIntEQ, tid_x, zero, "");
    for (int d = 0; d < 2; d++)
      if (only_first[d])
        leader = LLVMBuildAnd(
            builder, leader,
            LLVMBuildICmp(builder, LLVMIntEQ, special_register(builder, module, only_first[d]),
                          zero, ""),
            "");
    ferry_emit_bulk_row(module, builder, form->bulk_mbarrier, destination_row, source_row,
                        row_bytes, leader, join);
  }
  if (chunks_too) {
    LLVMPositionBuilderAtEnd(builder, chunked);
    LLVMValueRef chunks = LLVMBuildLShr(builder, row_bytes, LLVMConstInt(i64, 4, false), "");
    LLVMValueRef issues = LLVMBuildICmp(builder, LLVMIntULT, tid_x, chunks, "");
    for (int d = 0; d < 2; d++)
      if (only_first[d])
        issues = LLVMBuildAnd(
            builder, issues,
            LLVMBuildICmp(builder, LLVMIntEQ, special_register(builder, module, only_first[d]),
                          zero, ""),
            "");
    LLVMBuildCondBr(builder, issues, issue, join);

    LLVMPositionBuilderAtEnd(builder, issue);
    LLVMValueRef offset = LLVMBuildShl(builder, tid_x, LLVMConstInt(i64, 4, false), "");
    LLVMValueRef args[2] = {
        LLVMBuildGEP2(builder, i8, destination_row, &offset, 1, ""),
        LLVMBuildGEP2(builder, i8, source_row, &offset, 1, ""),
    };
    ferry_call_intrinsic(builder, module, ferry_cp_async_intrinsic(16), args, 2);
    LLVMBuildBr(builder, join);
  }

  LLVMPositionBuilderAtEnd(builder, original);
  emit_plain_copy(builder, context, destination, source, form);
  LLVMBuildBr(builder, join);
}

void ferry_emit_copy(LLVMModuleRef module, LLVMBuilderRef builder, LLVMValueRef before,
                     LLVMValueRef destination, LLVMValueRef source,
                     const struct ferry_copy_form *form, LLVMValueRef guard) {
  LLVMMetadataRef location = LLVMInstructionGetDebugLoc(before);
  if (!guard && !form->collective) {
    LLVMPositionBuilderBefore(builder, before);
    LLVMSetCurrentDebugLocation2(builder, location);
    emit_per_thread(module, builder, destination, source, form->size);
    return;
  }
  LLVMBasicBlockRef head, join;
  LLVMBasicBlockRef body = ferry_open_region(before, "ferry.copy", "ferry.join", &head, &join);
  LLVMPositionBuilderAtEnd(builder, head);
  LLVMSetCurrentDebugLocation2(builder, location);
  if (guard)
    LLVMBuildCondBr(builder, guard, body, join);
  else
    LLVMBuildBr(builder, body);
  LLVMPositionBuilderAtEnd(builder, body);
  if (form->collective && form->linear && form->row_stride > 0 && !form->bulk_mbarrier) {
    emit_linear(module, builder, destination, source, form, join);
  } else if (form->collective) {
    emit_collective(module, builder, destination, source, form, join);
  } else {
    emit_per_thread(module, builder, destination, source, form->size);
    LLVMBuildBr(builder, join);
  }
}

void ferry_emit_commit_and_wait(LLVMModuleRef module, LLVMBuilderRef builder,
                                LLVMValueRef before, unsigned pending) {
  LLVMPositionBuilderBefore(builder, before);
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(before));
  ferry_call_intrinsic(builder, module, "llvm.nvvm.cp.async.commit.group", NULL, 0);
  LLVMValueRef count =
      LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(module)), pending, false);
  ferry_call_intrinsic(builder, module, "llvm.nvvm.cp.async.wait.group", &count, 1);
}
