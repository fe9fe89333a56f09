/* The runtime's view of the target, and the address conversions its PTX
 * needs.
 *
 * The library is compiled once, to bitcode, and linked into compilations for
 * every GPU. So it cannot use #if on the architecture: it asks
 * __nvvm_reflect("__CUDA_ARCH") at run time, as libdevice does. When clang
 * links the library with -mlink-builtin-bitcode, the NVVMReflect pass replaces
 * each such call with the target's number (700, 800, 900, ...) and the
 * branches for other targets are deleted before instruction selection, even
 * at -O0; so PTX that a target lacks (mbarrier on sm_70, expect_tx on sm_80)
 * never reaches ptxas. The library itself is built with
 * -mllvm -nvvm-reflect-enable=false so that its own -O2 does not fold these
 * calls for the architecture it happens to be built for. */
#ifndef FERRY_RUNTIME_ARCH_H
#define FERRY_RUNTIME_ARCH_H

#include "ferry/config.h"

typedef __attribute__((address_space(3))) int64_t shared_i64;
typedef __attribute__((address_space(3))) uint32_t shared_u32;

static inline int cuda_arch(void) { return __nvvm_reflect("__CUDA_ARCH"); }

/* mbarrier, cp.async, createpolicy and the L2 cache hints: Ampere. */
static inline bool has_sm80(void) { return cuda_arch() >= 800; }
/* mbarrier.try_wait, transaction counts, arrive with a count: Hopper. */
static inline bool has_sm90(void) { return cuda_arch() >= 900; }

/* The runtime's pointers are generic; the shared- and global-space PTX
 * instructions take addresses in their own space (cvta.to.shared /
 * cvta.to.global). A shared address fits 32 bits. */
static inline shared_i64 *to_shared_i64(const void *pointer) { return (shared_i64 *)pointer; }
static inline uint32_t shared_address(const void *pointer) {
  return (uint32_t)(uintptr_t)(const __attribute__((address_space(3))) void *)pointer;
}
static inline uint64_t global_address(const void *pointer) {
  return (uint64_t)(uintptr_t)(const __attribute__((address_space(1))) void *)pointer;
}

static inline uint64_t global_timer_ns(void) { return (uint64_t)__nvvm_read_ptx_sreg_globaltimer(); }

/* Exponential back-off for polling loops: spinning on shared memory steals
 * issue slots from the threads that would complete the phase. nanosleep
 * needs sm_70: the headers make the barrier unavailable below it
 * (config.h), and a caller that declares it by hand must still not crash
 * the code generator, which cannot select nanosleep there (ptxas then
 * refuses the software barrier's sm_70 atomics with a message). */
static inline void back_off(uint32_t *nanoseconds) {
  if (cuda_arch() >= 700)
    __nvvm_nanosleep(*nanoseconds);
  if (*nanoseconds < 256)
    *nanoseconds *= 2;
}
#define BACK_OFF_START_NS 8u

#endif /* FERRY_RUNTIME_ARCH_H */
