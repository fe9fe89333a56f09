/* The code of a converted copy. The collective form, for a thread at
 * (tid.x, tid.y, tid.z) copying the element at row offset size*tid.x:
 *
 *   row_dst = dst - size*tid.x;  row_src = src - size*tid.x
 *   row_bytes = ntid.x * size
 *   if ((row_dst | row_src | row_bytes) % 16 == 0 [&& row_bytes <= row_stride]
 *       [&& the row's narrow source indices do not wrap])
 *       [&& isspacep.global(base): a uniform source base not provably global]
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
 * and uniform values (FERRY_COPY_LINEAR_CHUNKS, copy_form.h) take the
 * linear form instead (emit_linear): the chunks of all rows are dealt over
 * the block's linear thread index, so whole warps issue, as hand-written
 * code does. ferry_emit_copy switches on the form's kind. */
#include "copy_emit_chunks.h"

#include "address_space.h"
#include "bridge.h"
#include "bulk_choice.h"
#include "bulk_copy.h"
#include "ir_build.h"
#include "ptx.h"
#include "thread_values.h"

#include <llvm-c/DebugInfo.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static LLVMValueRef special_register(LLVMBuilderRef builder, LLVMModuleRef module,
                                     const char *name) {
  LLVMValueRef value = ferry_call_intrinsic(builder, module, name, NULL, 0);
  return LLVMBuildZExt(builder, value, LLVMInt64TypeInContext(LLVMGetModuleContext(module)), "");
}

/* One cp.async of the element's size, or of 16 bytes (8 or 4 as the
 * alignment allows) after one another for a larger struct copy. A guarded
 * copy passes the bytes to read as the source size (the `.s` intrinsics):
 * where that is 0 nothing is read and the element is filled with zeros. */
static void emit_per_thread(LLVMModuleRef module, LLVMBuilderRef builder,
                            LLVMValueRef destination, LLVMValueRef source,
                            const struct ferry_copy_form *form) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  unsigned piece = ferry_per_thread_piece(form->size, form->align);
  LLVMValueRef to = ferry_pointer_in_space(builder, destination, FERRY_ADDRSPACE_SHARED);
  LLVMValueRef from = ferry_pointer_in_space(builder, source, FERRY_ADDRSPACE_GLOBAL);
  struct ferry_ptx ptx = {module, builder};
  for (unsigned offset = 0; offset < form->size; offset += piece) {
    LLVMValueRef bytes = LLVMConstInt(LLVMInt64TypeInContext(context), offset, false);
    LLVMTypeRef i8 = LLVMInt8TypeInContext(context);
    LLVMValueRef piece_to = offset ? LLVMBuildGEP2(builder, i8, to, &bytes, 1, "") : to;
    LLVMValueRef piece_from = offset ? LLVMBuildGEP2(builder, i8, from, &bytes, 1, "") : from;
    if (form->source_bytes)
      ferry_ptx_cp_async_fill(&ptx, piece_to, piece_from, piece, form->source_bytes);
    else
      ferry_ptx_cp_async(&ptx, piece_to, piece_from, piece, NULL);
  }
}

/* The fallback of a checked form: the copy as written, never converted
 * itself (the function's record says so: copy_record.h). */
static void emit_plain_copy(LLVMBuilderRef builder, LLVMContextRef context,
                            struct ferry_emit_cache *cache, LLVMValueRef destination,
                            LLVMValueRef source, const struct ferry_copy_form *form) {
  LLVMTypeRef element = LLVMIntTypeInContext(context, 8 * form->size);
  LLVMValueRef value = LLVMBuildLoad2(builder, element, source, "");
  LLVMSetAlignment(value, form->align);
  LLVMValueRef store = LLVMBuildStore(builder, value, destination);
  LLVMSetAlignment(store, form->align);
  ferry_copy_record_keep(ferry_emit_cache_record(cache), store, FERRY_KEPT_CHECK_FALLBACK);
}

