/* ferry-check-runtime-calls: the runtime's preconditions, checked at compile
 * time where the arguments are constants.
 *
 * The runtime (runtime/include/ferry/) traps on a broken precondition when
 * the caller is built with -DFERRY_DEBUG. A constant argument needs no run
 * to be found wrong, so this pass looks at every call to a runtime function
 * (plain, or the _checked wrapper that -DFERRY_DEBUG substitutes) and
 * reports a compile error at the call's source location for
 *   - a probability outside (0, 1]            (ferry_access_property_interleaved)
 *   - leading_bytes 0, leading > total, total > 4 GiB (ferry_access_property_range)
 *   - a pointer provably not global memory    (range, loads, stores, apply,
 *                                              associate, discard)
 *   - a barrier provably not in shared memory, an expected count of 0 or
 *     beyond the mbarrier's 2^20 - 1          (ferry_barrier_init)
 * An argument that is not a constant, or a pointer whose space is unknown,
 * is left to the run-time check. The pass changes nothing (but for the
 * mark that the first ferry pass to run leaves after kernel_options.c's
 * check); it runs before the optimizer inlines the runtime into its
 * callers. */
#include "address_space.h"
#include "bridge.h"
#include "ferry.h"
#include "kernel_options.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

enum argument_rule {
  RULE_NONE,
  RULE_GLOBAL_POINTER,
  RULE_SHARED_POINTER,
  RULE_PROBABILITY,
  RULE_LEADING_BYTES,
  RULE_TOTAL_BYTES,
  RULE_BARRIER_COUNT,
};

/* One runtime function: its C name, how many arguments its C declaration
 * takes, and the rule for each of the first three. */
struct runtime_function {
  const char *name;
  unsigned argument_count;
  enum argument_rule rules[3];
};

