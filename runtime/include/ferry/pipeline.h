/* ferry_pipeline_t: the C counterpart of cuda::pipeline<thread_scope_block>
 * and cuda::pipeline_shared_state<thread_scope_block, N>.
 *
 * The shared state of an N-stage pipeline is two barriers per stage in shared
 * memory: `produced` completes a phase when the producers have committed the
 * stage (and their cp.async copies into it have landed), `consumed` when the
 * consumers have released it. N is a compile-time constant because it sizes
 * shared memory; declare the state with FERRY_PIPELINE_SHARED_STATE(N):
 *
 *   __shared__ FERRY_PIPELINE_SHARED_STATE(4) state;      // CUDA
 *   FERRY_SHARED FERRY_PIPELINE_SHARED_STATE(4) state;    // plain C
 *
 * and pass it to the functions with the FERRY_PIPELINE_* macros, which supply
 * &state.base and N together, or by hand as (&state.base, N).
 *
 * Each thread of the group then holds a ferry_pipeline_t (a few registers:
 * head and tail stage, and the parity each side waits for next) and calls:
 *
 *   producer_acquire  wait until the head stage is free (released by the
 *                     consumers of its previous round)
 *   producer_commit   the head stage's copies are issued; move to the next
 *   consumer_wait     wait until the tail stage is committed and its copies
 *                     have landed
 *   consumer_release  the tail stage may be refilled; move to the next
 *
 * Unified: every thread of the group both produces and consumes (both
 * barriers expect the group size). Partitioned: producer_count threads only
 * produce and the others only consume (`produced` expects the producers,
 * `consumed` the consumers).
 *
 * Making a pipeline is collective, as with cuda::make_pipeline(group, state):
 * one thread of the group calls ferry_pipeline_init (or _init_partitioned),
 * the group synchronises, then every thread calls ferry_pipeline_attach. For
 * a whole thread block, ferry_pipeline_make_block does the three steps with
 * __syncthreads. For a subset of the block, synchronise the subset yourself
 * between init and attach (cooperative groups' sync(), or a named barrier:
 * bar.sync id, count).
 *
 * Built on the barrier, it needs sm_70 as well: below, each function is
 * unavailable (FERRY_NEEDS_SM70, config.h). */
#ifndef FERRY_PIPELINE_H
#define FERRY_PIPELINE_H

#include "ferry/barrier.h"
#include "ferry/config.h"

/* Stages are counted in 32 bits; 64 is far beyond any useful depth and keeps
 * the shared state small enough to reason about. */
#define FERRY_PIPELINE_MAX_STAGES 64u

typedef struct ferry_pipeline_stage {
  ferry_barrier_t produced;
  ferry_barrier_t consumed;
} ferry_pipeline_stage_t;

/* The part of the shared state that does not depend on N. The stages follow
 * it directly (it is 8 bytes, the stages' alignment). */
typedef struct ferry_pipeline_shared {
  uint32_t refcount;    /* threads that have not quit yet */
  uint32_t stage_count; /* N, for FERRY_DEBUG's consistency check */
} ferry_pipeline_shared_t;

#define FERRY_PIPELINE_SHARED_STATE(N)                                                             \
  struct {                                                                                         \
    ferry_pipeline_shared_t base;                                                                  \
    ferry_pipeline_stage_t stage[(N) >= 1 && (N) <= FERRY_PIPELINE_MAX_STAGES ? (N) : -1];         \
  }

/* N of a state declared with FERRY_PIPELINE_SHARED_STATE, as a constant. */
#define FERRY_PIPELINE_STAGES(state) ((uint32_t)(sizeof((state)->stage) / sizeof((state)->stage[0])))

/* One thread's view of the pipeline. Keep it in a local variable: the
 * functions take its address, and after inlining it lives in registers. */
typedef struct ferry_pipeline {
  ferry_pipeline_shared_t *shared;
  uint32_t stage_count;
  uint32_t head;     /* the stage producer_acquire/commit work on */
  uint32_t tail;     /* the stage consumer_wait/release work on */
  uint32_t parities; /* bit 0: parity producer_acquire waits for; bit 1: consumer_wait's */
} ferry_pipeline_t;

