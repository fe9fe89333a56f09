/* ferry_access_property_t: the C counterpart of cuda::access_property, and
 * the operations that use one (cuda::annotated_ptr's loads and stores,
 * apply_access_property, associate_access_property, discard_memory).
 *
 * An access property is a request about L2 residency for global memory. On
 * sm_80 and newer it is the 64-bit cache policy that PTX createpolicy makes
 * and that ld/st.global.L2::cache_hint and cp.async ... .L2::cache_hint take
 * as their last operand (the `policy` field: pass it to such instructions
 * directly). Before sm_80 there is no such policy: `policy` is 0 and every
 * operation below becomes its plain form (or a plain prefetch).
 *
 * The kinds (libcu++'s access_property::global, normal, streaming,
 * persisting) map onto L2 eviction priorities:
 *   FERRY_ACCESS_NORMAL      L2::evict_normal    as frequent as other data
 *   FERRY_ACCESS_STREAMING   L2::evict_first     read once, evict early
 *   FERRY_ACCESS_PERSISTING  L2::evict_last      keep resident
 *   FERRY_ACCESS_GLOBAL      L2::evict_unchanged no request at all
 * NORMAL, STREAMING and PERSISTING have the values of the CUDA runtime's
 * cudaAccessPropertyNormal/Streaming/Persisting, so a kind converts to
 * cudaAccessProperty with a cast (libcu++'s conversion operators). A
 * secondary kind (what the accesses outside the primary fraction or range
 * get) is GLOBAL or STREAMING: createpolicy has no other. */
#ifndef FERRY_ACCESS_PROPERTY_H
#define FERRY_ACCESS_PROPERTY_H

#include "ferry/config.h"

typedef enum ferry_access_kind {
  FERRY_ACCESS_NORMAL = 0,
  FERRY_ACCESS_STREAMING = 1,
  FERRY_ACCESS_PERSISTING = 2,
  FERRY_ACCESS_GLOBAL = 3,
} ferry_access_kind_t;

typedef struct ferry_access_property {
  uint64_t policy;
} ferry_access_property_t;

/* 16 bytes, for the vector load and store (16-byte aligned, as they are). */
typedef struct __attribute__((aligned(16))) ferry_u32x4 {
  uint32_t x, y, z, w;
} ferry_u32x4_t;

FERRY_BEGIN_DECLS

/* The static properties: as if interleaved with probability 1. */
FERRY_DEVICE ferry_access_property_t ferry_access_property_global(void);
FERRY_DEVICE ferry_access_property_t ferry_access_property_normal(void);
FERRY_DEVICE ferry_access_property_t ferry_access_property_streaming(void);
FERRY_DEVICE ferry_access_property_t ferry_access_property_persisting(void);
FERRY_DEVICE ferry_access_property_t ferry_access_property_make(ferry_access_kind_t kind);

/* Accesses get `primary` with the given probability and `secondary` with
 * the rest (createpolicy.fractional). 0 < probability <= 1. */
FERRY_DEVICE ferry_access_property_t ferry_access_property_interleaved(ferry_access_kind_t primary,
                                                                       float probability,
                                                                       ferry_access_kind_t secondary);

/* Accesses to [pointer, pointer + leading_bytes) get `primary`, those to
 * [pointer + leading_bytes, pointer + total_bytes) get `secondary`
 * (createpolicy.range); accesses outside [pointer, pointer + total_bytes)
 * must not use the property. `pointer` is global memory and
 * 0 < leading_bytes <= total_bytes <= 4 GiB. createpolicy takes 32-bit
 * sizes, so a size of exactly 4 GiB becomes 4 GiB - 1 (the hint is
 * approximate anyway). */
FERRY_DEVICE ferry_access_property_t ferry_access_property_range(const void *pointer, size_t leading_bytes,
                                                                 size_t total_bytes,
                                                                 ferry_access_kind_t primary,
                                                                 ferry_access_kind_t secondary);

/* Annotated loads and stores of global memory: ld/st.global.L2::cache_hint
 * with the property's policy (plain ld/st.global before sm_80). The pointer
 * must be global memory and aligned to the access size. */
