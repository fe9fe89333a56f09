/* ferry_access_property_*: cache policies made with PTX createpolicy
 * (sm_80+).
 *
 * createpolicy takes the eviction priorities as instruction qualifiers, not
 * operands, so each (primary, secondary) pair is its own instruction: the
 * switches below pick one of eight. Called with constant kinds, as is usual,
 * they fold to a single createpolicy after inlining. The asm is not volatile
 * and has no memory clobber: a policy is a pure function of its operands, and
 * the optimiser may share or hoist it. */
#include "arch.h"
#include "ferry/access_property.h"

/* STREAMING or anything else: createpolicy's secondary priority is
 * evict_first or evict_unchanged, nothing else. FERRY_DEBUG traps on other
 * values; a release build treats them as GLOBAL (no request). */
static bool secondary_is_streaming(ferry_access_kind_t secondary) { return secondary == FERRY_ACCESS_STREAMING; }

#define FRACTIONAL(primary_priority, secondary_priority)                                           \
  __asm__("createpolicy.fractional.L2::" primary_priority ".L2::" secondary_priority ".b64 %0, %1;" \
          : "=l"(policy)                                                                           \
          : "f"(probability))

#define RANGE(primary_priority, secondary_priority)                                                \
  __asm__("createpolicy.range.global.L2::" primary_priority ".L2::" secondary_priority             \
          ".b64 %0, [%1], %2, %3;"                                                                 \
          : "=l"(policy)                                                                           \
          : "l"(address), "r"(leading), "r"(total))

/* EMIT(primary, secondary) for the kinds' priority names. */
#define FOR_PRIORITIES(EMIT, primary, secondary)                                                   \
  do {                                                                                             \
    if (secondary_is_streaming(secondary)) {                                                       \
      switch (primary) {                                                                           \
      case FERRY_ACCESS_PERSISTING: EMIT("evict_last", "evict_first"); break;                      \
      case FERRY_ACCESS_NORMAL: EMIT("evict_normal", "evict_first"); break;                        \
      case FERRY_ACCESS_STREAMING: EMIT("evict_first", "evict_first"); break;                      \
      default: EMIT("evict_unchanged", "evict_first"); break;                                      \
      }                                                                                            \
    } else {                                                                                       \
      switch (primary) {                                                                           \
      case FERRY_ACCESS_PERSISTING: EMIT("evict_last", "evict_unchanged"); break;                  \
      case FERRY_ACCESS_NORMAL: EMIT("evict_normal", "evict_unchanged"); break;                    \
      case FERRY_ACCESS_STREAMING: EMIT("evict_first", "evict_unchanged"); break;                  \
      default: EMIT("evict_unchanged", "evict_unchanged"); break;                                  \
      }                                                                                            \
    }                                                                                              \
  } while (0)

ferry_access_property_t ferry_access_property_interleaved(ferry_access_kind_t primary, float probability,
                                                          ferry_access_kind_t secondary) {
  ferry_access_property_t property = {0};
  if (!has_sm80())
    return property;
  uint64_t policy;
  FOR_PRIORITIES(FRACTIONAL, primary, secondary);
  property.policy = policy;
  return property;
}

ferry_access_property_t ferry_access_property_make(ferry_access_kind_t kind) {
  return ferry_access_property_interleaved(kind, 1.0f, FERRY_ACCESS_GLOBAL);
}

ferry_access_property_t ferry_access_property_global(void) {
  return ferry_access_property_make(FERRY_ACCESS_GLOBAL);
}

ferry_access_property_t ferry_access_property_normal(void) {
  return ferry_access_property_make(FERRY_ACCESS_NORMAL);
}

ferry_access_property_t ferry_access_property_streaming(void) {
  return ferry_access_property_make(FERRY_ACCESS_STREAMING);
}

ferry_access_property_t ferry_access_property_persisting(void) {
  return ferry_access_property_make(FERRY_ACCESS_PERSISTING);
}

/* createpolicy.range's sizes are 32-bit; 4 GiB itself does not fit. */
static uint32_t clamp_size(size_t bytes) { return bytes > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)bytes; }

ferry_access_property_t ferry_access_property_range(const void *pointer, size_t leading_bytes,
                                                    size_t total_bytes, ferry_access_kind_t primary,
                                                    ferry_access_kind_t secondary) {
  ferry_access_property_t property = {0};
  if (!has_sm80())
    return property;
  uint64_t policy;
  uint64_t address = global_address(pointer);
  uint32_t leading = clamp_size(leading_bytes), total = clamp_size(total_bytes);
  FOR_PRIORITIES(RANGE, primary, secondary);
  property.policy = policy;
  return property;
}
