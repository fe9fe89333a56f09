/* nvcc's built-in atomic functions (CUDA 12.8 on): __nv_atomic_fetch_add,
 * __nv_atomic_load_n, __nv_atomic_compare_exchange and the rest, with
 * their memory orders (__NV_ATOMIC_*) and thread scopes
 * (__NV_THREAD_SCOPE_*). nvcc's front end provides them; clang 22 has none
 * of them, and its own scoped atomics cannot stand in: for NVPTX, clang
 * gives every __scoped_atomic_* the system scope, and LLVM 22's NVPTX
 * back end emits an atomicrmw as `atom` with neither its ordering nor its
 * scope (a relaxed, device-scope instruction whatever was asked).
 *
 * nvcc expands each call to inline PTX; this header emits the same
 * instructions, as nvcc 13 emits them for sm_80 and sm_90a
 * (test/ferry-cc/nvcc-atomics-as-nvcc.test compares every form with nvcc's
 * PTX; nvcc-atomics-*.test check each family):
 * - scope: thread and block -> .cta, cluster -> .cluster (sm_90 on; .gpu
 *   before, where nvcc warns and does the same), device -> .gpu, system
 *   -> .sys; the scope argument defaults to system, as nvcc's does.
 * - order: relaxed, acquire, release, acq_rel -> that qualifier; consume
 *   -> acquire; seq_cst -> fence.sc at the scope, then the access with
 *   acquire (a load, a read-modify-write) or relaxed (a store).
 * - a compare-and-exchange's instruction takes the success order with
 *   acquire added where the failure order acquires (nvcc's takes the success
 *   order alone for release/acquire: stronger here, never weaker).
 * - a fence: fence.acq_rel for acq_rel, fence.sc for every other order, as
 *   nvcc's.
 * - fetch_sub adds the negated operand (PTX has no atom.sub), as nvcc's.
 * - a value argument converts to the pointee's type, as nvcc's.
 * The calls nvcc refuses at compile time are refused here too, with nvcc's
 * words: a load's release or acq_rel order, a store's consume, acquire or
 * acq_rel (constant arguments; nvcc also refuses a non-constant order,
 * which here runs as that order), add and sub of a signed 8-byte integer,
 * min and max of floating point, the _n forms of a non-integral type, and
 * 16-byte accesses before sm_90.
 *
 * Included by nvcc_compat.h for CUDA compiles. Every function is a device
 * function, always inlined, so a constant order and scope leave one
 * instruction (and its fence). */
#ifndef FERRY_NVCC_ATOMICS_H
#define FERRY_NVCC_ATOMICS_H

#if defined(__cplusplus) && defined(__CUDA__)

/* crt/device_functions.h's, which clang's CUDA headers replace (they define
 * its include guard), with nvcc's values. */
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

#define FERRY_NV_DEVICE static __device__ __attribute__((always_inline)) inline
#define FERRY_NV_SYSTEM __NV_THREAD_SCOPE_SYSTEM

/* 16-byte accesses (.b128) need sm_90; the host pass emits none. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define FERRY_NV_HAS_B128 1
#else
#define FERRY_NV_HAS_B128 0
#endif

/* The scope as the instruction names it: 0 .cta, 1 .cluster, 2 .gpu, 3 .sys. */
FERRY_NV_DEVICE int ferry_nv_scope(int scope) {
  switch (scope) {
  case __NV_THREAD_SCOPE_THREAD:
  case __NV_THREAD_SCOPE_BLOCK:
    return 0;
  case __NV_THREAD_SCOPE_CLUSTER:
    return FERRY_NV_HAS_B128 ? 1 : 2;
  case __NV_THREAD_SCOPE_DEVICE:
    return 2;
  default:
    return 3;
  }
}

/* One instruction for each scope: statement(sem, scope, op, type, c) with
 * the qualifiers as strings. The .cluster arm exists only where ptxas takes
 * it, so that a scope not known at compile time (at -O0, say) still leaves
 * PTX that assembles. */
