/* ferry_barrier_t: the C counterpart of cuda::barrier<thread_scope_block>.
 *
 * An 8-byte object in shared memory. On sm_80 and newer it is a hardware
 * mbarrier; on sm_70 and sm_75, which have none, it is a software barrier
 * built from shared-memory atomics with the same semantics. One bitcode
 * library serves every target: each function picks its implementation with
 * __nvvm_reflect("__CUDA_ARCH"), which clang folds for the target it compiles
 * for, so the other implementations never reach the PTX.
 *
 * A barrier counts arrivals. It starts in phase 0 expecting `expected`
 * arrivals; when that many have arrived (and, on sm_90, every transaction
 * byte announced with expect_tx has been delivered), the phase completes,
 * waiters are released, and the next phase begins with the same expected
 * count (less the threads that left with arrive_and_drop). Phases never run
 * out: the hardware phase bit and the software phase counter both wrap, and
 * tokens and parities only ever compare against the current phase.
 *
 * Arrive is a release and a completed wait is an acquire, at block scope:
 * what a thread wrote before arriving is visible to every thread that waited
 * for that phase. As with cuda::barrier, waiting on a token is only defined
 * for the current phase or the one before it.
 *
 * Below sm_70 the barrier cannot be built (no block-scope acquire/release
 * atomics): each function is then unavailable, and a call is a compile error
 * that says so (FERRY_NEEDS_SM70, config.h). */
#ifndef FERRY_BARRIER_H
#define FERRY_BARRIER_H

#include "ferry/config.h"

/* Largest expected count: the mbarrier's 20-bit arrival counter (the same
 * limit as cuda::barrier<thread_scope_block>::max()). */
#define FERRY_BARRIER_MAX_COUNT 0xFFFFFu

typedef struct ferry_barrier {
  uint64_t opaque; /* the mbarrier, or the software barrier's state word */
} ferry_barrier_t;

/* What arrive returns: the state of the barrier just before that arrival.
 * Only meaningful for wait/test_wait on the same barrier and for
 * ferry_barrier_pending_count. */
typedef uint64_t ferry_barrier_token_t;

FERRY_BEGIN_DECLS

/* One thread initialises the barrier, and the participating threads must
 * synchronise (e.g. __syncthreads) before any of them uses it, as with
 * cuda::barrier's init. 0 < expected <= FERRY_BARRIER_MAX_COUNT. */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_init(ferry_barrier_t *barrier, uint32_t expected);

/* Ends the barrier's life so that its memory can be reused for other data.
 * No thread may be using it. */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_invalidate(ferry_barrier_t *barrier);

/* Counts one arrival (count arrivals for _n) on the current phase. */
FERRY_NEEDS_SM70 FERRY_DEVICE ferry_barrier_token_t ferry_barrier_arrive(ferry_barrier_t *barrier);
FERRY_NEEDS_SM70 FERRY_DEVICE ferry_barrier_token_t ferry_barrier_arrive_n(ferry_barrier_t *barrier, uint32_t count);

/* Blocks until the phase that `token` came from has completed. */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_wait(ferry_barrier_t *barrier, ferry_barrier_token_t token);

/* ferry_barrier_wait(barrier, ferry_barrier_arrive(barrier)). */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_arrive_and_wait(ferry_barrier_t *barrier);

/* Arrives on the current phase and lowers the expected count of every later
 * phase by one: the calling thread leaves the barrier. */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_arrive_and_drop(ferry_barrier_t *barrier);

/* Non-blocking: has the token's phase completed? */
FERRY_NEEDS_SM70 FERRY_DEVICE bool ferry_barrier_test_wait(ferry_barrier_t *barrier, ferry_barrier_token_t token);

/* As test_wait, but may first wait for a while that the hardware chooses
 * (mbarrier.try_wait on sm_90; the same as test_wait before sm_90). */
FERRY_NEEDS_SM70 FERRY_DEVICE bool ferry_barrier_try_wait(ferry_barrier_t *barrier, ferry_barrier_token_t token);

/* Waits at most about `nanoseconds` (measured with %globaltimer) for the
 * token's phase; true if it completed. cuda::barrier's try_wait_for. */
