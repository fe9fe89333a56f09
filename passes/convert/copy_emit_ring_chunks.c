/* The chunks of a ring's collective copies where a check before the loop
 * proved every iteration's rows fit (pipeline_version.c): no check and no
 * fallback, so apart from copy_emit.c's checked forms. */
#include "copy_emit_chunks.h"

#include "address_space.h"
#include "bridge.h"
#include "ir_build.h"
#include "ptx.h"
#include "thread_values.h"

#include <llvm-c/DebugInfo.h>

/* The form of a ring whose rows a check before the loop proved fit for
 * chunks in every iteration (pipeline_version.c): no check and no fallback.
 * Rows of tid.y deal their chunks over the block's linear thread index, as
 * emit_linear does; a copy that is the same in every row has row 0's first
 * chunks_per_row threads issue. A chunk's address is then row 0's address
 * in this iteration (dst(0,0), src(0,0)) plus the thread's own offset,
 * which is the same in every iteration and slot (the addresses are affine in
 * the row and the iteration, with no term of both) and computed once
 * (ferry_chunk_offsets). Copies of one geometry (element size, rows or
 * not) share the loop:
 *
 *   for (row = chunk.row; row < ntid.y; row += rows_per_pass)   (rows)
 *     for each copy: cp.async.cg 16 (dst(0,0) + offset.dst, src(0,0) + offset.src)
 *                    offset += offset.pass
 *   for (column = tid.x; column < chunks_per_row; column += ntid.x)   (one row)
 *     the same
 *
 * A block has at least as many threads as chunks, so each loop runs at most
 * once; the issue is that loop, or one branch and the copies' chunks, as
 * hand-written code has it (the ring's rewrite chooses: pipeline.c,
 * chunk_branch). ptxas turns a short branch around the issue into
 * a predicated LDGSTS that every warp then executes, and where the compute
 * is bound by shared-memory traffic those cost: a 16x16-tile SGEMM built
 * by clang with two stages of 16-byte chunks ran 16.42 ms with the branch,
 * 14.50 ms with the loop (H100; nvcc's own build keeps its branch, 14.42
 * ms). */
struct ferry_chunk ferry_chunk_offsets(LLVMModuleRef module, LLVMBuilderRef builder,
                                       struct ferry_emit_cache *cache, LLVMValueRef destination,
                                       LLVMValueRef source, const struct ferry_copy_form *form) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context), i64 = LLVMInt64TypeInContext(context);
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(builder));
  struct linear_chunk chunk = ferry_linear_chunk(module, cache, fn, form->size, form->row_stride);
  bool rows = form->row_stride > 0;
  LLVMValueRef zero = LLVMConstInt(i32, 0, false), one = LLVMConstInt(i32, 1, false);
  LLVMValueRef row = rows ? chunk.row : zero, column = rows ? chunk.column : chunk.tid_x;
  LLVMValueRef column_bytes =
      LLVMBuildShl(builder, LLVMBuildZExt(builder, column, i64, ""), LLVMConstInt(i64, 4, false), "");
  struct ferry_chunk offsets;
  LLVMValueRef *offset[2] = {&offsets.destination, &offsets.source};
  LLVMValueRef *pass[2] = {&offsets.destination_pass, &offsets.source_pass};
  LLVMValueRef pointers[2] = {destination, source};
  unsigned spaces[2] = {FERRY_ADDRSPACE_SHARED, FERRY_ADDRSPACE_GLOBAL};
  for (int side = 0; side < 2; side++) {
    /* Rows that no thread issues (row >= ntid.y) may compute poison: frozen. */
    LLVMValueRef at[3];
    LLVMValueRef for_rows[3] = {zero, row, one};
    for (int r = 0; rows && r < 3; r++) {
      struct ferry_map made = {0}; /* one row's clones */
      at[r] = LLVMBuildPtrToInt(
          builder,
          ferry_pointer_in_space(builder,
                                 ferry_value_for_thread(builder, pointers[side], zero, for_rows[r], &made),
                                 spaces[side]),
          i64, "");
      ferry_map_free(&made);
    }
    LLVMValueRef from_row_0 = rows ? LLVMBuildFreeze(builder, LLVMBuildSub(builder, at[1], at[0], ""), "")
                                   : LLVMConstInt(i64, 0, false);
    *offset[side] = LLVMBuildAdd(builder, from_row_0, column_bytes, "ferry.chunk.offset");
    *pass[side] =
        rows ? LLVMBuildMul(builder,
                            LLVMBuildFreeze(builder, LLVMBuildSub(builder, at[2], at[0], ""), ""),
                            LLVMBuildZExt(builder, chunk.rows_per_pass, i64, ""), "")
             : LLVMBuildShl(builder, LLVMBuildZExt(builder, chunk.ntid_x32, i64, ""),
                            LLVMConstInt(i64, 4, false), "");
  }
  return offsets;
}