#if FERRY_NV_HAS_B128
#define FERRY_NV_CLUSTER_ARM(statement, sem, op, type, c) \
  case 1:                                                  \
    statement(sem, "cluster", op, type, c);                \
    break;
#else
#define FERRY_NV_CLUSTER_ARM(statement, sem, op, type, c)
#endif
#define FERRY_NV_SCOPES(statement, sem, scope, op, type, c) \
  switch (scope) {                                          \
  case 0:                                                   \
    statement(sem, "cta", op, type, c);                     \
    break;                                                  \
    FERRY_NV_CLUSTER_ARM(statement, sem, op, type, c)       \
  case 2:                                                   \
    statement(sem, "gpu", op, type, c);                     \
    break;                                                  \
  default:                                                  \
    statement(sem, "sys", op, type, c);                     \
    break;                                                  \
  }
/* And for each qualifier: 0 relaxed, 1 acquire, 2 release, 3 acq_rel. */
#define FERRY_NV_SEMS(statement, sem, scope, op, type, c)          \
  switch (sem) {                                                   \
  case 0:                                                          \
    FERRY_NV_SCOPES(statement, "relaxed", scope, op, type, c)      \
    break;                                                         \
  case 1:                                                          \
    FERRY_NV_SCOPES(statement, "acquire", scope, op, type, c)      \
    break;                                                         \
  case 2:                                                          \
    FERRY_NV_SCOPES(statement, "release", scope, op, type, c)      \
    break;                                                         \
  default:                                                         \
    FERRY_NV_SCOPES(statement, "acq_rel", scope, op, type, c)      \
    break;                                                         \
  }
/* A load's (0 relaxed, else acquire) and a store's (0 relaxed, else
 * release): the only qualifiers ld and st take. */
#define FERRY_NV_TWO_SEMS(statement, sem, scope, op, type, c, second) \
  if (sem == 0) {                                                     \
    FERRY_NV_SCOPES(statement, "relaxed", scope, op, type, c)         \
  } else {                                                            \
    FERRY_NV_SCOPES(statement, second, scope, op, type, c)            \
  }

#define FERRY_NV_FENCE_SC_ASM(sem, scope, op, type, c) asm volatile("fence.sc." scope ";" ::: "memory")
#define FERRY_NV_FENCE_ACQ_REL_ASM(sem, scope, op, type, c) asm volatile("fence.acq_rel." scope ";" ::: "memory")

/* fence.sc at nvcc's scope `scope`. */
FERRY_NV_DEVICE void ferry_nv_fence_sc(int scope) {
  FERRY_NV_SCOPES(FERRY_NV_FENCE_SC_ASM, "", ferry_nv_scope(scope), "", "", "")
}

/* A read-modify-write's qualifier for an order (seq_cst fences first). */
FERRY_NV_DEVICE int ferry_nv_rmw_sem(int order, int scope) {
  switch (order) {
  case __NV_ATOMIC_RELAXED:
    return 0;
  case __NV_ATOMIC_CONSUME:
  case __NV_ATOMIC_ACQUIRE:
    return 1;
  case __NV_ATOMIC_RELEASE:
    return 2;
  case __NV_ATOMIC_ACQ_REL:
    return 3;
  default:
    ferry_nv_fence_sc(scope);
    return 1;
  }
}

/* A compare-and-exchange's, from both orders: acquire added where the
 * failure order acquires. */
FERRY_NV_DEVICE int ferry_nv_cas_sem(int success, int failure, int scope) {
  int sem = ferry_nv_rmw_sem(success, scope);
  int failure_acquires = failure != __NV_ATOMIC_RELAXED && failure != __NV_ATOMIC_RELEASE;
  return failure_acquires ? (sem == 0 ? 1 : sem == 2 ? 3 : sem) : sem;
}

/* A load's: relaxed stays relaxed, seq_cst fences first; the others (only
 * consume and acquire compile) acquire. */
