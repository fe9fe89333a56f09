/* The -DFERRY_DEBUG checks (see ferry/debug.h): print where and why, then
 * trap.
 *
 * Device printf is a call to vprintf with the arguments packed in a buffer
 * at their natural alignment; the CUDA driver provides vprintf. Each message
 * has its own packed struct so no variadic call is needed. */
#include "arch.h"
#include "ferry/access_property.h"
#include "ferry/barrier.h"
#include "ferry/debug.h"
#include "ferry/pipeline.h"

/* C knows vprintf as a library function with a va_list; the device's takes
 * a pointer to the packed arguments. Same symbol, our own declaration. */
int device_vprintf(const char *format, void *arguments) __asm__("vprintf");

struct where {
  const char *file;
  int line;
  const char *what;
};

struct where_number {
  const char *file;
  int line;
  const char *what;
  unsigned long long number;
};

struct where_real {
  const char *file;
  int line;
  const char *what;
  double real;
};

static _Noreturn void fail(const char *file, int line, const char *what) {
  struct where arguments = {file, line, what};
  device_vprintf("%s:%d: ferry: precondition failed: %s\n", &arguments);
  __builtin_trap();
}

static _Noreturn void fail_number(const char *file, int line, const char *what, unsigned long long number) {
  struct where_number arguments = {file, line, what, number};
  device_vprintf("%s:%d: ferry: precondition failed: %s (got %llu)\n", &arguments);
  __builtin_trap();
}

static _Noreturn void fail_real(const char *file, int line, const char *what, double real) {
  struct where_real arguments = {file, line, what, real};
  device_vprintf("%s:%d: ferry: precondition failed: %s (got %g)\n", &arguments);
  __builtin_trap();
}

void ferry_debug_check_barrier_init(const void *barrier, uint32_t expected, const char *file, int line) {
  if (!__nvvm_isspacep_shared(barrier))
    fail(file, line, "ferry_barrier_init: the barrier must be in shared memory (__shared__ / FERRY_SHARED)");
  if ((uintptr_t)barrier % 8 != 0)
    fail(file, line, "ferry_barrier_init: the barrier must be 8-byte aligned");
  if (expected == 0 || expected > FERRY_BARRIER_MAX_COUNT)
    fail_number(file, line, "ferry_barrier_init: the expected count must be in [1, FERRY_BARRIER_MAX_COUNT]",
                expected);
}

void ferry_debug_check_pipeline_init(const void *shared_state, uint32_t stage_count, uint32_t group_size,
                                     uint32_t producer_count, const char *file, int line) {
  if (!__nvvm_isspacep_shared(shared_state))
    fail(file, line, "pipeline init: the shared state must be in shared memory");
  if (stage_count == 0 || stage_count > FERRY_PIPELINE_MAX_STAGES)
    fail_number(file, line, "pipeline init: the stage count must be in [1, FERRY_PIPELINE_MAX_STAGES]",
                stage_count);
  if (group_size == 0 || group_size > FERRY_BARRIER_MAX_COUNT)
    fail_number(file, line, "pipeline init: the group size must be in [1, FERRY_BARRIER_MAX_COUNT]", group_size);
  if (producer_count != 0 && producer_count >= group_size)
    fail_number(file, line,
                "pipeline init: a partitioned pipeline needs 0 < producer_count < group size "
                "(there must be consumers)",
                producer_count);
}

void ferry_debug_check_pipeline_attach(const void *shared_state, uint32_t stage_count, const char *file,
                                       int line) {
  const ferry_pipeline_shared_t *shared = (const ferry_pipeline_shared_t *)shared_state;
  if (!__nvvm_isspacep_shared(shared_state))
    fail(file, line, "ferry_pipeline_attach: the shared state must be in shared memory");
  if (shared->stage_count != stage_count)
    fail_number(file, line,
                "ferry_pipeline_attach: the stage count differs from the one the state was "
                "initialised with (or the group did not synchronise after init)",
                stage_count);
}

static bool valid_kind(int kind) { return kind >= FERRY_ACCESS_NORMAL && kind <= FERRY_ACCESS_GLOBAL; }

static bool valid_secondary(int kind) { return kind == FERRY_ACCESS_GLOBAL || kind == FERRY_ACCESS_STREAMING; }

void ferry_debug_check_interleaved(int primary, float probability, int secondary, const char *file, int line) {
  if (!valid_kind(primary))
    fail_number(file, line, "ferry_access_property_interleaved: unknown primary kind", (unsigned)primary);
  if (!valid_secondary(secondary))
    fail_number(file, line,
                "ferry_access_property_interleaved: the secondary kind must be FERRY_ACCESS_GLOBAL or "
                "FERRY_ACCESS_STREAMING",
                (unsigned)secondary);
  /* Written so that NaN fails too. */
  if (!(probability > 0.0f && probability <= 1.0f))
    fail_real(file, line, "ferry_access_property_interleaved: the probability must be in (0, 1]",
              (double)probability);
}

void ferry_debug_check_range(const void *pointer, size_t leading_bytes, size_t total_bytes, int primary,
                             int secondary, const char *file, int line) {
  if (!__nvvm_isspacep_global(pointer))
    fail(file, line, "ferry_access_property_range: the pointer must be global memory");
  if (!valid_kind(primary))
    fail_number(file, line, "ferry_access_property_range: unknown primary kind", (unsigned)primary);
  if (!valid_secondary(secondary))
    fail_number(file, line,
                "ferry_access_property_range: the secondary kind must be FERRY_ACCESS_GLOBAL or "
                "FERRY_ACCESS_STREAMING",
                (unsigned)secondary);
  if (leading_bytes == 0)
    fail(file, line, "ferry_access_property_range: leading_bytes must be greater than 0");
  if (leading_bytes > total_bytes)
    fail_number(file, line, "ferry_access_property_range: leading_bytes must not exceed total_bytes",
                leading_bytes);
  if (total_bytes > (1ull << 32))
    fail_number(file, line, "ferry_access_property_range: total_bytes must not exceed 4 GiB", total_bytes);
}

void ferry_debug_check_global(const void *pointer, const char *call, const char *file, int line) {
  if (!__nvvm_isspacep_global(pointer)) {
    struct where arguments = {file, line, call};
    device_vprintf("%s:%d: ferry: precondition failed: %s: the pointer must be global memory\n", &arguments);
    __builtin_trap();
  }
}

void ferry_debug_check_apply(const void *pointer, int kind, const char *file, int line) {
  ferry_debug_check_global(pointer, "ferry_apply_access_property", file, line);
  if (kind != FERRY_ACCESS_PERSISTING && kind != FERRY_ACCESS_NORMAL)
    fail_number(file, line,
                "ferry_apply_access_property: only FERRY_ACCESS_PERSISTING and FERRY_ACCESS_NORMAL "
                "can be applied",
                (unsigned)kind);
}
