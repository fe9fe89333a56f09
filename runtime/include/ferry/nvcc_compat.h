/* What nvcc's headers give a program and clang 22's CUDA headers do not.
 * ferry-cc force-includes this header into every compile (-include), after
 * defining nvcc's version macros (__CUDACC_VER_MAJOR__, _MINOR__, _BUILD__,
 * the toolkit's); README.md ("Known differences from nvcc") lists it all.
 *
 * - __NVCC__, as nvcc defines it for every input. Programs test it to mean
 *   "a CUDA compiler" (`#ifndef __NVCC__` then `#define __device__`);
 *   CCCL, nv/target and cooperative groups test it to mean nvcc's own front
 *   end, and would then use nvcc's builtins. Their compiler detection is
 *   included first, so it sees clang, and __NVCC__ is defined after.
 * - nvcc's host min/max overloads (math_functions.hpp, static inline
 *   __host__ __device__ there): clang has the device ones alone.
 * - sm_32_intrinsics.h's cache-hinted loads and stores that clang lacks:
 *   __ldca, __ldlu, __stwb, __stcg, __stcs for every type nvcc declares them
 *   for, __ldcg/__ldcs/__ldcv/__stwt for long and unsigned long.
 * - __tanhf (device_functions.h), tanh.approx.f32 from sm_75 on.
 * - nvcc's built-in atomic functions (__nv_atomic_load_n and the rest, CUDA
 *   12.8 on), in nvcc_atomics.h.
 * - __managed__: a __device__ variable that ferry's plugin makes managed,
 *   as nvcc does (below).
 *
 * Each definition is an overload clang does not have (host-only where
 * clang's is device-only), so no call that compiled before means anything
 * else now. */
#ifndef FERRY_NVCC_COMPAT_H
#define FERRY_NVCC_COMPAT_H

#if defined(__cplusplus) && !defined(__NVCC__)
/* CCCL (and cooperative groups, which includes it) needs C++17 and says so
 * when included: before C++17 none of it can be included at all. */
#if __cplusplus >= 201703L && __has_include(<cuda/std/__cccl/compiler.h>)
#include <cuda/std/__cccl/compiler.h>
#endif
#if __has_include(<nv/target>)
#include <nv/target>
#endif
#if __cplusplus >= 201703L && __has_include(<cooperative_groups/details/info.h>) && defined(__CUDA__)
#include <cooperative_groups/details/info.h>
#endif
#endif

#ifndef __NVCC__
#define __NVCC__ 1
#endif

#if defined(__cplusplus) && defined(__CUDA__)

/* ---- host min and max, as nvcc's math_functions.hpp has them ---------- */

#define FERRY_HOST_MIN_MAX(result, left, right)                                                              \
  static inline __host__ result min(const left a, const right b) {                                           \
    return (result)a < (result)b ? (result)a : (result)b;                                                    \
  }                                                                                                          \
  static inline __host__ result max(const left a, const right b) {                                           \
    return (result)a > (result)b ? (result)a : (result)b;                                                    \
  }
FERRY_HOST_MIN_MAX(int, int, int)
FERRY_HOST_MIN_MAX(unsigned int, unsigned int, unsigned int)
FERRY_HOST_MIN_MAX(unsigned int, int, unsigned int)
FERRY_HOST_MIN_MAX(unsigned int, unsigned int, int)
FERRY_HOST_MIN_MAX(long, long, long)
FERRY_HOST_MIN_MAX(unsigned long, unsigned long, unsigned long)
FERRY_HOST_MIN_MAX(unsigned long, long, unsigned long)
FERRY_HOST_MIN_MAX(unsigned long, unsigned long, long)
FERRY_HOST_MIN_MAX(long long, long long, long long)
FERRY_HOST_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
FERRY_HOST_MIN_MAX(unsigned long long, long long, unsigned long long)
FERRY_HOST_MIN_MAX(unsigned long long, unsigned long long, long long)
#undef FERRY_HOST_MIN_MAX

/* nvcc's float and double ones are fminf/fmaxf and fmin/fmax (a NaN
 * operand gives the other one). */
static inline __host__ float min(const float a, const float b) { return __builtin_fminf(a, b); }
static inline __host__ float max(const float a, const float b) { return __builtin_fmaxf(a, b); }
static inline __host__ double min(const double a, const double b) { return __builtin_fmin(a, b); }
static inline __host__ double max(const double a, const double b) { return __builtin_fmax(a, b); }
static inline __host__ double min(const float a, const double b) { return __builtin_fmin(a, b); }
static inline __host__ double max(const float a, const double b) { return __builtin_fmax(a, b); }
static inline __host__ double min(const double a, const float b) { return __builtin_fmin(a, b); }
static inline __host__ double max(const double a, const float b) { return __builtin_fmax(a, b); }

