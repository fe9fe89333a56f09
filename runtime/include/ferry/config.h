/* What every ferry runtime header needs, for the three ways the headers are
 * compiled: clang CUDA (host and device halves), plain C for
 * nvptx64-nvidia-cuda, and the runtime's own sources (plain C, nvptx64).
 *
 * FERRY_DEVICE marks the declarations: the runtime's functions exist only in
 * device code, so CUDA needs __device__ on them, and C has no such keyword.
 * FERRY_SHARED declares a variable in shared memory in either language. */
#ifndef FERRY_CONFIG_H
#define FERRY_CONFIG_H

/* nvcc cannot use ferry: the runtime is a bitcode library that only clang
 * links, its declarations are device functions only in clang's CUDA
 * (__CUDA__), and ferry's copies need ferry's plugin. Without this, nvcc
 * reports "calling a __host__ function from a __global__ function".
 * nvcc is told apart by __NVCC__ without __clang__ (its front end, cicc
 * and cudafe, never defines __clang__; its host pass may be clang's, so
 * the CUDA-mode __CUDA__ is asked too): ferry-cc defines __NVCC__ as nvcc
 * does (ferry/nvcc_compat.h), and is clang. */
#if defined(__NVCC__) && !(defined(__clang__) && defined(__CUDA__)) && !defined(FERRY_NVCC_COMPAT_H)
#error "ferry's headers need clang, not nvcc: compile with ferry-cc (build/bin/ferry-cc), or with clang -x cuda, ferry's plugin and its runtime (see README.md)"
#endif

#if defined(__CUDA__)
#define FERRY_DEVICE __device__
#define FERRY_SHARED __shared__
#else
#define FERRY_DEVICE
/* clang's name for the space CUDA calls __shared__. A pointer to such a
 * variable must be cast to a plain (generic) pointer before it is passed to
 * the runtime: (ferry_barrier_t *)&barrier. */
#define FERRY_SHARED __attribute__((address_space(3)))
#endif

/* The bitcode library is C: C++ callers must not mangle its names. */
#ifdef __cplusplus
#define FERRY_BEGIN_DECLS extern "C" {
#define FERRY_END_DECLS }
#else
#define FERRY_BEGIN_DECLS
#define FERRY_END_DECLS
#endif

#if defined(__cplusplus) || !defined(__NVPTX__)
#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif
#else
/* Plain C for nvptx64 has no C library: the host's <stdint.h> does not
 * compile for that target unless -ffreestanding is given. clang's own
 * <stddef.h> and <stdbool.h> always work, and C11 allows these typedefs to be
 * repeated if <stdint.h> is included as well (they name the same types). */
#include <stdbool.h>
#include <stddef.h>
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __UINTPTR_TYPE__ uintptr_t;
#endif

/* The barrier, and the block pipeline built on it, need sm_70: acquire and
 * release atomics at block scope, and nanosleep. Below sm_70, and in plain
 * C whose -march names no GPU (clang then targets sm_30 and defines no
 * __CUDA_ARCH__; the host half of a CUDA compile defines __NVPTX__ too, and
 * no __CUDA_ARCH__), their declarations are unavailable, so that a call is a
 * compile error at the call that says what is needed, never a crash of the
 * code generator. (The thread pipeline and the access properties work on
 * every target.) */
#if defined(__NVPTX__) && !defined(__CUDA__) && !defined(__CUDA_ARCH__)
#define FERRY_TARGET_NAME_ "sm_30, clang's default when -march names no GPU"
#elif defined(__NVPTX__) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700
#define FERRY_STRINGIZE_(x) #x
#define FERRY_STRINGIZE(x) FERRY_STRINGIZE_(x)
#define FERRY_TARGET_NAME_ FERRY_SM_NAME_ "(__CUDA_ARCH__ " FERRY_STRINGIZE(__CUDA_ARCH__) ")"
#if __CUDA_ARCH__ == 200
#define FERRY_SM_NAME_ "sm_20 "
#elif __CUDA_ARCH__ == 210
#define FERRY_SM_NAME_ "sm_21 "
#elif __CUDA_ARCH__ == 300
#define FERRY_SM_NAME_ "sm_30 "
#elif __CUDA_ARCH__ == 320
#define FERRY_SM_NAME_ "sm_32 "
#elif __CUDA_ARCH__ == 350
#define FERRY_SM_NAME_ "sm_35 "
#elif __CUDA_ARCH__ == 370
#define FERRY_SM_NAME_ "sm_37 "
#elif __CUDA_ARCH__ == 500
#define FERRY_SM_NAME_ "sm_50 "
#elif __CUDA_ARCH__ == 520
#define FERRY_SM_NAME_ "sm_52 "
#elif __CUDA_ARCH__ == 530
#define FERRY_SM_NAME_ "sm_53 "
#elif __CUDA_ARCH__ == 600
#define FERRY_SM_NAME_ "sm_60 "
#elif __CUDA_ARCH__ == 610
#define FERRY_SM_NAME_ "sm_61 "
#elif __CUDA_ARCH__ == 620
#define FERRY_SM_NAME_ "sm_62 "
#else
#define FERRY_SM_NAME_ "a GPU "
#endif
#endif
#ifdef FERRY_TARGET_NAME_
#define FERRY_NEEDS_SM70                                                                           \
  __attribute__((unavailable("ferry's barrier and block pipeline need sm_70 or newer; this "      \
                             "compilation targets " FERRY_TARGET_NAME_)))
#else
#define FERRY_NEEDS_SM70
#endif

#if defined(__cplusplus)
#define FERRY_STATIC_ASSERT(condition, message) static_assert(condition, message)
#else
#define FERRY_STATIC_ASSERT(condition, message) _Static_assert(condition, message)
#endif

#endif /* FERRY_CONFIG_H */