FERRY_NV_DEVICE int ferry_nv_load_sem(int order, int scope) {
  if (order == __NV_ATOMIC_SEQ_CST)
    ferry_nv_fence_sc(scope);
  return order != __NV_ATOMIC_RELAXED;
}

/* A store's: relaxed, and seq_cst after its fence, are relaxed stores; the
 * others (only release compiles) release. */
FERRY_NV_DEVICE int ferry_nv_store_sem(int order, int scope) {
  if (order == __NV_ATOMIC_SEQ_CST) {
    ferry_nv_fence_sc(scope);
    return 0;
  }
  return order != __NV_ATOMIC_RELAXED;
}

/* ---- the instructions --------------------------------------------------- */

#define FERRY_NV_LD_ASM(sem, scope, op, type, c) \
  asm volatile("ld." sem "." scope "." type " %0, [%1];" : "=" c(word) : "l"(ptr) : "memory")
#define FERRY_NV_ST_ASM(sem, scope, op, type, c) \
  asm volatile("st." sem "." scope "." type " [%0], %1;" ::"l"(ptr), c(word) : "memory")
#define FERRY_NV_RMW_ASM(sem, scope, op, type, c) \
  asm volatile("atom." op "." sem "." scope "." type " %0,[%1],%2;" : "=" c(old) : "l"(ptr), c(operand) : "memory")
#define FERRY_NV_CAS_ASM(sem, scope, op, type, c)                                                              \
  asm volatile("atom.cas." sem "." scope "." type " %0,[%1],%2,%3;" : "=" c(old) : "l"(ptr), c(expected), \
               c(desired) : "memory")

/* Loads, stores, exchanges and compare-and-exchanges of N bytes, on
 * `storage` (an unsigned integer of N bytes) through `reg` (the register's
 * type: PTX has no 8-bit registers, so a byte travels in a 32-bit one). */
template <int N> struct ferry_nv_sized;

#define FERRY_NV_SIZED(n, storage_type, reg, type, c)                                                      \
  template <> struct ferry_nv_sized<n> {                                                                   \
    typedef storage_type storage;                                                                          \
    static __device__ __attribute__((always_inline)) storage load(const void *ptr, int order, int scope) { \
      int sem = ferry_nv_load_sem(order, scope);                                                           \
      reg word;                                                                                            \
      FERRY_NV_TWO_SEMS(FERRY_NV_LD_ASM, sem, ferry_nv_scope(scope), "", type, c, "acquire")               \
      return (storage)word;                                                                                \
    }                                                                                                      \
    static __device__ __attribute__((always_inline)) void store(void *ptr, storage value, int order,       \
                                                                 int scope) {                              \
      int sem = ferry_nv_store_sem(order, scope);                                                          \
      reg word = value;                                                                                    \
      FERRY_NV_TWO_SEMS(FERRY_NV_ST_ASM, sem, ferry_nv_scope(scope), "", type, c, "release")               \
    }                                                                                                      \
    static __device__ __attribute__((always_inline)) storage exchange(void *ptr, storage value, int order, \
                                                                      int scope) {                         \
      int sem = ferry_nv_rmw_sem(order, scope);                                                            \
      reg old, operand = value;                                                                            \
      FERRY_NV_SEMS(FERRY_NV_RMW_ASM, sem, ferry_nv_scope(scope), "exch", type, c)                         \
      return (storage)old;                                                                                 \
    }                                                                                                      \
    static __device__ __attribute__((always_inline)) storage compare_exchange(                             \
        void *ptr, storage expected_value, storage desired_value, int success, int failure, int scope) {   \
      int sem = ferry_nv_cas_sem(success, failure, scope);                                                 \
      reg old, expected = expected_value, desired = desired_value;                                         \
      FERRY_NV_SEMS(FERRY_NV_CAS_ASM, sem, ferry_nv_scope(scope), "", type, c)                             \
      return (storage)old;                                                                                 \
    }                                                                                                      \
  };