LLVMValueRef ferry_chunk_address(LLVMBuilderRef builder, LLVMValueRef pointer, unsigned space,
                                 LLVMValueRef offset) {
  LLVMContextRef context = LLVMGetTypeContext(LLVMTypeOf(pointer));
  LLVMValueRef zero = LLVMConstInt(LLVMInt32TypeInContext(context), 0, false);
  struct ferry_map made = {0};
  LLVMValueRef row_0 = ferry_pointer_in_space(
      builder, ferry_value_for_thread(builder, pointer, zero, zero, &made), space);
  ferry_map_free(&made);
  return LLVMBuildGEP2(builder, LLVMInt8TypeInContext(context), row_0, &offset, 1,
                       "ferry.chunk.address");
}

void ferry_emit_unchecked_chunks(LLVMModuleRef module, LLVMBuilderRef builder,
                                 struct ferry_emit_cache *cache, LLVMValueRef before,
                                 const struct ferry_chunk *chunks, size_t count,
                                 const struct ferry_copy_form *form, bool looped,
                                 LLVMValueRef guard) {
  LLVMContextRef context = LLVMGetModuleContext(module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(context), i64 = LLVMInt64TypeInContext(context);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(context);
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(before));
  if (guard) {
    struct linear_chunk chunk = ferry_linear_chunk(module, cache, fn, form->size, form->row_stride);
    LLVMPositionBuilderBefore(builder, before);
    LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(before));
    LLVMValueRef issues = LLVMBuildAnd(
        builder, guard, form->row_stride > 0 ? chunk.issues : chunk.first_row_issues,
        "ferry.chunk.issues");
    for (size_t c = 0; c < count; c++)
      ferry_ptx_cp_async_if(&(struct ferry_ptx){module, builder}, chunks[c].destination,
                            chunks[c].source, 16, issues);
    return;
  }
  LLVMBasicBlockRef enter, join;
  LLVMBasicBlockRef issue = ferry_open_region(before, "ferry.copy.chunk", "ferry.join", &enter, &join);
  LLVMPositionBuilderAtEnd(builder, enter);
  LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(before));
  struct linear_chunk chunk = ferry_linear_chunk(module, cache, fn, form->size, form->row_stride);
  bool rows = form->row_stride > 0;
  LLVMBuildCondBr(builder, rows ? chunk.issues : chunk.first_row_issues, issue, join);

  LLVMPositionBuilderAtEnd(builder, issue);
  if (!looped) { /* the loop's one pass */
    for (size_t c = 0; c < count; c++)
      ferry_ptx_cp_async(&(struct ferry_ptx){module, builder}, chunks[c].destination,
                         chunks[c].source, 16, NULL);
    LLVMBuildBr(builder, join);
    return;
  }
  LLVMValueRef at = LLVMBuildPhi(builder, i32, rows ? "ferry.chunk.row.at" : "ferry.chunk.column.at");
  LLVMValueRef passed[2][FERRY_MAX_GROUPED_COPIES]; /* bytes past the first chunk */
  for (size_t c = 0; c < count; c++)
    for (int side = 0; side < 2; side++)
      passed[side][c] = LLVMBuildPhi(builder, i64, "ferry.chunk.passed");
  for (size_t c = 0; c < count; c++) {
    LLVMValueRef chunk_to = LLVMBuildGEP2(builder, i8, chunks[c].destination, &passed[0][c], 1, "");
    LLVMValueRef chunk_from = LLVMBuildGEP2(builder, i8, chunks[c].source, &passed[1][c], 1, "");
    ferry_ptx_cp_async(&(struct ferry_ptx){module, builder}, chunk_to, chunk_from, 16, NULL);
  }
  LLVMValueRef next = LLVMBuildAdd(builder, at, rows ? chunk.rows_per_pass : chunk.ntid_x32, "");
  LLVMBasicBlockRef from[2] = {enter, issue};
  LLVMValueRef incoming[2] = {rows ? chunk.row : chunk.tid_x, next};
  LLVMAddIncoming(at, incoming, from, 2);
  for (size_t c = 0; c < count; c++) {
    LLVMValueRef pass[2] = {chunks[c].destination_pass, chunks[c].source_pass};
    for (int side = 0; side < 2; side++) {
      LLVMValueRef values[2] = {LLVMConstInt(i64, 0, false),
                                LLVMBuildAdd(builder, passed[side][c], pass[side], "")};
      LLVMAddIncoming(passed[side][c], values, from, 2);
    }
  }
  LLVMValueRef bound = rows ? chunk.ntid_y32 : chunk.per_row;
  LLVMBuildCondBr(builder, LLVMBuildICmp(builder, LLVMIntULT, next, bound, ""), issue, join);
}