FERRY_DEVICE uint8_t ferry_load_u8(const void *pointer, ferry_access_property_t property);
FERRY_DEVICE uint16_t ferry_load_u16(const void *pointer, ferry_access_property_t property);
FERRY_DEVICE uint32_t ferry_load_u32(const void *pointer, ferry_access_property_t property);
FERRY_DEVICE uint64_t ferry_load_u64(const void *pointer, ferry_access_property_t property);
FERRY_DEVICE float ferry_load_f32(const void *pointer, ferry_access_property_t property);
FERRY_DEVICE double ferry_load_f64(const void *pointer, ferry_access_property_t property);
FERRY_DEVICE ferry_u32x4_t ferry_load_u32x4(const void *pointer, ferry_access_property_t property);
FERRY_DEVICE void ferry_store_u8(void *pointer, uint8_t value, ferry_access_property_t property);
FERRY_DEVICE void ferry_store_u16(void *pointer, uint16_t value, ferry_access_property_t property);
FERRY_DEVICE void ferry_store_u32(void *pointer, uint32_t value, ferry_access_property_t property);
FERRY_DEVICE void ferry_store_u64(void *pointer, uint64_t value, ferry_access_property_t property);
FERRY_DEVICE void ferry_store_f32(void *pointer, float value, ferry_access_property_t property);
FERRY_DEVICE void ferry_store_f64(void *pointer, double value, ferry_access_property_t property);
FERRY_DEVICE void ferry_store_u32x4(void *pointer, ferry_u32x4_t value, ferry_access_property_t property);

/* cuda::apply_access_property: PERSISTING prefetches every 128-byte line of
 * [pointer, pointer + bytes) into L2 with evict_last priority, NORMAL with
 * evict_normal; the other kinds request nothing. Before sm_80, a plain L2
 * prefetch for PERSISTING and NORMAL. A pointer that is not global memory is
 * ignored (and trapped under FERRY_DEBUG). */
FERRY_DEVICE void ferry_apply_access_property(const void *pointer, size_t bytes, ferry_access_kind_t kind);

/* Puts the L2 lines of [pointer, pointer + bytes) back to normal eviction
 * priority (applypriority.global.L2::evict_normal), undoing PERSISTING.
 * Nothing before sm_80. */
FERRY_DEVICE void ferry_apply_normal_priority(const void *pointer, size_t bytes);

/* cuda::associate_access_property. clang has no way to attach a policy to a
 * pointer (nvcc's __nv_associate_access_property), so this returns the
 * pointer unchanged (checking under FERRY_DEBUG that it is global memory);
 * use the annotated loads and stores to apply the property. */
FERRY_DEVICE void *ferry_associate_access_property(void *pointer, ferry_access_property_t property);

/* cuda::discard_memory: the 128-byte L2 lines wholly inside
 * [pointer, pointer + bytes) are dropped without being written back
 * (discard.global.L2); their contents become indeterminate. Nothing before
 * sm_80, or for a pointer that is not global memory. */
FERRY_DEVICE void ferry_discard_memory(void *pointer, size_t bytes);

FERRY_END_DECLS

#ifdef FERRY_DEBUG
#include "ferry/debug.h"
static inline FERRY_DEVICE ferry_access_property_t ferry_access_property_interleaved_checked(
    ferry_access_kind_t primary, float probability, ferry_access_kind_t secondary, const char *file, int line) {
  ferry_debug_check_interleaved((int)primary, probability, (int)secondary, file, line);
  return ferry_access_property_interleaved(primary, probability, secondary);
}
static inline FERRY_DEVICE ferry_access_property_t ferry_access_property_range_checked(
    const void *pointer, size_t leading_bytes, size_t total_bytes, ferry_access_kind_t primary,
    ferry_access_kind_t secondary, const char *file, int line) {
  ferry_debug_check_range(pointer, leading_bytes, total_bytes, (int)primary, (int)secondary, file, line);
  return ferry_access_property_range(pointer, leading_bytes, total_bytes, primary, secondary);
}
static inline FERRY_DEVICE void ferry_apply_access_property_checked(const void *pointer, size_t bytes,
                                                                   ferry_access_kind_t kind, const char *file,
                                                                   int line) {
  ferry_debug_check_apply(pointer, (int)kind, file, line);
  ferry_apply_access_property(pointer, bytes, kind);
}
static inline FERRY_DEVICE void *ferry_associate_access_property_checked(void *pointer,
                                                                        ferry_access_property_t property,
                                                                        const char *file, int line) {
  ferry_debug_check_global(pointer, "ferry_associate_access_property", file, line);
  return ferry_associate_access_property(pointer, property);
}
static inline FERRY_DEVICE void ferry_discard_memory_checked(void *pointer, size_t bytes, const char *file,
                                                            int line) {
  ferry_debug_check_global(pointer, "ferry_discard_memory", file, line);
  ferry_discard_memory(pointer, bytes);
}
#define ferry_access_property_interleaved(primary, probability, secondary)                         \
  ferry_access_property_interleaved_checked((primary), (probability), (secondary), __FILE__, __LINE__)
