/* ferry_thread_pipeline_*: stages are the hardware's per-thread cp.async
 * groups, so the pipeline is two counters (see thread_pipeline.h). */
#include "arch.h"
#include "ferry/thread_pipeline.h"

ferry_thread_pipeline_t ferry_thread_pipeline_make(void) {
  ferry_thread_pipeline_t pipeline = {0, 0};
  return pipeline;
}

void ferry_thread_pipeline_producer_acquire(ferry_thread_pipeline_t *pipeline) { (void)pipeline; }

void ferry_thread_pipeline_producer_commit(ferry_thread_pipeline_t *pipeline) {
  if (has_sm80())
    __nvvm_cp_async_commit_group();
  pipeline->head++;
}

void ferry_thread_pipeline_producer_commit_barrier(ferry_thread_pipeline_t *pipeline, ferry_barrier_t *barrier) {
  ferry_barrier_arrive_on_cp_async(barrier);
  ferry_thread_pipeline_producer_commit(pipeline);
}

/* cp.async.wait_group takes its count as an immediate, hence the switch; it
 * folds to one instruction when `pending` is a constant. */
static void wait_until_at_most(uint32_t pending) {
  if (!has_sm80())
    return;
  switch (pending) {
  case 0: __nvvm_cp_async_wait_group(0); break;
  case 1: __nvvm_cp_async_wait_group(1); break;
  case 2: __nvvm_cp_async_wait_group(2); break;
  case 3: __nvvm_cp_async_wait_group(3); break;
  case 4: __nvvm_cp_async_wait_group(4); break;
  case 5: __nvvm_cp_async_wait_group(5); break;
  case 6: __nvvm_cp_async_wait_group(6); break;
  case 7: __nvvm_cp_async_wait_group(7); break;
  case 8: __nvvm_cp_async_wait_group(8); break;
  case 9: __nvvm_cp_async_wait_group(9); break;
  case 10: __nvvm_cp_async_wait_group(10); break;
  case 11: __nvvm_cp_async_wait_group(11); break;
  case 12: __nvvm_cp_async_wait_group(12); break;
  case 13: __nvvm_cp_async_wait_group(13); break;
  case 14: __nvvm_cp_async_wait_group(14); break;
  case 15: __nvvm_cp_async_wait_group(15); break;
  default: __nvvm_cp_async_wait_all(); break;
  }
}

void ferry_thread_pipeline_consumer_wait(ferry_thread_pipeline_t *pipeline) {
  /* Stages tail+1 .. head-1 may stay in flight. */
  wait_until_at_most(pipeline->head - pipeline->tail - 1);
}

void ferry_thread_pipeline_consumer_wait_prior(ferry_thread_pipeline_t *pipeline, uint32_t prior) {
  (void)pipeline;
  wait_until_at_most(prior);
}

void ferry_thread_pipeline_consumer_release(ferry_thread_pipeline_t *pipeline) { pipeline->tail++; }

bool ferry_thread_pipeline_quit(ferry_thread_pipeline_t *pipeline) {
  (void)pipeline;
  return true;
}
