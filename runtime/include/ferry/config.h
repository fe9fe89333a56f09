/* What every ferry runtime header needs, for the three ways the headers are
 * compiled: clang CUDA (host and device halves), plain C for
 * nvptx64-nvidia-cuda, and the runtime's own sources (plain C, nvptx64).
 *
 * FERRY_DEVICE marks the declarations: the runtime's functions exist only in
 * device code, so CUDA needs __device__ on them, and C has no such keyword.
 * FERRY_SHARED declares a variable in shared memory in either language. */
#ifndef FERRY_CONFIG_H
#define FERRY_CONFIG_H

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

#if defined(__cplusplus)
#define FERRY_STATIC_ASSERT(condition, message) static_assert(condition, message)
#else
#define FERRY_STATIC_ASSERT(condition, message) _Static_assert(condition, message)
#endif

#endif /* FERRY_CONFIG_H */
