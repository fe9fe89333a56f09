/* ferry_pipeline_*: an N-stage ring of barrier pairs in shared memory.
 *
 * Stage s is reused every N commits. Round r of stage s is phase r of both
 * its barriers: producers wait for phase r-1 of `consumed` (the consumers'
 * release of round r-1) before refilling it, consumers wait for phase r of
 * `produced`. Both waits name the phase by parity, because a consumer never
 * arrives on `produced` (it holds no token) and a producer never arrives on
 * `consumed` in partitioned mode. So each thread keeps, per side, the parity
 * it waits for next and flips it each time its index wraps around the ring:
 * the producer starts at parity 1 (the phase before phase 0, complete at
 * init, so every stage starts free) and the consumer at 0.
 *
 * Producer commit is the producer's arrival on `produced`, made by
 * cp.async.mbarrier.arrive.noinc once the producer's cp.async copies have
 * landed: so consumer_wait also waits for the copies (sm_80+; before, copies
 * are synchronous and it is a plain arrive). libcu++ instead holds the phase
 * with cp.async.mbarrier.arrive and then arrives: the same effect in two
 * instructions, and a pattern synccheck reports as "Missing wait". */
#include "arch.h"
#include "ferry/barrier.h"
#include "ferry/pipeline.h"

FERRY_STATIC_ASSERT(sizeof(ferry_pipeline_shared_t) == 8, "the stages follow the 8-byte header");
FERRY_STATIC_ASSERT(sizeof(ferry_pipeline_stage_t) == 16, "a stage is two barriers");

#define PRODUCER_PARITY 1u
#define CONSUMER_PARITY 2u

static ferry_pipeline_stage_t *stages_of(ferry_pipeline_shared_t *shared) {
  return (ferry_pipeline_stage_t *)(shared + 1);
}

static void init_barriers(ferry_pipeline_shared_t *shared, uint32_t stage_count, uint32_t group_size,
                          uint32_t producers, uint32_t consumers) {
  ferry_pipeline_stage_t *stage = stages_of(shared);
  for (uint32_t s = 0; s < stage_count; s++) {
    ferry_barrier_init(&stage[s].produced, producers);
    ferry_barrier_init(&stage[s].consumed, consumers);
  }
  shared->refcount = group_size;
  shared->stage_count = stage_count;
}

void ferry_pipeline_init(ferry_pipeline_shared_t *shared, uint32_t stage_count, uint32_t group_size) {
  init_barriers(shared, stage_count, group_size, group_size, group_size);
}

void ferry_pipeline_init_partitioned(ferry_pipeline_shared_t *shared, uint32_t stage_count,
                                     uint32_t group_size, uint32_t producer_count) {
  init_barriers(shared, stage_count, group_size, producer_count, group_size - producer_count);
}

ferry_pipeline_t ferry_pipeline_attach(ferry_pipeline_shared_t *shared, uint32_t stage_count) {
  ferry_pipeline_t pipeline = {shared, stage_count, 0, 0, PRODUCER_PARITY};
  return pipeline;
}

static uint32_t block_size(void) {
  return (uint32_t)(__nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_ntid_y() *
                    __nvvm_read_ptx_sreg_ntid_z());
}

static bool first_thread_of_block(void) {
  return (__nvvm_read_ptx_sreg_tid_x() | __nvvm_read_ptx_sreg_tid_y() | __nvvm_read_ptx_sreg_tid_z()) == 0;
}

ferry_pipeline_t ferry_pipeline_make_block(ferry_pipeline_shared_t *shared, uint32_t stage_count) {
  if (first_thread_of_block())
    ferry_pipeline_init(shared, stage_count, block_size());
  __nvvm_barrier_sync(0);
  return ferry_pipeline_attach(shared, stage_count);
}

ferry_pipeline_t ferry_pipeline_make_block_partitioned(ferry_pipeline_shared_t *shared, uint32_t stage_count,
                                                       uint32_t producer_count) {
  if (first_thread_of_block())
    ferry_pipeline_init_partitioned(shared, stage_count, block_size(), producer_count);
  __nvvm_barrier_sync(0);
  return ferry_pipeline_attach(shared, stage_count);
}

/* Next stage; flips `parity_bit` each time the index wraps. A compare, not
 * a modulo: N is usually a constant after inlining, but need not be a power
 * of two. */
static void advance(uint32_t *index, uint32_t *parities, uint32_t parity_bit, uint32_t stage_count) {
  if (++*index == stage_count) {
    *index = 0;
    *parities ^= parity_bit;
  }
}

void ferry_pipeline_producer_acquire(ferry_pipeline_t *pipeline) {
  ferry_barrier_t *consumed = &stages_of(pipeline->shared)[pipeline->head].consumed;
  ferry_barrier_wait_parity(consumed, (pipeline->parities & PRODUCER_PARITY) != 0);
}

void ferry_pipeline_producer_commit(ferry_pipeline_t *pipeline) {
  ferry_barrier_arrive_on_cp_async_noinc(&stages_of(pipeline->shared)[pipeline->head].produced);
  advance(&pipeline->head, &pipeline->parities, PRODUCER_PARITY, pipeline->stage_count);
}

ferry_barrier_t *ferry_pipeline_producer_barrier(const ferry_pipeline_t *pipeline) {
  return &stages_of(pipeline->shared)[pipeline->head].produced;
}

static ferry_barrier_t *tail_produced(const ferry_pipeline_t *pipeline) {
  return &stages_of(pipeline->shared)[pipeline->tail].produced;
}

static bool consumer_parity(const ferry_pipeline_t *pipeline) {
  return (pipeline->parities & CONSUMER_PARITY) != 0;
}

void ferry_pipeline_consumer_wait(ferry_pipeline_t *pipeline) {
  ferry_barrier_wait_parity(tail_produced(pipeline), consumer_parity(pipeline));
}

bool ferry_pipeline_consumer_try_wait(ferry_pipeline_t *pipeline) {
  return ferry_barrier_test_wait_parity(tail_produced(pipeline), consumer_parity(pipeline));
}

bool ferry_pipeline_consumer_wait_for(ferry_pipeline_t *pipeline, uint64_t nanoseconds) {
  return ferry_barrier_try_wait_parity_for(tail_produced(pipeline), consumer_parity(pipeline), nanoseconds);
}

void ferry_pipeline_consumer_release(ferry_pipeline_t *pipeline) {
  (void)ferry_barrier_arrive(&stages_of(pipeline->shared)[pipeline->tail].consumed);
  advance(&pipeline->tail, &pipeline->parities, CONSUMER_PARITY, pipeline->stage_count);
}

static uint32_t release_one_reference(uint32_t *refcount) {
  uint32_t old;
  __asm__ volatile("atom.acq_rel.cta.shared.add.u32 %0, [%1], -1;"
                   : "=r"(old)
                   : "r"(shared_address(refcount))
                   : "memory");
  return old;
}

bool ferry_pipeline_quit(ferry_pipeline_t *pipeline) {
  if (release_one_reference(&pipeline->shared->refcount) != 1)
    return false;
  ferry_pipeline_stage_t *stage = stages_of(pipeline->shared);
  for (uint32_t s = 0; s < pipeline->stage_count; s++) {
    ferry_barrier_invalidate(&stage[s].produced);
    ferry_barrier_invalidate(&stage[s].consumed);
  }
  return true;
}