struct ferry_emit_cache {
  struct ferry_copy_record *record;
  struct cached_chunk {
    LLVMValueRef fn;
    unsigned size;
    int64_t row_stride;
    struct linear_chunk chunk;
  } *entries;
  size_t count;
};

struct ferry_emit_cache *ferry_emit_cache_create(struct ferry_copy_record *record) {
  struct ferry_emit_cache *cache = ferry_xcalloc(1, sizeof *cache);
  cache->record = record;
  return cache;
}

struct ferry_copy_record *ferry_emit_cache_record(struct ferry_emit_cache *cache) {
  return cache->record;
}

void ferry_emit_cache_free(struct ferry_emit_cache *cache) {
  if (cache)
    free(cache->entries);
  free(cache);
}

static struct linear_chunk compute_linear_chunk(LLVMModuleRef module, LLVMValueRef fn,
                                                unsigned size, int64_t row_stride) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context);
  /* A builder of its own: the caller's stays where it is. */
  LLVMBuilderRef builder = LLVMCreateBuilderInContext(context);
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
  /* linear / divisor without a division per thread: the divisor is the
   * block's, so its reciprocal ceil(2^32 / divisor) is too, and the high
   * half of linear times it is the quotient exactly (linear * divisor <
   * 2^32: both are at most 1024). mul.hi is also opaque to the backend's
   * loop strength reduction, which would otherwise see through a udiv and
   * divide again before each loop that deals the chunks. A divisor of 1
   * (reciprocal 2^32) is its own case. */
  LLVMValueRef reciprocal = LLVMBuildAdd(
      builder, LLVMBuildUDiv(builder, LLVMConstInt(i32, 0xffffffffu, false), divisor, ""), one,
      "ferry.chunks.per.row.reciprocal");
  LLVMValueRef product[2] = {linear, reciprocal};
  LLVMValueRef quotient = LLVMBuildSelect(
      builder, LLVMBuildICmp(builder, LLVMIntEQ, divisor, one, ""), linear,
      ferry_call_intrinsic(builder, module, "llvm.nvvm.mulhi.ui", product, 2), "ferry.chunk.row");
  struct linear_chunk chunk = {
      .row = quotient,
      .column = LLVMBuildSub(builder, linear, LLVMBuildMul(builder, quotient, divisor, ""),
                             "ferry.chunk.column"),
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
  chunk.per_row = per_row;
  chunk.rows_per_pass = LLVMBuildMul(builder, ntid_y, LLVMConstInt(i32, 16 / size, false), "");
  chunk.ntid_y32 = ntid_y;
  chunk.ntid_x32 = ntid_x;
  chunk.tid_x = tid_x;
  LLVMValueRef zero = LLVMConstInt(i32, 0, false);
  chunk.first_row_issues = LLVMBuildAnd(
      builder,
      LLVMBuildAnd(builder, LLVMBuildICmp(builder, LLVMIntULT, tid_x, per_row, ""),
                   LLVMBuildICmp(builder, LLVMIntEQ, tid_y, zero, ""), ""),
      plane_0, "ferry.chunk.first.row");
  LLVMDisposeBuilder(builder);
  return chunk;
}

/* The chunk coordinates of fn's copies of one geometry, made once (the
 * division would otherwise be made again for every copy and stage). */