FERRY_NV_SIZED(1, unsigned char, unsigned int, "b8", "r")
FERRY_NV_SIZED(2, unsigned short, unsigned short, "b16", "h")
FERRY_NV_SIZED(4, unsigned int, unsigned int, "b32", "r")
FERRY_NV_SIZED(8, unsigned long long, unsigned long long, "b64", "l")
FERRY_NV_SIZED(16, unsigned __int128, unsigned __int128, "b128", "q")
#undef FERRY_NV_SIZED

/* The arithmetic ones, one overload a PTX type (long and unsigned long are
 * 8 bytes on the 64-bit targets CUDA builds for). */
#define FERRY_NV_ARITH(name, op, T, type, c)                                             \
  FERRY_NV_DEVICE T name(T *ptr, T operand, int order, int scope) {                      \
    int sem = ferry_nv_rmw_sem(order, scope);                                            \
    T old;                                                                               \
    FERRY_NV_SEMS(FERRY_NV_RMW_ASM, sem, ferry_nv_scope(scope), op, type, c)             \
    return old;                                                                          \
  }
FERRY_NV_ARITH(ferry_nv_add, "add", int, "s32", "r")
FERRY_NV_ARITH(ferry_nv_add, "add", unsigned int, "u32", "r")
FERRY_NV_ARITH(ferry_nv_add, "add", unsigned long, "u64", "l")
FERRY_NV_ARITH(ferry_nv_add, "add", unsigned long long, "u64", "l")
FERRY_NV_ARITH(ferry_nv_add, "add", float, "f32", "f")
FERRY_NV_ARITH(ferry_nv_add, "add", double, "f64", "d")
FERRY_NV_ARITH(ferry_nv_min, "min", int, "s32", "r")
FERRY_NV_ARITH(ferry_nv_min, "min", unsigned int, "u32", "r")
FERRY_NV_ARITH(ferry_nv_min, "min", long, "s64", "l")
FERRY_NV_ARITH(ferry_nv_min, "min", unsigned long, "u64", "l")
FERRY_NV_ARITH(ferry_nv_min, "min", long long, "s64", "l")
FERRY_NV_ARITH(ferry_nv_min, "min", unsigned long long, "u64", "l")
FERRY_NV_ARITH(ferry_nv_max, "max", int, "s32", "r")
FERRY_NV_ARITH(ferry_nv_max, "max", unsigned int, "u32", "r")
FERRY_NV_ARITH(ferry_nv_max, "max", long, "s64", "l")
FERRY_NV_ARITH(ferry_nv_max, "max", unsigned long, "u64", "l")
FERRY_NV_ARITH(ferry_nv_max, "max", long long, "s64", "l")
FERRY_NV_ARITH(ferry_nv_max, "max", unsigned long long, "u64", "l")
#define FERRY_NV_BITWISE(T, type, c)                    \
  FERRY_NV_ARITH(ferry_nv_and, "and", T, type, c)       \
  FERRY_NV_ARITH(ferry_nv_or, "or", T, type, c)         \
  FERRY_NV_ARITH(ferry_nv_xor, "xor", T, type, c)
FERRY_NV_BITWISE(int, "b32", "r")
FERRY_NV_BITWISE(unsigned int, "b32", "r")
FERRY_NV_BITWISE(long, "b64", "l")
FERRY_NV_BITWISE(unsigned long, "b64", "l")
FERRY_NV_BITWISE(long long, "b64", "l")
FERRY_NV_BITWISE(unsigned long long, "b64", "l")
#undef FERRY_NV_BITWISE
#undef FERRY_NV_ARITH

/* fetch_sub's operand for atom.add: the negation, modulo 2^32 for int. */
FERRY_NV_DEVICE int ferry_nv_negate(int value) { return (int)(0u - (unsigned int)value); }
FERRY_NV_DEVICE unsigned int ferry_nv_negate(unsigned int value) { return 0u - value; }
FERRY_NV_DEVICE unsigned long ferry_nv_negate(unsigned long value) { return 0ul - value; }
FERRY_NV_DEVICE unsigned long long ferry_nv_negate(unsigned long long value) { return 0ull - value; }
FERRY_NV_DEVICE float ferry_nv_negate(float value) { return -value; }
FERRY_NV_DEVICE double ferry_nv_negate(double value) { return -value; }

