/* Taking a memcpy_async intrinsic call apart. The name says the form:
 *   ferry_memcpy_async[_group][_pipeline|_thread_pipeline|_bulk][_aligned][_annotated]
 * and the form says the operands, in the header's order:
 *   [group,] destination, [destination_property,] source, [source_property,]
 *   size, [alignment,] sync
 * A property passed by value may reach the IR as the struct itself, as its
 * i64, or as a pointer to a byval copy (what clang does for nvptx64), so the
 * count of operands is checked but their types are read where used. Names
 * that start with the prefix but match no form are rejected rather than left
 * to fail at link time. */
#include "lower_call.h"

#include <stdio.h>
#include <string.h>

static const char intrinsic_prefix[] = "ferry_memcpy_async";

static const char *callee_name(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee))
    return NULL;
  size_t length;
  return LLVMGetValueName2(callee, &length);
}

/* Consumes `token` at *cursor if it is there. */
static bool take(const char **cursor, const char *token) {
  size_t length = strlen(token);
  if (strncmp(*cursor, token, length) != 0)
    return false;
  *cursor += length;
  return true;
}

static bool parse_name(const char *name, struct ferry_lower_call *out) {
  const char *cursor = name + sizeof intrinsic_prefix - 1;
  out->group = take(&cursor, "_group");
  out->sync = FERRY_SYNC_BARRIER;
  if (take(&cursor, "_pipeline"))
    out->sync = FERRY_SYNC_PIPELINE;
  else if (!out->group && take(&cursor, "_thread_pipeline"))
    out->sync = FERRY_SYNC_THREAD_PIPELINE;
  else if (take(&cursor, "_bulk"))
    out->bulk_only = true;
  out->aligned = take(&cursor, "_aligned");
  out->annotated = take(&cursor, "_annotated");
  return *cursor == '\0';
}

bool ferry_lower_parse_call(LLVMValueRef call, struct ferry_lower_call *out, char *reason,
                            unsigned reason_size) {
  memset(out, 0, sizeof *out);
  out->call = call;
  out->name = callee_name(call);
  if (!out->name || !parse_name(out->name, out)) {
    snprintf(reason, reason_size,
             "%s is not one of ferry's memcpy_async intrinsics; use a name declared in "
             "ferry_memcpy_async.h (ferry_memcpy_async[_group][_pipeline|_thread_pipeline|_bulk]"
             "[_aligned][_annotated])",
             out->name ? out->name : "the callee");
    return false;
  }
  unsigned expected = 4 + out->group + (out->annotated ? 2 : 0) + out->aligned;
  unsigned actual = (unsigned)LLVMGetNumArgOperands(call);
  if (actual != expected) {
    snprintf(reason, reason_size,
             "%s takes %u arguments but is called with %u; include ferry_memcpy_async.h instead of "
             "declaring it yourself",
             out->name, expected, actual);
    return false;
  }
  unsigned next = 0;
  if (out->group)
    out->group_handle = LLVMGetOperand(call, next++);
  out->destination = LLVMGetOperand(call, next++);
  if (out->annotated)
    out->destination_property = LLVMGetOperand(call, next++);
  out->source = LLVMGetOperand(call, next++);
  if (out->annotated)
    out->source_property = LLVMGetOperand(call, next++);
  out->size = LLVMGetOperand(call, next++);
  if (out->aligned)
    out->alignment = LLVMGetOperand(call, next++);
  out->sync_object = LLVMGetOperand(call, next++);

  LLVMTypeRef pointer_kind_checks[] = {LLVMTypeOf(out->destination), LLVMTypeOf(out->source),
                                       LLVMTypeOf(out->sync_object)};
  for (unsigned i = 0; i < 3; i++)
    if (LLVMGetTypeKind(pointer_kind_checks[i]) != LLVMPointerTypeKind) {
      snprintf(reason, reason_size,
               "%s: the destination, source and sync object must be pointers; include "
               "ferry_memcpy_async.h instead of declaring it yourself",
               out->name);
      return false;
    }
  if (LLVMGetTypeKind(LLVMTypeOf(out->size)) != LLVMIntegerTypeKind ||
      (out->aligned && LLVMGetTypeKind(LLVMTypeOf(out->alignment)) != LLVMIntegerTypeKind) ||
      (out->group && LLVMGetTypeKind(LLVMTypeOf(out->group_handle)) != LLVMIntegerTypeKind)) {
    snprintf(reason, reason_size,
             "%s: the size, alignment and group must be integers; include ferry_memcpy_async.h "
             "instead of declaring it yourself",
             out->name);
    return false;
  }
  return true;
}
