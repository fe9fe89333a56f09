/* ferry_barrier_*: each function picks the mbarrier (sm_80+, with the sm_90
 * forms where they exist) or the software barrier (sm_70, sm_75); see
 * arch.h for how the choice disappears at compile time.
 *
 * Waiting: sm_90's mbarrier.try_wait suspends the thread in hardware, so its
 * loops just retry. Before sm_90 the only instruction is a non-blocking test,
 * and the loops back off with nanosleep between tests. */
#include "arch.h"
#include "ferry/barrier.h"
#include "mbarrier.h"
#include "software_barrier.h"

FERRY_STATIC_ASSERT(sizeof(ferry_barrier_t) == 8, "a barrier is one 64-bit word of shared memory");

/* The longest single hardware suspension a bounded wait asks for, so that
 * the loop re-reads the clock now and then. */
#define TRY_WAIT_HINT_MAX_NS 1000000u

void ferry_barrier_init(ferry_barrier_t *barrier, uint32_t expected) {
  if (has_sm80())
    mbarrier_init(barrier, expected);
  else
    software_init(barrier, expected);
}

void ferry_barrier_invalidate(ferry_barrier_t *barrier) {
  /* The software barrier holds no hardware state; a later init rewrites it. */
  if (has_sm80())
    mbarrier_invalidate(barrier);
}

ferry_barrier_token_t ferry_barrier_arrive(ferry_barrier_t *barrier) {
  if (has_sm80())
    return mbarrier_arrive(barrier);
  return software_arrive(barrier, 1, false);
}

ferry_barrier_token_t ferry_barrier_arrive_n(ferry_barrier_t *barrier, uint32_t count) {
  if (has_sm80())
    return mbarrier_arrive_count(barrier, count);
  return software_arrive(barrier, count, false);
}

void ferry_barrier_arrive_and_drop(ferry_barrier_t *barrier) {
  if (has_sm80())
    (void)mbarrier_arrive_drop(barrier);
  else
    (void)software_arrive(barrier, 1, true);
}

/* One look at the barrier: has the phase named by `key` (a token, or a
 * parity when by_parity) completed? On sm_90 this may suspend for up to
 * hint_ns (0: the hardware's own limit). */
static inline bool poll(ferry_barrier_t *barrier, uint64_t key, bool by_parity, uint32_t hint_ns) {
  if (has_sm90())
    return by_parity ? mbarrier_try_wait_parity(barrier, key & 1, hint_ns)
                     : mbarrier_try_wait(barrier, key, hint_ns);
  if (has_sm80())
    return by_parity ? mbarrier_test_wait_parity(barrier, key & 1) : mbarrier_test_wait(barrier, key);
  return by_parity ? software_test_wait_parity(barrier, key & 1) : software_test_wait(barrier, key);
}

/* A look that never suspends, for test_wait. */
static inline bool test(ferry_barrier_t *barrier, uint64_t key, bool by_parity) {
  if (has_sm80())
    return by_parity ? mbarrier_test_wait_parity(barrier, key & 1) : mbarrier_test_wait(barrier, key);
  return by_parity ? software_test_wait_parity(barrier, key & 1) : software_test_wait(barrier, key);
}

static inline void wait_forever(ferry_barrier_t *barrier, uint64_t key, bool by_parity) {
  uint32_t pause = BACK_OFF_START_NS;
  while (!poll(barrier, key, by_parity, 0)) {
    if (!has_sm90())
      back_off(&pause);
  }
}

static inline bool wait_at_most(ferry_barrier_t *barrier, uint64_t key, bool by_parity, uint64_t nanoseconds) {
  uint64_t start = global_timer_ns();
  uint64_t deadline = nanoseconds > ~start ? ~(uint64_t)0 : start + nanoseconds;
  uint32_t pause = BACK_OFF_START_NS;
  for (;;) {
    uint64_t now = global_timer_ns();
    uint64_t left = now < deadline ? deadline - now : 0;
    uint32_t hint = left > TRY_WAIT_HINT_MAX_NS ? TRY_WAIT_HINT_MAX_NS : (left ? (uint32_t)left : 1);
    if (poll(barrier, key, by_parity, hint))
      return true;
    if (left == 0)
      return false;
    if (!has_sm90())
      back_off(&pause);
  }
}

void ferry_barrier_wait(ferry_barrier_t *barrier, ferry_barrier_token_t token) {
  wait_forever(barrier, token, false);
}

void ferry_barrier_arrive_and_wait(ferry_barrier_t *barrier) {
  wait_forever(barrier, ferry_barrier_arrive(barrier), false);
}

bool ferry_barrier_test_wait(ferry_barrier_t *barrier, ferry_barrier_token_t token) {
  return test(barrier, token, false);
}

bool ferry_barrier_try_wait(ferry_barrier_t *barrier, ferry_barrier_token_t token) {
  return poll(barrier, token, false, 0);
}

bool ferry_barrier_try_wait_for(ferry_barrier_t *barrier, ferry_barrier_token_t token, uint64_t nanoseconds) {
  return wait_at_most(barrier, token, false, nanoseconds);
}

void ferry_barrier_wait_parity(ferry_barrier_t *barrier, bool parity) { wait_forever(barrier, parity, true); }

bool ferry_barrier_test_wait_parity(ferry_barrier_t *barrier, bool parity) { return test(barrier, parity, true); }

bool ferry_barrier_try_wait_parity(ferry_barrier_t *barrier, bool parity) {
  return poll(barrier, parity, true, 0);
}

bool ferry_barrier_try_wait_parity_for(ferry_barrier_t *barrier, bool parity, uint64_t nanoseconds) {
  return wait_at_most(barrier, parity, true, nanoseconds);
}

uint32_t ferry_barrier_pending_count(ferry_barrier_token_t token) {
  if (has_sm80())
    return mbarrier_pending_count(token);
  return software_pending_count(token);
}

void ferry_barrier_expect_tx(ferry_barrier_t *barrier, uint32_t bytes) {
  if (has_sm90())
    mbarrier_expect_tx(barrier, bytes);
}

ferry_barrier_token_t ferry_barrier_arrive_tx(ferry_barrier_t *barrier, uint32_t count, uint32_t bytes) {
  if (!has_sm90())
    return ferry_barrier_arrive_n(barrier, count);
  if (count == 1)
    return mbarrier_arrive_expect_tx(barrier, bytes);
  /* expect_tx first: the arrivals may complete the phase, and the bytes
   * must already be counted when they do. */
  mbarrier_expect_tx(barrier, bytes);
  return mbarrier_arrive_count(barrier, count);
}

void ferry_barrier_complete_tx(ferry_barrier_t *barrier, uint32_t bytes) {
  if (has_sm90())
    mbarrier_complete_tx(barrier, bytes);
}

void ferry_barrier_arrive_on_cp_async(ferry_barrier_t *barrier) {
  if (has_sm80())
    mbarrier_arrive_on_cp_async(barrier);
}

/* Before sm_80 every copy is synchronous, so the arrival can be made now. */
void ferry_barrier_arrive_on_cp_async_noinc(ferry_barrier_t *barrier) {
  if (has_sm80())
    mbarrier_arrive_on_cp_async_noinc(barrier);
  else
    (void)software_arrive(barrier, 1, false);
}