struct linear_chunk ferry_linear_chunk(LLVMModuleRef module, struct ferry_emit_cache *cache,
                                       LLVMValueRef fn, unsigned size, int64_t row_stride) {
  for (size_t i = 0; i < cache->count; i++) {
    const struct cached_chunk *entry = &cache->entries[i];
    if (entry->fn == fn && entry->size == size && entry->row_stride == row_stride)
      return entry->chunk;
  }
  struct linear_chunk chunk = compute_linear_chunk(module, fn, size, row_stride);
  cache->entries = ferry_xrealloc(cache->entries, (cache->count + 1) * sizeof *cache->entries);
  cache->entries[cache->count++] = (struct cached_chunk){fn, size, row_stride, chunk};
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

/* `condition` and, for a source not provably global, that its uniform
 * base is global (the same in every thread: the block takes one branch). */
static LLVMValueRef and_source_global(LLVMModuleRef module, LLVMBuilderRef builder,
                                      const struct ferry_copy_form *form, LLVMValueRef condition) {
  if (!form->global_base)
    return condition;
  LLVMValueRef base = form->global_base;
  LLVMValueRef global =
      ferry_call_intrinsic(builder, module, "llvm.nvvm.isspacep.global", &base, 1);
  return LLVMBuildAnd(builder, condition, global, "ferry.source.global");
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
static void emit_linear(LLVMModuleRef module, LLVMBuilderRef builder,
                        struct ferry_emit_cache *cache, LLVMValueRef destination,
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
  struct linear_chunk chunk = ferry_linear_chunk(module, cache, fn, form->size, form->row_stride);
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
  own_takes = and_source_global(module, builder, form, own_takes);
  LLVMBuildCondBr(builder, own_takes, chunks, original);

  LLVMPositionBuilderAtEnd(builder, original);
  emit_plain_copy(builder, context, cache, destination, source, form);
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
  row_takes = and_source_global(module, builder, form, row_takes);
  LLVMBuildCondBr(builder, row_takes, issue, join);

  LLVMPositionBuilderAtEnd(builder, issue);
  LLVMValueRef offset =
      LLVMBuildShl(builder, LLVMBuildZExt(builder, chunk.column, i64, ""), LLVMConstInt(i64, 4, false), "");
  LLVMValueRef chunk_to = LLVMBuildGEP2(builder, i8, destination_row, &offset, 1, "");
  LLVMValueRef chunk_from = LLVMBuildGEP2(builder, i8, source_row, &offset, 1, "");
  ferry_ptx_cp_async(&(struct ferry_ptx){module, builder}, chunk_to, chunk_from, 16, NULL);
  LLVMBuildBr(builder, join);
}

/* `condition`, and the thread in row 0 along each dimension of
 * `only_first` that is set (the rows that all copy the same range: only
 * the first issues). */
static LLVMValueRef in_first_rows(LLVMBuilderRef builder, LLVMModuleRef module,
                                  LLVMValueRef condition, const char *const only_first[2],
                                  LLVMValueRef zero) {
  for (int d = 0; d < 2; d++)
    if (only_first[d])
      condition = LLVMBuildAnd(
          builder, condition,
          LLVMBuildICmp(builder, LLVMIntEQ, special_register(builder, module, only_first[d]),
                        zero, ""),
          "");
  return condition;
}

/* At the builder's position, in a block of its own; ends in branches to join. */
static void emit_collective(LLVMModuleRef module, LLVMBuilderRef builder,
                            struct ferry_emit_cache *cache, LLVMValueRef destination,
                            LLVMValueRef source, const struct ferry_copy_form *form,
                            LLVMBasicBlockRef join) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(context);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(context);
  LLVMValueRef zero = LLVMConstInt(i64, 0, false);
  /* aligned: bulk (FERRY_COPY_BULK_ROWS), chunked (FERRY_COPY_CHUNKS), or
   * a choice of the two by the row's size (FERRY_COPY_BULK_LARGE_ROWS) */
  bool chunks_too = form->kind != FERRY_COPY_BULK_ROWS;
  LLVMBasicBlockRef size_choice =
      form->kind == FERRY_COPY_BULK_LARGE_ROWS
          ? LLVMInsertBasicBlockInContext(context, join, "ferry.copy.size")
          : NULL;
  LLVMBasicBlockRef bulk =
      ferry_copy_form_waits_on_mbarrier(form)
          ? LLVMInsertBasicBlockInContext(context, join, "ferry.copy.bulk")
          : NULL;
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
  aligned = and_source_global(module, builder, form, aligned);
  LLVMBuildCondBr(builder, aligned, size_choice ? size_choice : bulk ? bulk : chunked, original);

  const char *only_first[2] = {form->row_stride ? NULL : "llvm.nvvm.read.ptx.sreg.tid.y",
                               "llvm.nvvm.read.ptx.sreg.tid.z"};
  if (size_choice) {
    LLVMPositionBuilderAtEnd(builder, size_choice);
    LLVMValueRef large =
        LLVMBuildICmp(builder, LLVMIntUGE, row_bytes,
                      LLVMConstInt(i64, FERRY_BULK_MIN_BYTES, false), "ferry.row.large");
    LLVMBuildCondBr(builder, large, bulk, chunked);
  }
  if (bulk) {
    /* The row's first thread (row 0's, when all rows are the same). */
    LLVMPositionBuilderAtEnd(builder, bulk);
    LLVMValueRef leader =
        in_first_rows(builder, module, LLVMBuildICmp(builder, LLVMIntEQ, tid_x, zero, ""),
                      only_first, zero);
    ferry_emit_bulk_row(module, builder, form->bulk_mbarrier, destination_row, source_row,
                        row_bytes, leader, join);
  }
  if (chunks_too) {
    LLVMPositionBuilderAtEnd(builder, chunked);
    LLVMValueRef chunks = LLVMBuildLShr(builder, row_bytes, LLVMConstInt(i64, 4, false), "");
    LLVMValueRef issues =
        in_first_rows(builder, module, LLVMBuildICmp(builder, LLVMIntULT, tid_x, chunks, ""),
                      only_first, zero);
    LLVMBuildCondBr(builder, issues, issue, join);

    LLVMPositionBuilderAtEnd(builder, issue);
    LLVMValueRef offset = LLVMBuildShl(builder, tid_x, LLVMConstInt(i64, 4, false), "");
    LLVMValueRef chunk_to = LLVMBuildGEP2(builder, i8, destination_row, &offset, 1, "");
    LLVMValueRef chunk_from = LLVMBuildGEP2(builder, i8, source_row, &offset, 1, "");
    ferry_ptx_cp_async(&(struct ferry_ptx){module, builder}, chunk_to, chunk_from, 16, NULL);
    LLVMBuildBr(builder, join);
  }

  LLVMPositionBuilderAtEnd(builder, original);
  emit_plain_copy(builder, context, cache, destination, source, form);
  LLVMBuildBr(builder, join);
}

void ferry_emit_copy(LLVMModuleRef module, LLVMBuilderRef builder, struct ferry_emit_cache *cache,
                     LLVMValueRef before, LLVMValueRef destination, LLVMValueRef source,
                     const struct ferry_copy_form *form, LLVMValueRef guard) {
  LLVMMetadataRef location = LLVMInstructionGetDebugLoc(before);
  if (!guard && form->kind == FERRY_COPY_PER_THREAD) {
    LLVMPositionBuilderBefore(builder, before);
    LLVMSetCurrentDebugLocation2(builder, location);
    emit_per_thread(module, builder, destination, source, form);
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
  switch (form->kind) {
  case FERRY_COPY_PER_THREAD:
    emit_per_thread(module, builder, destination, source, form);
    LLVMBuildBr(builder, join);
    return;
  case FERRY_COPY_LINEAR_CHUNKS:
    emit_linear(module, builder, cache, destination, source, form, join);
    return;
  case FERRY_COPY_CHUNKS:
  case FERRY_COPY_BULK_ROWS:
  case FERRY_COPY_BULK_LARGE_ROWS:
    emit_collective(module, builder, cache, destination, source, form, join);
    return;
  }
}

void ferry_emit_commit_and_wait(LLVMModuleRef module, LLVMBuilderRef builder,
                                LLVMValueRef before, unsigned pending) {
  LLVMPositionBuilderBefore(builder, before);
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(before));
  struct ferry_ptx ptx = {module, builder};
  ferry_ptx_commit_group(&ptx);
  ferry_ptx_wait_group(&ptx, pending);
}