FERRY_NEEDS_SM70 FERRY_DEVICE bool ferry_barrier_try_wait_for(ferry_barrier_t *barrier, ferry_barrier_token_t token,
                                             uint64_t nanoseconds);

/* The parity forms name a phase by its parity instead of a token: phase k
 * has parity k % 2. They wait for (or test) the completion of the current or
 * the immediately preceding phase with that parity, so a thread that never
 * arrives (a consumer waiting for producers, say) can still wait. Right after
 * init, parity 1 counts as completed (the phase before phase 0) and parity 0
 * as pending. */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_wait_parity(ferry_barrier_t *barrier, bool parity);
FERRY_NEEDS_SM70 FERRY_DEVICE bool ferry_barrier_test_wait_parity(ferry_barrier_t *barrier, bool parity);
FERRY_NEEDS_SM70 FERRY_DEVICE bool ferry_barrier_try_wait_parity(ferry_barrier_t *barrier, bool parity);
FERRY_NEEDS_SM70 FERRY_DEVICE bool ferry_barrier_try_wait_parity_for(ferry_barrier_t *barrier, bool parity,
                                                    uint64_t nanoseconds);

/* How many arrivals the token's phase still expected just before the
 * arrival(s) that returned the token (so the last arriver of a phase sees its
 * own count). Threads of a warp that arrive together may be combined into one
 * hardware arrival and then share one token, and one count. */
FERRY_NEEDS_SM70 FERRY_DEVICE uint32_t ferry_barrier_pending_count(ferry_barrier_token_t token);

/* Transactions (sm_90): the current phase also waits until `bytes` more
 * bytes have been delivered by operations that complete transactions on this
 * barrier (cp.async.bulk ... .mbarrier::complete_tx::bytes). Before sm_90
 * nothing can complete a transaction, so these count arrivals only and
 * ignore the byte counts. cuda::device::barrier_expect_tx and
 * barrier_arrive_tx. */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_expect_tx(ferry_barrier_t *barrier, uint32_t bytes);
FERRY_NEEDS_SM70 FERRY_DEVICE ferry_barrier_token_t ferry_barrier_arrive_tx(ferry_barrier_t *barrier, uint32_t count,
                                                           uint32_t bytes);
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_complete_tx(ferry_barrier_t *barrier, uint32_t bytes);

/* Binds the calling thread's cp.async copies issued so far to the barrier:
 * its current phase cannot complete before they have landed, and the thread
 * still arrives itself (cp.async.mbarrier.arrive: one more expected arrival
 * now, made when the copies complete, so the counts are unchanged). This is
 * what libcu++'s memcpy_async(..., barrier) does on sm_80. Nothing to do
 * before sm_80, where no copy is asynchronous.
 * compute-sanitizer's synccheck (2025.3) reports "Missing wait" for this
 * pattern (and so for libcu++'s) although PTX defines it; prefer the .noinc
 * form below where the thread need not arrive itself. */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_arrive_on_cp_async(ferry_barrier_t *barrier);

/* The calling thread's arrival on the current phase, made only once its
 * cp.async copies issued so far have landed (cp.async.mbarrier.arrive.noinc;
 * a plain arrive before sm_80). It replaces ferry_barrier_arrive for this
 * phase and returns no token: wait with the parity forms. The pipelines'
 * producer_commit is this. */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_arrive_on_cp_async_noinc(ferry_barrier_t *barrier);

FERRY_END_DECLS

#ifdef FERRY_DEBUG
#include "ferry/debug.h"
/* Checks the barrier is in shared memory and the count is in range. */
static inline FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_barrier_init_checked(ferry_barrier_t *barrier, uint32_t expected,
                                                           const char *file, int line) {
  ferry_debug_check_barrier_init(barrier, expected, file, line);
  ferry_barrier_init(barrier, expected);
}
#define ferry_barrier_init(barrier, expected)                                                      \
  ferry_barrier_init_checked((barrier), (expected), __FILE__, __LINE__)
#endif

#endif /* FERRY_BARRIER_H */