static const struct runtime_function runtime_functions[] = {
    {"ferry_access_property_interleaved", 3, {RULE_NONE, RULE_PROBABILITY, RULE_NONE}},
    {"ferry_access_property_range", 5, {RULE_GLOBAL_POINTER, RULE_LEADING_BYTES, RULE_TOTAL_BYTES}},
    {"ferry_apply_access_property", 3, {RULE_GLOBAL_POINTER}},
    {"ferry_apply_normal_priority", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_associate_access_property", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_discard_memory", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_load_u8", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_load_u16", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_load_u32", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_load_u64", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_load_f32", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_load_f64", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_load_u32x4", 2, {RULE_GLOBAL_POINTER}},
    {"ferry_store_u8", 3, {RULE_GLOBAL_POINTER}},
    {"ferry_store_u16", 3, {RULE_GLOBAL_POINTER}},
    {"ferry_store_u32", 3, {RULE_GLOBAL_POINTER}},
    {"ferry_store_u64", 3, {RULE_GLOBAL_POINTER}},
    {"ferry_store_f32", 3, {RULE_GLOBAL_POINTER}},
    {"ferry_store_f64", 3, {RULE_GLOBAL_POINTER}},
    {"ferry_store_u32x4", 3, {RULE_GLOBAL_POINTER}},
    {"ferry_barrier_init", 2, {RULE_SHARED_POINTER, RULE_BARRIER_COUNT}},
};

/* The -DFERRY_DEBUG wrappers add the caller's file and line. */
static const char checked_suffix[] = "_checked";
enum { CHECKED_EXTRA_ARGUMENTS = 2 };

/* The C name of a function: the wrappers are static inline, so in a CUDA
 * (C++) translation unit they carry an Itanium-mangled name, _ZL<n><name>.... */
static const char *source_name(const char *name, size_t *length) {
  if (strncmp(name, "_Z", 2) != 0)
    return name;
  const char *p = name + 2;
  if (*p == 'L')
    p++;
  size_t identifier = 0;
  while (*p >= '0' && *p <= '9')
    identifier = identifier * 10 + (size_t)(*p++ - '0');
  if (identifier == 0 || identifier > strlen(p))
    return name;
  *length = identifier;
  return p;
}

static const struct runtime_function *find_runtime_function(const char *name, size_t length,
                                                            bool *checked) {
  name = source_name(name, &length);
  size_t suffix = sizeof checked_suffix - 1;
  *checked = length > suffix && strncmp(name + length - suffix, checked_suffix, suffix) == 0;
  size_t base = *checked ? length - suffix : length;
  for (size_t i = 0; i < sizeof runtime_functions / sizeof runtime_functions[0]; i++)
    if (strlen(runtime_functions[i].name) == base && strncmp(runtime_functions[i].name, name, base) == 0)
      return &runtime_functions[i];
  return NULL;
}

static bool constant_integer(LLVMValueRef value, unsigned long long *result) {
  if (!LLVMIsAConstantInt(value))
    return false;
  *result = LLVMConstIntGetZExtValue(value);
  return true;
}

/* Checks one argument; writes the error into message and returns false. */
static bool check_argument(const struct runtime_function *function, enum argument_rule rule,
                           LLVMValueRef argument, LLVMValueRef previous, char *message, size_t size) {
  unsigned long long value, leading;
  LLVMBool loses_info;
  enum ferry_space space;
  switch (rule) {
  case RULE_NONE:
    return true;
  case RULE_GLOBAL_POINTER:
  case RULE_SHARED_POINTER: {
    space = ferry_infer_space(argument);
    enum ferry_space wanted = rule == RULE_GLOBAL_POINTER ? FERRY_SPACE_GLOBAL : FERRY_SPACE_SHARED;
    if (space == FERRY_SPACE_UNKNOWN || space == wanted)
      return true;
    snprintf(message, size,
             rule == RULE_GLOBAL_POINTER
                 ? "%s: the pointer must be global memory, but it points to %s memory; pass a pointer "
                   "into a cudaMalloc'd buffer (a kernel parameter or a __device__ variable)"
                 : "%s: the barrier must be in shared memory, but it is in %s memory; declare it "
                   "__shared__ (FERRY_SHARED in plain C)",
             function->name, ferry_space_name(space));
    return false;
  }
  case RULE_PROBABILITY: {
    if (!LLVMIsAConstantFP(argument))
      return true;
    double probability = LLVMConstRealGetDouble(argument, &loses_info);
    if (probability > 0.0 && probability <= 1.0)
      return true;
    snprintf(message, size,
             "%s: the probability must be in (0, 1] (got %g); give the fraction of accesses that get "
             "the primary property, such as 0.5",
             function->name, probability);
    return false;
  }
  case RULE_LEADING_BYTES:
    if (!constant_integer(argument, &value) || value > 0)
      return true;
    snprintf(message, size,
             "%s: leading_bytes must be greater than 0; the primary property covers "
             "[pointer, pointer + leading_bytes)",
             function->name);
    return false;
  case RULE_TOTAL_BYTES:
    if (!constant_integer(argument, &value))
      return true;
    if (value > (1ull << 32)) {
      snprintf(message, size, "%s: total_bytes must not exceed 4 GiB (got %llu); split the range", function->name,
               value);
      return false;
    }
    if (constant_integer(previous, &leading) && leading > value) {
      snprintf(message, size,
               "%s: leading_bytes must not exceed total_bytes (got %llu > %llu); the secondary property "
               "covers [pointer + leading_bytes, pointer + total_bytes)",
               function->name, leading, value);
      return false;
    }
    return true;
  case RULE_BARRIER_COUNT:
    if (!constant_integer(argument, &value) || (value > 0 && value <= 0xFFFFF))
      return true;
    snprintf(message, size,
             "%s: the expected count must be in [1, 1048575] (got %llu); it is the number of threads "
             "that arrive in each phase",
             function->name, value);
    return false;
  }
  return true;
}

/* Reports the first precondition the call breaks. */
static void check_call(LLVMValueRef call) {
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee))
    return;
  size_t length;
  const char *name = LLVMGetValueName2(callee, &length);
  bool checked;
  const struct runtime_function *function = find_runtime_function(name, length, &checked);
  if (!function)
    return;

  /* A struct result may come back through a hidden first argument. */
  unsigned expected = function->argument_count + (checked ? CHECKED_EXTRA_ARGUMENTS : 0);
  unsigned actual = (unsigned)LLVMGetNumArgOperands(call);
  if (actual != expected && actual != expected + 1)
    return;
  unsigned first = actual - expected;

  char message[FERRY_MESSAGE_SIZE];
  for (unsigned i = 0; i < 3 && i < function->argument_count; i++) {
    LLVMValueRef previous = i > 0 ? LLVMGetOperand(call, first + i - 1) : NULL;
    if (!check_argument(function, function->rules[i], LLVMGetOperand(call, first + i), previous, message,
                        sizeof message)) {
      ferry_error(call, message);
      return;
    }
  }
}

bool ferry_check_runtime_calls_run(LLVMModuleRef module) {
  if (!ferry_is_device_module(module))
    return false;
  bool checked = ferry_check_kernel_options(module); /* whichever ferry pass runs first */
  for (LLVMValueRef function = LLVMGetFirstFunction(module); function;
       function = LLVMGetNextFunction(function))
    for (LLVMBasicBlockRef block = LLVMGetFirstBasicBlock(function); block; block = LLVMGetNextBasicBlock(block))
      for (LLVMValueRef inst = LLVMGetFirstInstruction(block); inst; inst = LLVMGetNextInstruction(inst))
        if (LLVMIsACallInst(inst))
          check_call(inst);
  return checked;
}
