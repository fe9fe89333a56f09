/* A call to one of ferry's memcpy_async intrinsics
 * (intrinsics/ferry_memcpy_async.h), taken apart: which form it is and
 * which operand is which. */
#ifndef FERRY_PASSES_LOWER_CALL_H
#define FERRY_PASSES_LOWER_CALL_H

#include <llvm-c/Core.h>
#include <stdbool.h>

enum ferry_lower_sync {
  FERRY_SYNC_BARRIER,         /* ferry_barrier_t *: the copy holds back its phase */
  FERRY_SYNC_PIPELINE,        /* ferry_pipeline_t *: producer_commit binds the copy */
  FERRY_SYNC_THREAD_PIPELINE, /* ferry_thread_pipeline_t *: commit_group binds it */
};

struct ferry_lower_call {
  LLVMValueRef call;
  const char *name;         /* the intrinsic's C name, for messages */
  enum ferry_lower_sync sync;
  bool group;               /* a group form: `group_handle` is set */
  bool bulk_only;           /* the _bulk form: TMA or a compile error */
  bool aligned;             /* an _aligned form: `alignment` is set */
  bool annotated;           /* an _annotated form: the properties are set */
  LLVMValueRef group_handle;          /* ferry_group_t (i64) */
  LLVMValueRef destination;           /* ptr */
  LLVMValueRef destination_property;  /* ferry_access_property_t, as passed */
  LLVMValueRef source;                /* ptr */
  LLVMValueRef source_property;
  LLVMValueRef size;                  /* i64 */
  LLVMValueRef alignment;             /* i64 */
  LLVMValueRef sync_object;           /* ptr to the barrier or pipeline */
};

/* Fills `out` for a well-formed call; otherwise writes why into `reason`
 * and returns false (an unknown name, or a declaration whose parameters do
 * not match the header's). */
bool ferry_lower_parse_call(LLVMValueRef call, struct ferry_lower_call *out, char *reason,
                            unsigned reason_size);

#endif
