/* ferry-lower: replaces every call to ferry's memcpy_async intrinsics
 * (intrinsics/ferry_memcpy_async.h) with the copy itself.
 *
 * Matches: calls to the bodiless functions ferry_memcpy_async*, in device
 * modules. Emits (lower_emit.c): cp.async.bulk + expect_tx on sm_90 where
 * the barrier, spaces, alignment and size allow; cp.async of 16/8/4 bytes
 * split across the group on sm_80; a synchronous copy otherwise; run-time
 * checks where the facts are not known at compile time. Refuses
 * (lower_check.c): misuse known at compile time, as a compile error at the
 * call's source location that says how to fix it. No call survives: a call
 * that cannot be lowered is an error, and the declarations are removed.
 *
 * It runs first, before the optimizer, at every -O level: the runtime is
 * linked before this pass, so the lowered code uses instructions only, and
 * the optimizer then folds the run-time checks that known bits settle. */
#include "bridge.h"
#include "ferry.h"
#include "kernel_options.h"
#include "lower_call.h"
#include "lower_check.h"
#include "lower_emit.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static bool is_intrinsic_declaration(LLVMValueRef function) {
  size_t length;
  const char *name = LLVMGetValueName2(function, &length);
  return LLVMIsDeclaration(function) && strncmp(name, "ferry_memcpy_async", 18) == 0;
}

static void collect_calls(LLVMModuleRef module, struct ferry_vec *calls) {
  for (LLVMValueRef function = LLVMGetFirstFunction(module); function; function = LLVMGetNextFunction(function)) {
    if (!is_intrinsic_declaration(function))
      continue;
    for (LLVMUseRef use = LLVMGetFirstUse(function); use; use = LLVMGetNextUse(use)) {
      LLVMValueRef user = LLVMGetUser(use);
      if (LLVMIsACallInst(user) && LLVMGetCalledValue(user) == function)
        ferry_vec_push_unique(calls, user);
    }
  }
}

static void append(char *text, size_t size, const char *format, const char *a, const char *b) {
  size_t used = strlen(text);
  if (used < size)
    snprintf(text + used, size - used, format, a, b);
}

/* "ferry_memcpy_async lowered to cp.async.bulk (where a run-time check
 * allows); else 16/8/4-byte cp.async (...); else a synchronous copy". */
static void describe(const struct ferry_lower_call *call, const struct ferry_lower_outcome *outcome, char *text,
                     size_t size) {
  static const char checked[] = " (where a run-time check allows)";
  snprintf(text, size, "%s lowered to ", call->name);
  const char *separator = "";
  if (outcome->bulk) {
    append(text, size, "%scp.async.bulk%s", separator, outcome->bulk_checked ? checked : "");
    separator = "; else ";
  }
  if (outcome->async) {
    char widths[16] = "";
    static const unsigned each[] = {16, 8, 4};
    for (unsigned i = 0; i < 3; i++)
      if (outcome->async_widths & each[i])
        snprintf(widths + strlen(widths), sizeof widths - strlen(widths), "%s%u", widths[0] ? "/" : "",
                 each[i]);
    append(text, size, "%s%s-byte cp.async", separator, widths);
    append(text, size, "%s%s", outcome->async_checked ? checked : "", "");
    separator = "; else ";
  }
  if (outcome->synchronous)
    append(text, size, "%s%s", separator, "a synchronous copy");
}

static void lower_call(LLVMModuleRef module, LLVMValueRef instruction) {
  struct ferry_lower_call call;
  struct ferry_lower_facts facts = {0};
  char message[FERRY_MESSAGE_SIZE];
  if (!ferry_lower_parse_call(instruction, &call, message, sizeof message) ||
      !ferry_lower_check(module, &call, &facts, message, sizeof message)) {
    ferry_error(instruction, message);
    LLVMInstructionEraseFromParent(instruction);
    return;
  }
  struct ferry_lower_outcome outcome = ferry_lower_emit(module, &call, &facts);
  describe(&call, &outcome, message, sizeof message);
  ferry_remark(FERRY_REMARK_PASSED, instruction, "MemcpyAsyncLowered", message);
  LLVMInstructionEraseFromParent(instruction);
}

/* An intrinsic whose address is taken (stored, passed, called through a
 * pointer) has no body to reach: say so where the address is taken, rather
 * than let the linker report an undefined symbol. */
static void report_address_taken(LLVMValueRef function) {
  for (LLVMUseRef use = LLVMGetFirstUse(function); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (!LLVMIsAInstruction(user))
      continue;
    char message[FERRY_MESSAGE_SIZE];
    size_t length;
    const char *name = LLVMGetValueName2(function, &length);
    snprintf(message, sizeof message,
             "%.*s is replaced at each call by the copy itself and has no address; call it "
             "directly instead of through a pointer",
             (int)length, name);
    ferry_error(user, message);
    return;
  }
}

/* Declarations left without calls (or only ever declared) go, so that no
 * reference to them reaches the linker; one still used otherwise is an
 * error. */
static void erase_unused_declarations(LLVMModuleRef module) {
  LLVMValueRef function = LLVMGetFirstFunction(module);
  while (function) {
    LLVMValueRef next = LLVMGetNextFunction(function);
    if (is_intrinsic_declaration(function)) {
      if (!LLVMGetFirstUse(function))
        LLVMDeleteFunction(function);
      else
        report_address_taken(function);
    }
    function = next;
  }
}

bool ferry_lower_run(LLVMModuleRef module) {
  if (!ferry_is_device_module(module))
    return false;
  bool checked = ferry_check_kernel_options(module);
  struct ferry_vec calls = {0};
  collect_calls(module, &calls);
  for (size_t i = 0; i < calls.count; i++)
    lower_call(module, calls.items[i]);
  bool changed = checked || calls.count > 0;
  ferry_vec_free(&calls);
  erase_unused_declarations(module);
  return changed;
}
