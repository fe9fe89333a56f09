/* The barrier for sm_70 and sm_75, which have no mbarrier: the same
 * semantics in one 64-bit word of shared memory, updated with atomics.
 *
 *   bits  0..19  pending: arrivals the current phase still needs
 *   bits 20..39  expected: what the next phase starts with
 *   bits 40..63  phase number, modulo 2^24
 *
 * An arrival subtracts from the whole word; while pending >= the amount, no
 * borrow leaves the pending field, so the other fields are untouched (an
 * arrival beyond the expected count is undefined, as for cuda::barrier). The
 * thread whose arrival brings pending to 0 starts the next phase with a
 * second atomic add: pending += expected, phase += 1 (a carry out of the top
 * is the phase wrapping, harmless because phases are only ever compared for
 * equality, or by parity, with the current one). Nobody can arrive between
 * the two adds: all of this phase's arrivals are in, and the next phase's
 * arrivals come from threads that first saw this phase complete, which only
 * the second add shows them.
 *
 * Ordering: each arrival is an acq_rel RMW at CTA scope, so the completing
 * thread's first add has acquired every earlier arrival's writes; its second
 * add releases them; a waiter's ld.acquire that sees the new phase acquires
 * them. clang 22 drops the ordering of atomicrmw on NVPTX (it emits a relaxed
 * atom), so the atomics are written in PTX. */
#ifndef FERRY_RUNTIME_SOFTWARE_BARRIER_H
#define FERRY_RUNTIME_SOFTWARE_BARRIER_H

#include "arch.h"
#include "ferry/barrier.h"

#define SOFTWARE_PENDING_MASK 0xFFFFFull
#define SOFTWARE_EXPECTED_SHIFT 20
#define SOFTWARE_PHASE_SHIFT 40

static inline uint64_t software_add(ferry_barrier_t *barrier, uint64_t delta) {
  uint64_t old;
  __asm__ volatile("atom.acq_rel.cta.shared.add.u64 %0, [%1], %2;"
                   : "=l"(old)
                   : "r"(shared_address(barrier)), "l"(delta)
                   : "memory");
  return old;
}

static inline uint64_t software_load(ferry_barrier_t *barrier) {
  uint64_t state;
  __asm__ volatile("ld.acquire.cta.shared.u64 %0, [%1];"
                   : "=l"(state)
                   : "r"(shared_address(barrier))
                   : "memory");
  return state;
}

/* Not atomic: like mbarrier.init, init must be followed by a synchronisation
 * of the participants before any of them uses the barrier. */
static inline void software_init(ferry_barrier_t *barrier, uint32_t count) {
  uint64_t word = (uint64_t)count | ((uint64_t)count << SOFTWARE_EXPECTED_SHIFT);
  __asm__ volatile("st.shared.u64 [%0], %1;" : : "r"(shared_address(barrier)), "l"(word) : "memory");
}

/* `count` arrivals; `drop` also removes one thread from later phases. */
static inline uint64_t software_arrive(ferry_barrier_t *barrier, uint32_t count, bool drop) {
  uint64_t delta = (uint64_t)count + (drop ? 1ull << SOFTWARE_EXPECTED_SHIFT : 0);
  uint64_t old = software_add(barrier, (uint64_t)0 - delta);
  if ((old & SOFTWARE_PENDING_MASK) == count) {
    uint64_t expected = ((old >> SOFTWARE_EXPECTED_SHIFT) & SOFTWARE_PENDING_MASK) - (drop ? 1 : 0);
    (void)software_add(barrier, expected + (1ull << SOFTWARE_PHASE_SHIFT));
  }
  return old;
}

static inline bool software_phase_done(uint64_t state, uint64_t token) {
  return (state >> SOFTWARE_PHASE_SHIFT) != (token >> SOFTWARE_PHASE_SHIFT);
}

/* Phase k is complete, in the sense of the mbarrier's parity test, unless it
 * is the current phase: the current phase's parity is the pending one. */
static inline bool software_parity_done(uint64_t state, bool parity) {
  return ((state >> SOFTWARE_PHASE_SHIFT) & 1) != (uint64_t)parity;
}

static inline bool software_test_wait(ferry_barrier_t *barrier, uint64_t token) {
  return software_phase_done(software_load(barrier), token);
}

static inline bool software_test_wait_parity(ferry_barrier_t *barrier, bool parity) {
  return software_parity_done(software_load(barrier), parity);
}

static inline uint32_t software_pending_count(uint64_t token) {
  return (uint32_t)(token & SOFTWARE_PENDING_MASK);
}

#endif /* FERRY_RUNTIME_SOFTWARE_BARRIER_H */