/* ferry-lower (passes/lower/lower_emit.c) finds the head stage's `produced`
 * barrier from this layout: head at byte 12 of ferry_pipeline_t, the stages
 * (16 bytes each, `produced` first) right after the 8-byte shared header. */
#ifdef __cplusplus
#define FERRY_LAYOUT_ASSERT static_assert
#else
#define FERRY_LAYOUT_ASSERT _Static_assert
#endif
FERRY_LAYOUT_ASSERT(offsetof(ferry_pipeline_t, head) == 12, "ferry-lower reads head at byte 12");
FERRY_LAYOUT_ASSERT(sizeof(ferry_pipeline_shared_t) == 8 && sizeof(ferry_pipeline_stage_t) == 16 &&
                        offsetof(ferry_pipeline_stage_t, produced) == 0,
                    "ferry-lower finds stage k's produced barrier at shared + 8 + 16 * k");
#undef FERRY_LAYOUT_ASSERT

FERRY_BEGIN_DECLS

/* Called by one thread of the group; the group synchronises afterwards.
 * Unified: all group_size threads produce and consume. Partitioned:
 * producer_count of them produce, group_size - producer_count consume
 * (0 < producer_count < group_size). */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_pipeline_init(ferry_pipeline_shared_t *shared, uint32_t stage_count,
                                      uint32_t group_size);
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_pipeline_init_partitioned(ferry_pipeline_shared_t *shared, uint32_t stage_count,
                                                  uint32_t group_size, uint32_t producer_count);

/* Each thread of the group, after the synchronisation that follows init. */
FERRY_NEEDS_SM70 FERRY_DEVICE ferry_pipeline_t ferry_pipeline_attach(ferry_pipeline_shared_t *shared, uint32_t stage_count);

/* init by thread (0,0,0) with the block's size, __syncthreads, attach. Every
 * thread of the block must call it. */
FERRY_NEEDS_SM70 FERRY_DEVICE ferry_pipeline_t ferry_pipeline_make_block(ferry_pipeline_shared_t *shared, uint32_t stage_count);
FERRY_NEEDS_SM70 FERRY_DEVICE ferry_pipeline_t ferry_pipeline_make_block_partitioned(ferry_pipeline_shared_t *shared,
                                                                    uint32_t stage_count,
                                                                    uint32_t producer_count);

FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_pipeline_producer_acquire(ferry_pipeline_t *pipeline);
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_pipeline_producer_commit(ferry_pipeline_t *pipeline);

/* The head stage's `produced` barrier, for copies that complete on a barrier
 * themselves (sm_90 bulk copies: ferry_barrier_expect_tx on it, then
 * cp.async.bulk ... [barrier]) between producer_acquire and producer_commit. */
FERRY_NEEDS_SM70 FERRY_DEVICE ferry_barrier_t *ferry_pipeline_producer_barrier(const ferry_pipeline_t *pipeline);

FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_pipeline_consumer_wait(ferry_pipeline_t *pipeline);
/* Bounded forms: true if the stage is ready (then use it as after
 * consumer_wait); false leaves the pipeline unchanged. */
FERRY_NEEDS_SM70 FERRY_DEVICE bool ferry_pipeline_consumer_try_wait(ferry_pipeline_t *pipeline);
FERRY_NEEDS_SM70 FERRY_DEVICE bool ferry_pipeline_consumer_wait_for(ferry_pipeline_t *pipeline, uint64_t nanoseconds);
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_pipeline_consumer_release(ferry_pipeline_t *pipeline);

/* The thread leaves the pipeline; true for the last thread of the group to
 * quit, which also invalidates the barriers so the shared memory can be
 * reused. Quit only when no copy committed to the pipeline is still in
 * flight (consume every committed stage first). */
FERRY_NEEDS_SM70 FERRY_DEVICE bool ferry_pipeline_quit(ferry_pipeline_t *pipeline);

FERRY_END_DECLS

#define FERRY_PIPELINE_INIT(state, group_size)                                                     \
  ferry_pipeline_init(&(state)->base, FERRY_PIPELINE_STAGES(state), (group_size))
