/* ferry_thread_pipeline_t: the C counterpart of cuda::pipeline<thread_scope_thread>
 * (cuda::make_pipeline() with no arguments).
 *
 * A per-thread pipeline needs no shared state: the hardware already keeps,
 * per thread, the groups of cp.async copies that cp.async.commit_group closes
 * and cp.async.wait_group N waits for (all but the newest N). A stage is one
 * such group; the pipeline only counts committed and released stages to know
 * which N to wait for.
 *
 * Only the thread that issued the copies may rely on the wait; other threads
 * of the block must also pass a block barrier (__syncthreads) after it.
 * Before sm_80 there is no cp.async: copies are synchronous, so committing
 * and waiting have nothing to do. */
#ifndef FERRY_THREAD_PIPELINE_H
#define FERRY_THREAD_PIPELINE_H

#include "ferry/barrier.h"
#include "ferry/config.h"

typedef struct ferry_thread_pipeline {
  uint32_t head; /* stages committed */
  uint32_t tail; /* stages released */
} ferry_thread_pipeline_t;

FERRY_BEGIN_DECLS

FERRY_DEVICE ferry_thread_pipeline_t ferry_thread_pipeline_make(void);

/* Nothing to wait for: a stage is free once its group has been waited for. */
FERRY_DEVICE void ferry_thread_pipeline_producer_acquire(ferry_thread_pipeline_t *pipeline);
/* cp.async.commit_group: the copies issued since the last commit form the
 * head stage. */
FERRY_DEVICE void ferry_thread_pipeline_producer_commit(ferry_thread_pipeline_t *pipeline);
/* producer_commit, and the copies also hold back the barrier's current phase
 * (cuda::pipeline_producer_commit(pipeline, barrier)). */
FERRY_NEEDS_SM70 FERRY_DEVICE void ferry_thread_pipeline_producer_commit_barrier(ferry_thread_pipeline_t *pipeline,
                                                                ferry_barrier_t *barrier);
/* Waits for the oldest unreleased stage: cp.async.wait_group with the number
 * of stages committed after it. */
FERRY_DEVICE void ferry_thread_pipeline_consumer_wait(ferry_thread_pipeline_t *pipeline);
/* Waits until at most `prior` committed stages are still in flight
 * (cuda::pipeline_consumer_wait_prior<prior>): cp.async.wait_group prior.
 * `prior` should be a constant; 0..15 map to one instruction, larger values
 * wait for everything (cp.async.wait_all), which is correct but stricter. */
FERRY_DEVICE void ferry_thread_pipeline_consumer_wait_prior(ferry_thread_pipeline_t *pipeline, uint32_t prior);
FERRY_DEVICE void ferry_thread_pipeline_consumer_release(ferry_thread_pipeline_t *pipeline);
/* Always true: the thread owned the pipeline alone. */
FERRY_DEVICE bool ferry_thread_pipeline_quit(ferry_thread_pipeline_t *pipeline);

FERRY_END_DECLS

#endif /* FERRY_THREAD_PIPELINE_H */