#define ferry_access_property_range(pointer, leading_bytes, total_bytes, primary, secondary)       \
  ferry_access_property_range_checked((pointer), (leading_bytes), (total_bytes), (primary),        \
                                      (secondary), __FILE__, __LINE__)
#define ferry_apply_access_property(pointer, bytes, kind)                                          \
  ferry_apply_access_property_checked((pointer), (bytes), (kind), __FILE__, __LINE__)
#define ferry_associate_access_property(pointer, property)                                         \
  ferry_associate_access_property_checked((pointer), (property), __FILE__, __LINE__)
#define ferry_discard_memory(pointer, bytes) ferry_discard_memory_checked((pointer), (bytes), __FILE__, __LINE__)

/* The annotated loads and stores check their pointer too. */
#define FERRY_DEBUG_LOAD_(name, type)                                                              \
  static inline FERRY_DEVICE type name##_checked(const void *pointer, ferry_access_property_t property, \
                                                 const char *file, int line) {                     \
    ferry_debug_check_global(pointer, #name, file, line);                                          \
    return name(pointer, property);                                                                \
  }
#define FERRY_DEBUG_STORE_(name, type)                                                             \
  static inline FERRY_DEVICE void name##_checked(void *pointer, type value, ferry_access_property_t property, \
                                                 const char *file, int line) {                     \
    ferry_debug_check_global(pointer, #name, file, line);                                          \
    name(pointer, value, property);                                                                \
  }
FERRY_DEBUG_LOAD_(ferry_load_u8, uint8_t)
FERRY_DEBUG_LOAD_(ferry_load_u16, uint16_t)
FERRY_DEBUG_LOAD_(ferry_load_u32, uint32_t)
FERRY_DEBUG_LOAD_(ferry_load_u64, uint64_t)
FERRY_DEBUG_LOAD_(ferry_load_f32, float)
FERRY_DEBUG_LOAD_(ferry_load_f64, double)
FERRY_DEBUG_LOAD_(ferry_load_u32x4, ferry_u32x4_t)
FERRY_DEBUG_STORE_(ferry_store_u8, uint8_t)
FERRY_DEBUG_STORE_(ferry_store_u16, uint16_t)
FERRY_DEBUG_STORE_(ferry_store_u32, uint32_t)
FERRY_DEBUG_STORE_(ferry_store_u64, uint64_t)
FERRY_DEBUG_STORE_(ferry_store_f32, float)
FERRY_DEBUG_STORE_(ferry_store_f64, double)
FERRY_DEBUG_STORE_(ferry_store_u32x4, ferry_u32x4_t)
#undef FERRY_DEBUG_LOAD_
#undef FERRY_DEBUG_STORE_
#define ferry_load_u8(p, prop) ferry_load_u8_checked((p), (prop), __FILE__, __LINE__)
#define ferry_load_u16(p, prop) ferry_load_u16_checked((p), (prop), __FILE__, __LINE__)
#define ferry_load_u32(p, prop) ferry_load_u32_checked((p), (prop), __FILE__, __LINE__)
#define ferry_load_u64(p, prop) ferry_load_u64_checked((p), (prop), __FILE__, __LINE__)
#define ferry_load_f32(p, prop) ferry_load_f32_checked((p), (prop), __FILE__, __LINE__)
#define ferry_load_f64(p, prop) ferry_load_f64_checked((p), (prop), __FILE__, __LINE__)
#define ferry_load_u32x4(p, prop) ferry_load_u32x4_checked((p), (prop), __FILE__, __LINE__)
#define ferry_store_u8(p, v, prop) ferry_store_u8_checked((p), (v), (prop), __FILE__, __LINE__)
#define ferry_store_u16(p, v, prop) ferry_store_u16_checked((p), (v), (prop), __FILE__, __LINE__)
#define ferry_store_u32(p, v, prop) ferry_store_u32_checked((p), (v), (prop), __FILE__, __LINE__)
#define ferry_store_u64(p, v, prop) ferry_store_u64_checked((p), (v), (prop), __FILE__, __LINE__)
#define ferry_store_f32(p, v, prop) ferry_store_f32_checked((p), (v), (prop), __FILE__, __LINE__)
#define ferry_store_f64(p, v, prop) ferry_store_f64_checked((p), (v), (prop), __FILE__, __LINE__)
#define ferry_store_u32x4(p, v, prop) ferry_store_u32x4_checked((p), (v), (prop), __FILE__, __LINE__)
#endif

#endif /* FERRY_ACCESS_PROPERTY_H */