static inline __host__ unsigned int umin(const unsigned int a, const unsigned int b) { return a < b ? a : b; }
static inline __host__ unsigned int umax(const unsigned int a, const unsigned int b) { return a > b ? a : b; }
static inline __host__ long long llmin(const long long a, const long long b) { return a < b ? a : b; }
static inline __host__ long long llmax(const long long a, const long long b) { return a > b ? a : b; }
static inline __host__ unsigned long long ullmin(const unsigned long long a, const unsigned long long b) {
  return a < b ? a : b;
}
static inline __host__ unsigned long long ullmax(const unsigned long long a, const unsigned long long b) {
  return a > b ? a : b;
}

/* ---- cache-hinted loads and stores (sm_32_intrinsics.h) ---------------- */

/* One scalar: PTX type, the register's C type and its constraint (PTX has
 * no 8-bit registers: bytes travel in 32-bit ones, as clang's own do). */
#define FERRY_LOAD(name, hint, type, ptx, reg, constraint)                                                   \
  static __device__ __forceinline__ type name(const type *ptr) {                                             \
    reg value;                                                                                               \
    asm volatile("ld.global." hint "." ptx " %0, [%1];" : "=" constraint(value) : "l"(ptr) : "memory");       \
    return (type)value;                                                                                      \
  }
#define FERRY_STORE(name, hint, type, ptx, reg, constraint)                                                  \
  static __device__ __forceinline__ void name(type *ptr, type value) {                                       \
    asm volatile("st.global." hint "." ptx " [%0], %1;" ::"l"(ptr), constraint((reg)value) : "memory");       \
  }
#define FERRY_LOAD2(name, hint, type, ptx, reg, constraint)                                                  \
  static __device__ __forceinline__ type name(const type *ptr) {                                             \
    reg x, y;                                                                                                \
    asm volatile("ld.global." hint ".v2." ptx " {%0, %1}, [%2];"                                             \
                 : "=" constraint(x), "=" constraint(y) : "l"(ptr) : "memory");                              \
    type value;                                                                                              \
    value.x = x;                                                                                             \
    value.y = y;                                                                                             \
    return value;                                                                                            \
  }
#define FERRY_STORE2(name, hint, type, ptx, reg, constraint)                                                 \
  static __device__ __forceinline__ void name(type *ptr, type value) {                                       \
    asm volatile("st.global." hint ".v2." ptx " [%0], {%1, %2};" ::"l"(ptr), constraint((reg)value.x),        \
                 constraint((reg)value.y) : "memory");                                                       \
  }
#define FERRY_LOAD4(name, hint, type, ptx, reg, constraint)                                                  \
  static __device__ __forceinline__ type name(const type *ptr) {                                             \
    reg x, y, z, w;                                                                                          \
    asm volatile("ld.global." hint ".v4." ptx " {%0, %1, %2, %3}, [%4];"                                     \
                 : "=" constraint(x), "=" constraint(y), "=" constraint(z), "=" constraint(w) : "l"(ptr)     \
                 : "memory");                                                                                \
    type value;                                                                                              \
    value.x = x;                                                                                             \
    value.y = y;                                                                                             \
    value.z = z;                                                                                             \
    value.w = w;                                                                                             \
    return value;                                                                                            \
  }
#define FERRY_STORE4(name, hint, type, ptx, reg, constraint)                                                 \
  static __device__ __forceinline__ void name(type *ptr, type value) {                                       \
    asm volatile("st.global." hint ".v4." ptx " [%0], {%1, %2, %3, %4};" ::"l"(ptr), constraint((reg)value.x), \
                 constraint((reg)value.y), constraint((reg)value.z), constraint((reg)value.w) : "memory");   \
  }

