/* Loads, stores and L2 operations that take an access property: the
 * instructions that consume a createpolicy policy (sm_80+), and their plain
 * forms before sm_80.
 *
 * Loads are asm without `volatile` (an unused load may be deleted, like an
 * ordinary one) but with a "memory" clobber, so that they stay ordered with
 * the stores and barriers around them. Stores and the L2 operations are
 * volatile. */
#include "arch.h"
#include "ferry/access_property.h"

typedef const __attribute__((address_space(1))) void global_void;

#define LINE_BYTES 128u

#define DEFINE_LOAD(name, type, register_type, ptx_type, constraint)                               \
  type name(const void *pointer, ferry_access_property_t property) {                               \
    if (!has_sm80())                                                                               \
      return *(const __attribute__((address_space(1))) type *)pointer;                             \
    register_type value;                                                                           \
    __asm__("ld.global.L2::cache_hint." ptx_type " %0, [%1], %2;"                                  \
            : "=" constraint(value)                                                                \
            : "l"(global_address(pointer)), "l"(property.policy)                                   \
            : "memory");                                                                           \
    return (type)value;                                                                            \
  }

#define DEFINE_STORE(name, type, register_type, ptx_type, constraint)                              \
  void name(void *pointer, type value, ferry_access_property_t property) {                         \
    if (!has_sm80()) {                                                                             \
      *(__attribute__((address_space(1))) type *)pointer = value;                                  \
      return;                                                                                      \
    }                                                                                              \
    __asm__ volatile("st.global.L2::cache_hint." ptx_type " [%0], %1, %2;"                         \
                     :                                                                             \
                     : "l"(global_address(pointer)), constraint((register_type)value),             \
                       "l"(property.policy)                                                        \
                     : "memory");                                                                  \
  }

/* PTX has no 8-bit registers: bytes travel in 16-bit ones. */
DEFINE_LOAD(ferry_load_u8, uint8_t, uint16_t, "u8", "h")
DEFINE_LOAD(ferry_load_u16, uint16_t, uint16_t, "u16", "h")
DEFINE_LOAD(ferry_load_u32, uint32_t, uint32_t, "u32", "r")
DEFINE_LOAD(ferry_load_u64, uint64_t, uint64_t, "u64", "l")
DEFINE_LOAD(ferry_load_f32, float, float, "f32", "f")
DEFINE_LOAD(ferry_load_f64, double, double, "f64", "d")
DEFINE_STORE(ferry_store_u8, uint8_t, uint16_t, "u8", "h")
DEFINE_STORE(ferry_store_u16, uint16_t, uint16_t, "u16", "h")
DEFINE_STORE(ferry_store_u32, uint32_t, uint32_t, "u32", "r")
DEFINE_STORE(ferry_store_u64, uint64_t, uint64_t, "u64", "l")
DEFINE_STORE(ferry_store_f32, float, float, "f32", "f")
DEFINE_STORE(ferry_store_f64, double, double, "f64", "d")

ferry_u32x4_t ferry_load_u32x4(const void *pointer, ferry_access_property_t property) {
  ferry_u32x4_t value;
  if (!has_sm80())
    return *(const __attribute__((address_space(1))) ferry_u32x4_t *)pointer;
  __asm__("ld.global.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
          : "=r"(value.x), "=r"(value.y), "=r"(value.z), "=r"(value.w)
          : "l"(global_address(pointer)), "l"(property.policy)
          : "memory");
  return value;
}

void ferry_store_u32x4(void *pointer, ferry_u32x4_t value, ferry_access_property_t property) {
  if (!has_sm80()) {
    *(__attribute__((address_space(1))) ferry_u32x4_t *)pointer = value;
    return;
  }
  __asm__ volatile("st.global.L2::cache_hint.v4.u32 [%0], {%1, %2, %3, %4}, %5;"
                   :
                   : "l"(global_address(pointer)), "r"(value.x), "r"(value.y), "r"(value.z), "r"(value.w),
                     "l"(property.policy)
                   : "memory");
}

static uintptr_t line_down(uintptr_t address) { return address & ~(uintptr_t)(LINE_BYTES - 1); }
static uintptr_t line_up(uintptr_t address) { return line_down(address + LINE_BYTES - 1); }

/* Every line that overlaps the range: a prefetch or a priority change of a
 * partly covered line only affects cache state, never data. */
void ferry_apply_access_property(const void *pointer, size_t bytes, ferry_access_kind_t kind) {
  if ((kind != FERRY_ACCESS_PERSISTING && kind != FERRY_ACCESS_NORMAL) || !__nvvm_isspacep_global(pointer))
    return;
  uintptr_t start = (uintptr_t)pointer;
  for (uintptr_t line = line_down(start); line < start + bytes; line += LINE_BYTES) {
    uint64_t address = global_address((const void *)line);
    if (!has_sm80())
      __asm__ volatile("prefetch.global.L2 [%0];" : : "l"(address));
    else if (kind == FERRY_ACCESS_PERSISTING)
      __asm__ volatile("prefetch.global.L2::evict_last [%0];" : : "l"(address));
    else
      __asm__ volatile("prefetch.global.L2::evict_normal [%0];" : : "l"(address));
  }
}

void ferry_apply_normal_priority(const void *pointer, size_t bytes) {
  if (!has_sm80() || !__nvvm_isspacep_global(pointer))
    return;
  uintptr_t start = (uintptr_t)pointer;
  for (uintptr_t line = line_down(start); line < start + bytes; line += LINE_BYTES)
    __asm__ volatile("applypriority.global.L2::evict_normal [%0], 128;"
                     :
                     : "l"(global_address((const void *)line))
                     : "memory");
}

/* Only whole lines: discarding a line drops all of its bytes, and bytes
 * outside the range must keep their values. */
void ferry_discard_memory(void *pointer, size_t bytes) {
  if (!has_sm80() || !__nvvm_isspacep_global(pointer))
    return;
  uintptr_t start = (uintptr_t)pointer, end = start + bytes;
  for (uintptr_t line = line_up(start); line + LINE_BYTES <= end; line += LINE_BYTES)
    __asm__ volatile("discard.global.L2 [%0], 128;" : : "l"(global_address((const void *)line)) : "memory");
}

/* nvcc attaches the policy to the pointer (__nv_associate_access_property);
 * clang has no such mechanism, so the pointer comes back unchanged. Telling
 * the optimiser that it is global memory does not survive either: LLVM 22
 * drops an llvm.assume of isspacep.global as unnecessary, and folds a round
 * trip through addrspace(1) away. */
void *ferry_associate_access_property(void *pointer, ferry_access_property_t property) {
  (void)property;
  return pointer;
}
