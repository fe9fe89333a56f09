/* ferry-lower's compile-time checks (see lower_check.h). Every message
 * names the intrinsic, says what is wrong with the value it saw, and ends
 * with how to fix it. Facts that are merely unknown are never errors: the
 * emitted code then checks at run time. */
#include "lower_check.h"

#include "address_space.h"
#include "lower_facts.h"
#include "target.h"

#include <stdio.h>

static unsigned larger(unsigned a, unsigned b) { return a > b ? a : b; }
static unsigned smaller(unsigned a, unsigned b) { return a < b ? a : b; }
static bool is_power_of_two(uint64_t value) { return value && !(value & (value - 1)); }

/* Where the copy could be a cp.async but never a bulk copy, a promise
 * above cp.async's widest chunk is a mistake. */
static bool copy_would_be_cp_async(const struct ferry_lower_call *call, struct ferry_target target) {
  if (call->bulk_only || !ferry_target_has_cp_async(target))
    return false;
  return !ferry_target_has_bulk_copy(target) || call->sync == FERRY_SYNC_THREAD_PIPELINE;
}

static bool check_promise(const struct ferry_lower_call *call, struct ferry_target target, uint64_t *promise,
                          char *message, size_t size) {
  if (!ferry_constant_value(call->alignment, promise)) {
    snprintf(message, size,
             "%s: the alignment promise must be a compile-time constant, as cuda::aligned_size_t<A>'s A is; "
             "write the number (such as 16), or call the form without _aligned and let the alignment be "
             "checked at run time",
             call->name);
    return false;
  }
  if (*promise == 0 || !is_power_of_two(*promise)) {
    snprintf(message, size,
             "%s: the alignment promise must be a power of two, but it is %llu; promise the largest power "
             "of two that divides both addresses and the size (such as 4, 8 or 16)",
             call->name, (unsigned long long)*promise);
    return false;
  }
  if (*promise > 16 && copy_would_be_cp_async(call, target)) {
    snprintf(message, size,
             "%s: the alignment promise %llu exceeds 16, the widest cp.async this target has; promise 16 "
             "(a larger alignment buys nothing on sm_%u)",
             call->name, (unsigned long long)*promise, target.sm);
    return false;
  }
  if (call->bulk_only && *promise < 16) {
    snprintf(message, size,
             "%s: the TMA copy needs 16-byte alignment, but only %llu is promised; promise 16 if it holds, "
             "or call ferry_memcpy_async, which handles any alignment",
             call->name, (unsigned long long)*promise);
    return false;
  }
  uint64_t constant_size;
  if (ferry_constant_value(call->size, &constant_size) && constant_size % *promise) {
    snprintf(message, size,
             "%s: the size %llu is not a multiple of the promised alignment %llu; promise an alignment "
             "that divides the size, or drop _aligned",
             call->name, (unsigned long long)constant_size, (unsigned long long)*promise);
    return false;
  }
  return true;
}

static bool check_barrier_space(const struct ferry_lower_call *call, enum ferry_space space, char *message,
                                size_t size) {
  if (space == FERRY_SPACE_UNKNOWN || space == FERRY_SPACE_SHARED)
    return true;
  snprintf(message, size,
           "%s: the barrier must be in shared memory, but it is in %s memory; declare it __shared__ "
           "(FERRY_SHARED in plain C) and initialise it with ferry_barrier_init",
           call->name, ferry_space_name(space));
  return false;
}

static bool check_bulk_form(const struct ferry_lower_call *call, const struct ferry_lower_facts *facts,
                            char *message, size_t size) {
  if (!ferry_target_has_bulk_copy(facts->target)) {
    snprintf(message, size,
             "%s: the TMA copy (cp.async.bulk) needs sm_90 or newer, but this is compiled for sm_%u; "
             "compile for sm_90a, or call ferry_memcpy_async, which uses cp.async or a plain copy here",
             call->name, facts->target.sm);
    return false;
  }
  if (facts->source_space != FERRY_SPACE_UNKNOWN && facts->source_space != FERRY_SPACE_GLOBAL) {
    snprintf(message, size,
             "%s: the TMA copy reads global memory, but the source is in %s memory; copy from a global "
             "pointer, or call ferry_memcpy_async, which copies other memory synchronously",
             call->name, ferry_space_name((enum ferry_space)facts->source_space));
    return false;
  }
  if (facts->destination_space != FERRY_SPACE_UNKNOWN && facts->destination_space != FERRY_SPACE_SHARED) {
    snprintf(message, size,
             "%s: the TMA copy writes shared memory, but the destination is in %s memory; copy into a "
             "__shared__ buffer, or call ferry_memcpy_async",
             call->name, ferry_space_name((enum ferry_space)facts->destination_space));
    return false;
  }
  uint64_t constant_size;
  if (ferry_constant_value(call->size, &constant_size) &&
      (constant_size % 16 || constant_size >= (1u << 20))) {
    snprintf(message, size,
             "%s: the TMA copy's size must be a multiple of 16 below 1 MiB, but it is %llu; round the "
             "buffer up to 16 bytes (or split it), or call ferry_memcpy_async",
             call->name, (unsigned long long)constant_size);
    return false;
  }
  return true;
}

bool ferry_lower_check(LLVMModuleRef module, const struct ferry_lower_call *call,
                       struct ferry_lower_facts *facts, char *message, size_t size) {
  LLVMValueRef function = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call->call));
  facts->target = ferry_function_target(function);
  facts->destination_space = ferry_infer_space(call->destination);
  facts->source_space = ferry_infer_space(call->source);
  facts->barrier_space = call->sync == FERRY_SYNC_BARRIER ? ferry_infer_space(call->sync_object)
                                                          : FERRY_SPACE_SHARED;
  facts->alignment = smaller(ferry_known_pointer_alignment(module, call->destination),
                             ferry_known_pointer_alignment(module, call->source));
  facts->size_multiple = ferry_known_multiple(call->size);

  if (call->aligned) {
    uint64_t promise;
    if (!check_promise(call, facts->target, &promise, message, size))
      return false;
    unsigned promised = promise > 16 ? 16 : (unsigned)promise;
    facts->alignment = larger(facts->alignment, promised);
    facts->size_multiple = larger(facts->size_multiple, promised);
  }
  if (call->sync == FERRY_SYNC_BARRIER &&
      !check_barrier_space(call, (enum ferry_space)facts->barrier_space, message, size))
    return false;
  if (call->bulk_only && !check_bulk_form(call, facts, message, size))
    return false;
  return true;
}
