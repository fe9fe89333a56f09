/* What ferry_pipeline_check found and ferry_pipeline_apply needs: private
 * to pipeline_check.c and pipeline.c. */
#ifndef FERRY_PASSES_PIPELINE_PLAN_H
#define FERRY_PASSES_PIPELINE_PLAN_H

#include "ir_build.h"
#include "pipeline.h"
#include "util.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* Stages: chosen up to AUTO_STAGES, forced (-ferry-stages) up to MAX_STAGES.
 * Sixteen 1 KiB stages measured best on an H100 (bench/: 83/96/93/92% of
 * the copy roof at 1/2/4/8 blocks per SM, against 70/87/91/93% with 8). */
enum { MAX_COPIES = 8, AUTO_STAGES = 16, MAX_STAGES = 16, RING_BUDGET = 16 * 1024,
       STATIC_LIMIT = 48 * 1024, BLOCK_RESERVE = 1024 };

struct ring {
  LLVMValueRef buffer;       /* the original array */
  LLVMTypeRef type;          /* its value type */
  unsigned align;
  /* An extern __shared__ array: no new global, the slots lie
   * stage_bytes apart inside the dynamic shared memory. */
  bool dynamic;
  unsigned long long stage_bytes; /* one slot: the type's size, or the bounded extent */
  LLVMValueRef ring;         /* [S x type], made by apply; NULL when dynamic */
  LLVMValueRef compute_slot; /* slot i mod S, made by apply */
  LLVMValueRef issue_slot;   /* slot (i+S-1) mod S, made by apply */
};

/* A load of a replaced array, to read this iteration's slot instead. */
struct rebased_use {
  LLVMValueRef load;
  size_t ring;
};

struct ferry_pipeline {
  unsigned stages;
  char stage_reason[256];   /* why that many, for the remark */
  unsigned long long dynamic_bytes; /* the kernel's dynamic_shared hint, when a ring is dynamic */
  LLVMBasicBlockRef header;
  LLVMValueRef preheader_branch;
  LLVMValueRef latch_branch;
  LLVMBasicBlockRef exit;
  LLVMValueRef barrier;
  LLVMValueRef iv;           /* the counting phi */
  LLVMValueRef iv_start;
  LLVMValueRef bound;
  int64_t step;              /* of iv: 1, or more with a < or <= test of 32 bits or less */
  LLVMIntPredicate continue_while; /* LLVMIntNE (step 1), LLVMIntULT, SLT, ULE or SLE */
  struct ring rings[MAX_COPIES];
  size_t ring_count;
  struct ferry_pipeline_copy copies[MAX_COPIES];
  size_t ring_of_copy[MAX_COPIES];
  size_t count;
  struct ferry_vec rebased;  /* struct rebased_use * */
  struct ferry_vec chains;   /* GEP/cast instructions between a buffer and its uses */
  struct ferry_map cone;     /* loop instructions sources depend on -> 1 */
  struct ferry_map steps;    /* induction phi -> constant step */
  struct ferry_map step_values; /* induction phi -> loop-invariant step value */
  struct ferry_map starts;   /* induction phi -> start value */
};

static inline bool pipeline_in_loop(const struct ferry_loop *loop, LLVMValueRef value) {
  return LLVMIsAInstruction(value) &&
         ferry_loop_contains(loop, LLVMGetInstructionParent(value));
}

static inline bool pipeline_forwards_pointer(LLVMValueRef value) {
  LLVMOpcode opcode = ferry_opcode_of(value);
  return opcode == LLVMGetElementPtr || opcode == LLVMAddrSpaceCast || opcode == LLVMBitCast;
}

#endif