/* ---- nvcc's functions --------------------------------------------------- */

/* nvcc's compile-time refusals, with its words, where the order is a
 * constant. */
#define FERRY_NV_LOAD_ORDER(order)                                                                      \
  __attribute__((diagnose_if(order == __NV_ATOMIC_RELEASE || order == __NV_ATOMIC_ACQ_REL,             \
                             "atomic load's memory order cannot be release or acq_rel", "error")))
#define FERRY_NV_STORE_ORDER(order)                                                                      \
  __attribute__((diagnose_if(order == __NV_ATOMIC_CONSUME || order == __NV_ATOMIC_ACQUIRE ||            \
                                 order == __NV_ATOMIC_ACQ_REL,                                          \
                             "atomic store's memory order cannot be consume, acquire or acq_rel", "error")))
#define FERRY_NV_INTEGRAL(T)                                                                            \
  static_assert(__is_integral(T), "non-generic nv atomic load, store, cas and exchange are valid only on " \
                                  "integral types")
#define FERRY_NV_SIZE(T, sizes)                                                                        \
  static_assert(sizes, "nv atomic operation on a type of unsupported size");                           \
  static_assert(sizeof(T) != 16 || FERRY_NV_HAS_B128, "16-byte nv atomic operations need sm_90 or later")
#define FERRY_NV_LOAD_STORE_SIZES(T) \
  (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16)
#define FERRY_NV_EXCHANGE_SIZES(T) (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16)
#define FERRY_NV_CAS_SIZES(T) (sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16)
#define FERRY_NV_STORAGE(T) typename ferry_nv_sized<sizeof(T)>::storage

/* A value argument takes the pointee's type, converted as nvcc converts it
 * (fetch_add(int *, 1u) and fetch_add(unsigned long long *, 1) compile
 * there): T is deduced from the pointer alone. */
template <typename T> struct ferry_nv_pointee {
  typedef T type;
};
#define FERRY_NV_VALUE(T) typename ferry_nv_pointee<T>::type

template <typename T>
__device__ __attribute__((always_inline)) inline T __nv_atomic_load_n(const T *ptr, int order,
                                                                      int scope = FERRY_NV_SYSTEM)
    FERRY_NV_LOAD_ORDER(order) {
  FERRY_NV_INTEGRAL(T);
  FERRY_NV_SIZE(T, FERRY_NV_LOAD_STORE_SIZES(T));
  return __builtin_bit_cast(T, ferry_nv_sized<sizeof(T)>::load(ptr, order, scope));
}
template <typename T>
__device__ __attribute__((always_inline)) inline void __nv_atomic_load(const T *ptr, T *ret, int order,
                                                                       int scope = FERRY_NV_SYSTEM)
    FERRY_NV_LOAD_ORDER(order) {
  FERRY_NV_SIZE(T, FERRY_NV_LOAD_STORE_SIZES(T));
  *ret = __builtin_bit_cast(T, ferry_nv_sized<sizeof(T)>::load(ptr, order, scope));
}
template <typename T>
__device__ __attribute__((always_inline)) inline void __nv_atomic_store_n(T *ptr, FERRY_NV_VALUE(T) value, int order,
                                                                          int scope = FERRY_NV_SYSTEM)
    FERRY_NV_STORE_ORDER(order) {
  FERRY_NV_INTEGRAL(T);
  FERRY_NV_SIZE(T, FERRY_NV_LOAD_STORE_SIZES(T));
  ferry_nv_sized<sizeof(T)>::store(ptr, __builtin_bit_cast(FERRY_NV_STORAGE(T), value), order, scope);
}
template <typename T>
__device__ __attribute__((always_inline)) inline void __nv_atomic_store(T *ptr, const T *value, int order,
                                                                        int scope = FERRY_NV_SYSTEM)
    FERRY_NV_STORE_ORDER(order) {
  FERRY_NV_SIZE(T, FERRY_NV_LOAD_STORE_SIZES(T));
  ferry_nv_sized<sizeof(T)>::store(ptr, __builtin_bit_cast(FERRY_NV_STORAGE(T), *value), order, scope);
}
template <typename T>
__device__ __attribute__((always_inline)) inline T __nv_atomic_exchange_n(T *ptr, FERRY_NV_VALUE(T) value, int order,
                                                                          int scope = FERRY_NV_SYSTEM) {
  FERRY_NV_INTEGRAL(T);
  FERRY_NV_SIZE(T, FERRY_NV_EXCHANGE_SIZES(T));
  return __builtin_bit_cast(
      T, ferry_nv_sized<sizeof(T)>::exchange(ptr, __builtin_bit_cast(FERRY_NV_STORAGE(T), value), order, scope));
}
template <typename T>
__device__ __attribute__((always_inline)) inline void __nv_atomic_exchange(T *ptr, const T *value, T *ret,
                                                                           int order, int scope = FERRY_NV_SYSTEM) {
  FERRY_NV_SIZE(T, FERRY_NV_EXCHANGE_SIZES(T));
  *ret = __builtin_bit_cast(
      T, ferry_nv_sized<sizeof(T)>::exchange(ptr, __builtin_bit_cast(FERRY_NV_STORAGE(T), *value), order, scope));
}
/* Strong whatever `weak` says (atom.cas does not fail spuriously); on
 * failure *expected takes the value found, as C++'s. */
