/* The hardware barrier (PTX mbarrier, sm_80 and newer), one function per
 * instruction the runtime uses.
 *
 * clang's __nvvm_* builtins cover the sm_80 instructions; the sm_90 ones
 * (try_wait, the transaction counts, arrive with a count) and the parity test
 * have no builtin in clang 22, so they are inline PTX. Every asm is volatile
 * with a "memory" clobber: these are synchronisation points, and the compiler
 * must not move loads and stores of the data they guard across them.
 *
 * Only call the sm_90 functions under has_sm90(): their PTX does not
 * assemble for older targets. The sm_90 forms spell the state space
 * .shared::cta (PTX 7.8+, always true for sm_90 targets); the sm_80 forms
 * spell it .shared, which every PTX version accepts. */
#ifndef FERRY_RUNTIME_MBARRIER_H
#define FERRY_RUNTIME_MBARRIER_H

#include "arch.h"
#include "ferry/barrier.h"

static inline void mbarrier_init(ferry_barrier_t *barrier, uint32_t count) {
  __nvvm_mbarrier_init_shared(to_shared_i64(barrier), (int)count);
}

static inline void mbarrier_invalidate(ferry_barrier_t *barrier) {
  __nvvm_mbarrier_inval_shared(to_shared_i64(barrier));
}

static inline uint64_t mbarrier_arrive(ferry_barrier_t *barrier) {
  return (uint64_t)__nvvm_mbarrier_arrive_shared(to_shared_i64(barrier));
}

/* sm_80 has no arrive with a count, but it has arrive.noComplete with one,
 * which must not complete the phase. It cannot here: our own last arrival is
 * still outstanding. So count - 1 arrivals that cannot complete, then one
 * that may. Both tokens name the same phase; the first is returned because
 * its pending count is the one before all `count` arrivals, as on sm_90 and
 * in the software barrier. */
static inline uint64_t mbarrier_arrive_count(ferry_barrier_t *barrier, uint32_t count) {
  if (has_sm90()) {
    uint64_t state;
    __asm__ volatile("mbarrier.arrive.shared::cta.b64 %0, [%1], %2;"
                     : "=l"(state)
                     : "r"(shared_address(barrier)), "r"(count)
                     : "memory");
    return state;
  }
  if (count <= 1)
    return mbarrier_arrive(barrier);
  uint64_t first = (uint64_t)__nvvm_mbarrier_arrive_noComplete_shared(to_shared_i64(barrier), (int)(count - 1));
  (void)mbarrier_arrive(barrier);
  return first;
}

static inline uint64_t mbarrier_arrive_drop(ferry_barrier_t *barrier) {
  return (uint64_t)__nvvm_mbarrier_arrive_drop_shared(to_shared_i64(barrier));
}

static inline bool mbarrier_test_wait(ferry_barrier_t *barrier, uint64_t token) {
  return __nvvm_mbarrier_test_wait_shared(to_shared_i64(barrier), (int64_t)token);
}

static inline bool mbarrier_test_wait_parity(ferry_barrier_t *barrier, bool parity) {
  uint32_t done;
  __asm__ volatile("{\n\t.reg .pred done;\n\t"
                   "mbarrier.test_wait.parity.shared.b64 done, [%1], %2;\n\t"
                   "selp.u32 %0, 1, 0, done;\n\t}"
                   : "=r"(done)
                   : "r"(shared_address(barrier)), "r"((uint32_t)parity)
                   : "memory");
  return done != 0;
}

/* sm_90: the thread may be suspended in hardware until the phase completes
 * or a time limit passes; the hint, when non-zero, is that limit in ns. */
static inline bool mbarrier_try_wait(ferry_barrier_t *barrier, uint64_t token, uint32_t hint_ns) {
  uint32_t done;
  if (hint_ns)
    __asm__ volatile("{\n\t.reg .pred done;\n\t"
                     "mbarrier.try_wait.shared::cta.b64 done, [%1], %2, %3;\n\t"
                     "selp.u32 %0, 1, 0, done;\n\t}"
                     : "=r"(done)
                     : "r"(shared_address(barrier)), "l"(token), "r"(hint_ns)
                     : "memory");
  else
    __asm__ volatile("{\n\t.reg .pred done;\n\t"
                     "mbarrier.try_wait.shared::cta.b64 done, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, done;\n\t}"
                     : "=r"(done)
                     : "r"(shared_address(barrier)), "l"(token)
                     : "memory");
  return done != 0;
}

static inline bool mbarrier_try_wait_parity(ferry_barrier_t *barrier, bool parity, uint32_t hint_ns) {
  uint32_t done;
  if (hint_ns)
    __asm__ volatile("{\n\t.reg .pred done;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 done, [%1], %2, %3;\n\t"
                     "selp.u32 %0, 1, 0, done;\n\t}"
                     : "=r"(done)
                     : "r"(shared_address(barrier)), "r"((uint32_t)parity), "r"(hint_ns)
                     : "memory");
  else
    __asm__ volatile("{\n\t.reg .pred done;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 done, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, done;\n\t}"
                     : "=r"(done)
                     : "r"(shared_address(barrier)), "r"((uint32_t)parity)
                     : "memory");
  return done != 0;
}

static inline uint32_t mbarrier_pending_count(uint64_t token) {
  return (uint32_t)__nvvm_mbarrier_pending_count((int64_t)token);
}

/* sm_90 only. */
static inline void mbarrier_expect_tx(ferry_barrier_t *barrier, uint32_t bytes) {
  __asm__ volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;"
                   :
                   : "r"(shared_address(barrier)), "r"(bytes)
                   : "memory");
}

/* sm_90 only. */
static inline uint64_t mbarrier_arrive_expect_tx(ferry_barrier_t *barrier, uint32_t bytes) {
  uint64_t state;
  __asm__ volatile("mbarrier.arrive.expect_tx.shared::cta.b64 %0, [%1], %2;"
                   : "=l"(state)
                   : "r"(shared_address(barrier)), "r"(bytes)
                   : "memory");
  return state;
}

/* sm_90 only. */
static inline void mbarrier_complete_tx(ferry_barrier_t *barrier, uint32_t bytes) {
  __asm__ volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;"
                   :
                   : "r"(shared_address(barrier)), "r"(bytes)
                   : "memory");
}

/* cp.async.mbarrier.arrive (no .noinc): adds one pending arrival now and
 * makes it once this thread's earlier cp.async copies have landed. */
static inline void mbarrier_arrive_on_cp_async(ferry_barrier_t *barrier) {
  __nvvm_cp_async_mbarrier_arrive_shared(to_shared_i64(barrier));
}

/* cp.async.mbarrier.arrive.noinc: the thread's own arrival, made once its
 * earlier cp.async copies have landed. */
static inline void mbarrier_arrive_on_cp_async_noinc(ferry_barrier_t *barrier) {
  __nvvm_cp_async_mbarrier_arrive_noinc_shared(to_shared_i64(barrier));
}

#endif /* FERRY_RUNTIME_MBARRIER_H */