/* Every type sm_32_intrinsics.h declares the hinted loads and stores for. */
#define FERRY_EVERY_TYPE(SCALAR, PAIR, QUAD, name, hint)                                                     \
  SCALAR(name, hint, long, "s64", long, "l")                                                                 \
  SCALAR(name, hint, unsigned long, "u64", unsigned long, "l")                                               \
  SCALAR(name, hint, char, "s8", int, "r")                                                                   \
  SCALAR(name, hint, signed char, "s8", int, "r")                                                            \
  SCALAR(name, hint, short, "s16", short, "h")                                                               \
  SCALAR(name, hint, int, "s32", int, "r")                                                                   \
  SCALAR(name, hint, long long, "s64", long long, "l")                                                       \
  SCALAR(name, hint, unsigned char, "u8", unsigned int, "r")                                                 \
  SCALAR(name, hint, unsigned short, "u16", unsigned short, "h")                                             \
  SCALAR(name, hint, unsigned int, "u32", unsigned int, "r")                                                 \
  SCALAR(name, hint, unsigned long long, "u64", unsigned long long, "l")                                     \
  SCALAR(name, hint, float, "f32", float, "f")                                                               \
  SCALAR(name, hint, double, "f64", double, "d")                                                             \
  PAIR(name, hint, char2, "s8", int, "r")                                                                    \
  QUAD(name, hint, char4, "s8", int, "r")                                                                    \
  PAIR(name, hint, short2, "s16", short, "h")                                                                \
  QUAD(name, hint, short4, "s16", short, "h")                                                                \
  PAIR(name, hint, int2, "s32", int, "r")                                                                    \
  QUAD(name, hint, int4, "s32", int, "r")                                                                    \
  PAIR(name, hint, longlong2, "s64", long long, "l")                                                         \
  PAIR(name, hint, uchar2, "u8", unsigned int, "r")                                                          \
  QUAD(name, hint, uchar4, "u8", unsigned int, "r")                                                          \
  PAIR(name, hint, ushort2, "u16", unsigned short, "h")                                                      \
  QUAD(name, hint, ushort4, "u16", unsigned short, "h")                                                      \
  PAIR(name, hint, uint2, "u32", unsigned int, "r")                                                          \
  QUAD(name, hint, uint4, "u32", unsigned int, "r")                                                          \
  PAIR(name, hint, ulonglong2, "u64", unsigned long long, "l")                                               \
  PAIR(name, hint, float2, "f32", float, "f")                                                                \
  QUAD(name, hint, float4, "f32", float, "f")                                                                \
  PAIR(name, hint, double2, "f64", double, "d")

FERRY_EVERY_TYPE(FERRY_LOAD, FERRY_LOAD2, FERRY_LOAD4, __ldca, "ca")
FERRY_EVERY_TYPE(FERRY_LOAD, FERRY_LOAD2, FERRY_LOAD4, __ldlu, "lu")
FERRY_EVERY_TYPE(FERRY_STORE, FERRY_STORE2, FERRY_STORE4, __stwb, "wb")
FERRY_EVERY_TYPE(FERRY_STORE, FERRY_STORE2, FERRY_STORE4, __stcg, "cg")
FERRY_EVERY_TYPE(FERRY_STORE, FERRY_STORE2, FERRY_STORE4, __stcs, "cs")
/* clang has these four for every type but long and unsigned long. */
FERRY_LOAD(__ldcg, "cg", unsigned long, "u64", unsigned long, "l")
FERRY_LOAD(__ldcs, "cs", unsigned long, "u64", unsigned long, "l")
FERRY_LOAD(__ldcv, "cv", unsigned long, "u64", unsigned long, "l")
FERRY_STORE(__stwt, "wt", long, "s64", long, "l")
FERRY_STORE(__stwt, "wt", unsigned long, "u64", unsigned long, "l")

#undef FERRY_EVERY_TYPE
#undef FERRY_LOAD
#undef FERRY_LOAD2
#undef FERRY_LOAD4
#undef FERRY_STORE
#undef FERRY_STORE2
#undef FERRY_STORE4

/* ---- __tanhf (device_functions.h) --------------------------------------- */

/* The hardware's approximate tanh from sm_75 on, as nvcc's; tanhf before. */
static __device__ __forceinline__ float __tanhf(float x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
  float result;
  asm("tanh.approx.f32 %0, %1;" : "=f"(result) : "f"(x));
  return result;
#else
  return tanhf(x);
#endif
}

#include "nvcc_atomics.h"

/* ---- __managed__ variables ------------------------------------------- */

/* nvcc places a __managed__ variable in unified memory: one object that
 * host and device code both read and write, the host's accesses going
 * through a pointer the CUDA runtime fills (__cudaRegisterManagedVar).
 * clang 22 implements that for HIP alone: for CUDA it ignores the
 * attribute with a warning and keeps a host variable. Here the variable
 * is declared __device__ (device code names it, and host code may name a
 * __device__ variable's shadow), and the annotation tells ferry's pass
 * ferry-managed-variables (passes/lower/managed_variables.c) to do what
 * nvcc does: mark it .managed in the PTX, register it as managed, and make
 * every host access go through the runtime's pointer. Without ferry's
 * plugin the annotation would do nothing, and host code would silently
 * read its own copy: so the declaration is an error unless
 * FERRY_PASS_PLUGIN says the plugin runs (ferry-cc defines it; a compile
 * with -fpass-plugin=ferry.so adds -DFERRY_PASS_PLUGIN). What the pass
 * cannot give (separate compilation, an address in a global's
 * initializer) is one error at the declaration's line. */
#undef __managed__
#ifdef FERRY_PASS_PLUGIN
#define __managed__ __device__ __attribute__((annotate("ferry.managed_variable")))
#else
/* _Pragma takes one string literal: the message is one line. */
#define __managed__                                                                                \
  _Pragma("GCC error \"__managed__ needs ferry's pass plugin: compile with ferry-cc, or with -fpass-plugin=ferry.so and -DFERRY_PASS_PLUGIN\"") __device__
#endif

#endif /* __cplusplus && __CUDA__ */
#endif /* FERRY_NVCC_COMPAT_H */