template <typename T>
__device__ __attribute__((always_inline)) inline bool ferry_nv_compare_exchange(T *ptr, T *expected, T desired,
                                                                                int success, int failure,
                                                                                int scope) {
  FERRY_NV_SIZE(T, FERRY_NV_CAS_SIZES(T));
  FERRY_NV_STORAGE(T) want = __builtin_bit_cast(FERRY_NV_STORAGE(T), *expected);
  FERRY_NV_STORAGE(T) found = ferry_nv_sized<sizeof(T)>::compare_exchange(
      ptr, want, __builtin_bit_cast(FERRY_NV_STORAGE(T), desired), success, failure, scope);
  if (found == want)
    return true;
  *expected = __builtin_bit_cast(T, found);
  return false;
}
template <typename T>
__device__ __attribute__((always_inline)) inline bool
__nv_atomic_compare_exchange_n(T *ptr, T *expected, FERRY_NV_VALUE(T) desired, bool weak, int success, int failure,
                               int scope = FERRY_NV_SYSTEM) {
  FERRY_NV_INTEGRAL(T);
  (void)weak;
  return ferry_nv_compare_exchange(ptr, expected, desired, success, failure, scope);
}
template <typename T>
__device__ __attribute__((always_inline)) inline bool
__nv_atomic_compare_exchange(T *ptr, T *expected, const T *desired, bool weak, int success, int failure,
                             int scope = FERRY_NV_SYSTEM) {
  (void)weak;
  return ferry_nv_compare_exchange(ptr, expected, *desired, success, failure, scope);
}

/* fetch_add and fetch_sub: 4-byte integers, unsigned 8-byte ones, float
 * and double, as nvcc's. */
#define FERRY_NV_ADDABLE(T)                                                                              \
  static_assert(!(__is_integral(T) && __is_signed(T) && sizeof(T) == 8),                               \
                "atomic operations add and sub are not valid on signed integer of size 8");            \
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomic operations add and sub are valid only on types " \
                                                  "of size 4 or 8")
#define FERRY_NV_ORDERED(T)                                                                              \
  static_assert(!__is_floating_point(T), "atomic operations min and max are not supported on any "     \
                                         "floating-point types");                                      \
  static_assert(__is_integral(T) && (sizeof(T) == 4 || sizeof(T) == 8),                                \
                "atomic operations min and max are valid only on integers of size 4 or 8")