#define FERRY_PIPELINE_INIT_PARTITIONED(state, group_size, producer_count)                         \
  ferry_pipeline_init_partitioned(&(state)->base, FERRY_PIPELINE_STAGES(state), (group_size),      \
                                  (producer_count))
#define FERRY_PIPELINE_ATTACH(state) ferry_pipeline_attach(&(state)->base, FERRY_PIPELINE_STAGES(state))
#define FERRY_PIPELINE_MAKE_BLOCK(state)                                                           \
  ferry_pipeline_make_block(&(state)->base, FERRY_PIPELINE_STAGES(state))
#define FERRY_PIPELINE_MAKE_BLOCK_PARTITIONED(state, producer_count)                               \
  ferry_pipeline_make_block_partitioned(&(state)->base, FERRY_PIPELINE_STAGES(state), (producer_count))

#ifdef FERRY_DEBUG
#include "ferry/debug.h"
static inline FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_pipeline_init_checked(ferry_pipeline_shared_t *shared, uint32_t stages,
                                                            uint32_t group_size, const char *file,
                                                            int line) {
  ferry_debug_check_pipeline_init(shared, stages, group_size, 0, file, line);
  ferry_pipeline_init(shared, stages, group_size);
}
static inline FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_pipeline_init_partitioned_checked(ferry_pipeline_shared_t *shared,
                                                                        uint32_t stages, uint32_t group_size,
                                                                        uint32_t producer_count,
                                                                        const char *file, int line) {
  ferry_debug_check_pipeline_init(shared, stages, group_size, producer_count, file, line);
  ferry_pipeline_init_partitioned(shared, stages, group_size, producer_count);
}
static inline FERRY_NEEDS_SM70 FERRY_DEVICE ferry_pipeline_t ferry_pipeline_attach_checked(ferry_pipeline_shared_t *shared,
                                                                          uint32_t stages, const char *file,
                                                                          int line) {
  ferry_debug_check_pipeline_attach(shared, stages, file, line);
  return ferry_pipeline_attach(shared, stages);
}
/* The block's thread count, as make_block computes it. */
static inline FERRY_DEVICE uint32_t ferry_debug_block_size(void) {
  return (uint32_t)(__nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_ntid_y() *
                    __nvvm_read_ptx_sreg_ntid_z());
}
static inline FERRY_NEEDS_SM70 FERRY_DEVICE ferry_pipeline_t ferry_pipeline_make_block_checked(ferry_pipeline_shared_t *shared,
                                                                              uint32_t stages,
                                                                              const char *file, int line) {
  ferry_debug_check_pipeline_init(shared, stages, ferry_debug_block_size(), 0, file, line);
  return ferry_pipeline_make_block(shared, stages);
}
static inline FERRY_NEEDS_SM70 FERRY_DEVICE ferry_pipeline_t ferry_pipeline_make_block_partitioned_checked(
    ferry_pipeline_shared_t *shared, uint32_t stages, uint32_t producer_count, const char *file, int line) {
  ferry_debug_check_pipeline_init(shared, stages, ferry_debug_block_size(), producer_count, file, line);
  return ferry_pipeline_make_block_partitioned(shared, stages, producer_count);
}
#define ferry_pipeline_make_block(shared, stages)                                                  \
  ferry_pipeline_make_block_checked((shared), (stages), __FILE__, __LINE__)
#define ferry_pipeline_make_block_partitioned(shared, stages, producer_count)                      \
  ferry_pipeline_make_block_partitioned_checked((shared), (stages), (producer_count), __FILE__,    \
                                                __LINE__)
#define ferry_pipeline_init(shared, stages, group_size)                                            \
  ferry_pipeline_init_checked((shared), (stages), (group_size), __FILE__, __LINE__)
#define ferry_pipeline_init_partitioned(shared, stages, group_size, producer_count)                \
  ferry_pipeline_init_partitioned_checked((shared), (stages), (group_size), (producer_count),      \
                                          __FILE__, __LINE__)
#define ferry_pipeline_attach(shared, stages)                                                      \
  ferry_pipeline_attach_checked((shared), (stages), __FILE__, __LINE__)
#endif

#endif /* FERRY_PIPELINE_H */