#define FERRY_NV_BITS(T)                                                                                 \
  static_assert(__is_integral(T) && (sizeof(T) == 4 || sizeof(T) == 8),                                \
                "atomic operations and, or and xor are valid only on integers of size 4 or 8")

#define FERRY_NV_FETCH(name, check, call)                                                       \
  template <typename T>                                                                         \
  __device__ __attribute__((always_inline)) inline T __nv_atomic_fetch_##name(                 \
      T *ptr, FERRY_NV_VALUE(T) value, int order, int scope = FERRY_NV_SYSTEM) {                \
    check(T);                                                                                   \
    return call;                                                                                \
  }                                                                                             \
  template <typename T>                                                                         \
  __device__ __attribute__((always_inline)) inline void __nv_atomic_##name(                    \
      T *ptr, FERRY_NV_VALUE(T) value, int order, int scope = FERRY_NV_SYSTEM) {                \
    check(T);                                                                                   \
    (void)call;                                                                                 \
  }
FERRY_NV_FETCH(add, FERRY_NV_ADDABLE, ferry_nv_add(ptr, value, order, scope))
FERRY_NV_FETCH(sub, FERRY_NV_ADDABLE, ferry_nv_add(ptr, ferry_nv_negate(value), order, scope))
FERRY_NV_FETCH(min, FERRY_NV_ORDERED, ferry_nv_min(ptr, value, order, scope))
FERRY_NV_FETCH(max, FERRY_NV_ORDERED, ferry_nv_max(ptr, value, order, scope))
FERRY_NV_FETCH(and, FERRY_NV_BITS, ferry_nv_and(ptr, value, order, scope))
FERRY_NV_FETCH(or, FERRY_NV_BITS, ferry_nv_or(ptr, value, order, scope))
FERRY_NV_FETCH(xor, FERRY_NV_BITS, ferry_nv_xor(ptr, value, order, scope))
#undef FERRY_NV_FETCH

/* fence.acq_rel for acq_rel, fence.sc for every other order (relaxed
 * included), as nvcc's. */
__device__ __attribute__((always_inline)) inline void __nv_atomic_thread_fence(int order,
                                                                               int scope = FERRY_NV_SYSTEM) {
  if (order == __NV_ATOMIC_ACQ_REL) {
    FERRY_NV_SCOPES(FERRY_NV_FENCE_ACQ_REL_ASM, "", ferry_nv_scope(scope), "", "", "")
  } else {
    ferry_nv_fence_sc(scope);
  }
}

/* Every macro above was expanded where it was used: none stays defined in
 * the program that includes this header. */
#undef FERRY_NV_ADDABLE
#undef FERRY_NV_BITS
#undef FERRY_NV_CAS_ASM
#undef FERRY_NV_CAS_SIZES
#undef FERRY_NV_CLUSTER_ARM
#undef FERRY_NV_DEVICE
#undef FERRY_NV_EXCHANGE_SIZES
#undef FERRY_NV_FENCE_ACQ_REL_ASM
#undef FERRY_NV_FENCE_SC_ASM
#undef FERRY_NV_HAS_B128
#undef FERRY_NV_INTEGRAL
#undef FERRY_NV_LD_ASM
#undef FERRY_NV_LOAD_ORDER
#undef FERRY_NV_LOAD_STORE_SIZES
#undef FERRY_NV_ORDERED
#undef FERRY_NV_RMW_ASM
#undef FERRY_NV_SCOPES
#undef FERRY_NV_SEMS
#undef FERRY_NV_SIZE
#undef FERRY_NV_STORAGE
#undef FERRY_NV_STORE_ORDER
#undef FERRY_NV_ST_ASM
#undef FERRY_NV_SYSTEM
#undef FERRY_NV_TWO_SEMS
#undef FERRY_NV_VALUE

#endif /* __cplusplus && __CUDA__ */
#endif /* FERRY_NVCC_ATOMICS_H */
