// ferry_pipeline_t and ferry_thread_pipeline_t on the GPU: the seeds'
// copy-and-compute loop through pipelines of 1, 2, 4 and 8 stages, unified
// (every thread copies and computes) and partitioned (warp 0 copies, three
// warps compute; they wait blocking, bounded, or by polling), two pipelines
// made by subsets of one block, and the per-thread pipeline. The compute
// step reads other threads' elements, so a stage consumed too early shows.
// Results are compared with a synchronous CPU reference, and exactly one
// thread of each group must see quit return true.
#include <ferry.h>

#include "rt_harness.cuh"

#define BLOCK 128

// The test's copies: cp.async from sm_80 on, plain copies before (the
// runtime provides the synchronisation, not the copy).
__device__ void copy4(int *shared_destination, const int *global_source) {
#if __CUDA_ARCH__ >= 800
  __nvvm_cp_async_ca_shared_global_4((__attribute__((address_space(3))) void *)shared_destination,
                                     (__attribute__((address_space(1))) const void *)global_source);
#else
  *shared_destination = *global_source;
#endif
}

__device__ void copy16(int *shared_destination, const int *global_source) {
#if __CUDA_ARCH__ >= 800
  __nvvm_cp_async_cg_shared_global_16((__attribute__((address_space(3))) void *)shared_destination,
                                      (__attribute__((address_space(1))) const void *)global_source);
#else
  *(int4 *)shared_destination = *(const int4 *)global_source;
#endif
}

// The unified loop of the seeds: fetch up to N batches ahead, then wait for
// the oldest, compute with a neighbour's element, release.
template <unsigned N>
__device__ void unified(const int *in, int *out, unsigned batches, unsigned *quits) {
  __shared__ FERRY_PIPELINE_SHARED_STATE(N) state;
  __shared__ int stage[N][BLOCK];
  const unsigned t = threadIdx.x;
  const int *block_in = in + blockIdx.x * batches * BLOCK;
  int *block_out = out + blockIdx.x * batches * BLOCK;
  ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK(&state);
  unsigned fetched = 0;
  for (unsigned batch = 0; batch < batches; batch++) {
    for (; fetched < batches && fetched < batch + N; fetched++) {
      ferry_pipeline_producer_acquire(&pipe);
      copy4(&stage[fetched % N][t], &block_in[fetched * BLOCK + t]);
      ferry_pipeline_producer_commit(&pipe);
    }
    ferry_pipeline_consumer_wait(&pipe);
    const int *data = stage[batch % N];
    block_out[batch * BLOCK + t] = data[t] + 3 * data[(t + 1) % BLOCK] + (int)batch;
    ferry_pipeline_consumer_release(&pipe);
  }
  if (ferry_pipeline_quit(&pipe))
    atomicAdd(&quits[blockIdx.x], 1u);
}

static int unified_value(const std::vector<int> &in, unsigned block, unsigned batches, unsigned batch,
                         unsigned t) {
  const int *data = &in[(block * batches + batch) * BLOCK];
  return data[t] + 3 * data[(t + 1) % BLOCK] + (int)batch;
}

// Partitioned: warp 0 produces, each of its threads copying 16 bytes of a
// batch; warps 1-3 consume. wait_mode: 0 consumer_wait, 1 consumer_wait_for
// (2 us at a time), 2 consumer_try_wait in a loop.
template <unsigned N>
__device__ void partitioned(const int *in, int *out, unsigned batches, unsigned *quits, int wait_mode) {
  __shared__ FERRY_PIPELINE_SHARED_STATE(N) state;
  __shared__ alignas(16) int stage[N][BLOCK];
  const unsigned producers = 32, t = threadIdx.x;
  const int *block_in = in + blockIdx.x * batches * BLOCK;
  int *block_out = out + blockIdx.x * batches * BLOCK;
  ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK_PARTITIONED(&state, producers);
  if (t < producers) {
    for (unsigned batch = 0; batch < batches; batch++) {
      ferry_pipeline_producer_acquire(&pipe);
      copy16(&stage[batch % N][4 * t], &block_in[batch * BLOCK + 4 * t]);
      ferry_pipeline_producer_commit(&pipe);
    }
  } else {
    for (unsigned batch = 0; batch < batches; batch++) {
      if (wait_mode == 1) {
        while (!ferry_pipeline_consumer_wait_for(&pipe, 2000))
          ;
      } else if (wait_mode == 2) {
        while (!ferry_pipeline_consumer_try_wait(&pipe))
          ;
      } else {
        ferry_pipeline_consumer_wait(&pipe);
      }
      const int *data = stage[batch % N];
      for (unsigned i = t - producers; i < BLOCK; i += BLOCK - producers)
        block_out[batch * BLOCK + i] = 5 * data[i] - data[(i + BLOCK - 1) % BLOCK];
      ferry_pipeline_consumer_release(&pipe);
    }
  }
  if (ferry_pipeline_quit(&pipe))
    atomicAdd(&quits[blockIdx.x], 1u);
}

static int partitioned_value(const std::vector<int> &in, unsigned block, unsigned batches, unsigned batch,
                             unsigned i) {
  const int *data = &in[(block * batches + batch) * BLOCK];
  return 5 * data[i] - data[(i + BLOCK - 1) % BLOCK];
}

#define STAGE_KERNELS(N)                                                                           \
  extern "C" __global__ void unified_##N(const int *in, int *out, unsigned batches, unsigned *quits) { \
    unified<N>(in, out, batches, quits);                                                           \
  }                                                                                                \
  extern "C" __global__ void partitioned_##N(const int *in, int *out, unsigned batches, unsigned *quits, \
                                             int wait_mode) {                                      \
    partitioned<N>(in, out, batches, quits, wait_mode);                                            \
  }
STAGE_KERNELS(1)
STAGE_KERNELS(2)
STAGE_KERNELS(4)
STAGE_KERNELS(8)

// Two pipelines in one block, each made by half of it: init by the half's
// first thread, a named barrier (1 or 2) for the half, attach.
extern "C" __global__ void halves(const int *in, int *out, unsigned batches, unsigned *quits) {
  __shared__ FERRY_PIPELINE_SHARED_STATE(2) state[2];
  __shared__ int stage[2][2][BLOCK / 2];
  const unsigned half = threadIdx.x / (BLOCK / 2), t = threadIdx.x % (BLOCK / 2);
  if (t == 0)
    FERRY_PIPELINE_INIT(&state[half], BLOCK / 2);
  __nvvm_barrier_sync_cnt(1 + half, BLOCK / 2);
  ferry_pipeline_t pipe = FERRY_PIPELINE_ATTACH(&state[half]);
  const int *half_in = in + (blockIdx.x * 2 + half) * batches * (BLOCK / 2);
  int *half_out = out + (blockIdx.x * 2 + half) * batches * (BLOCK / 2);
  ferry_pipeline_producer_acquire(&pipe);
  copy4(&stage[half][0][t], &half_in[t]);
  ferry_pipeline_producer_commit(&pipe);
  for (unsigned batch = 0; batch < batches; batch++) {
    if (batch + 1 < batches) {
      ferry_pipeline_producer_acquire(&pipe);
      copy4(&stage[half][(batch + 1) % 2][t], &half_in[(batch + 1) * (BLOCK / 2) + t]);
      ferry_pipeline_producer_commit(&pipe);
    }
    ferry_pipeline_consumer_wait(&pipe);
    const int *data = stage[half][batch % 2];
    half_out[batch * (BLOCK / 2) + t] = data[BLOCK / 2 - 1 - t] ^ (int)(half * 0x55);
    ferry_pipeline_consumer_release(&pipe);
  }
  if (ferry_pipeline_quit(&pipe))
    atomicAdd(&quits[blockIdx.x * 2 + half], 1u);
}

// The per-thread pipeline: a ring of 4 stages of cp.async groups; each
// thread consumes only what it copied.
extern "C" __global__ void per_thread(const int *in, int *out, unsigned batches) {
  __shared__ int stage[4][BLOCK];
  const unsigned t = threadIdx.x;
  const int *block_in = in + blockIdx.x * batches * BLOCK;
  int *block_out = out + blockIdx.x * batches * BLOCK;
  ferry_thread_pipeline_t pipe = ferry_thread_pipeline_make();
  unsigned fetched = 0;
  for (unsigned batch = 0; batch < batches; batch++) {
    for (; fetched < batches && fetched < batch + 4; fetched++) {
      ferry_thread_pipeline_producer_acquire(&pipe);
      copy4(&stage[fetched % 4][t], &block_in[fetched * BLOCK + t]);
      ferry_thread_pipeline_producer_commit(&pipe);
    }
    ferry_thread_pipeline_consumer_wait(&pipe);
    block_out[batch * BLOCK + t] = stage[batch % 4][t] * 7 + 1;
    ferry_thread_pipeline_consumer_release(&pipe);
  }
  (void)ferry_thread_pipeline_quit(&pipe);
}

int main(int argc, char **argv) {
  rt::Options options = rt::parse(argc, argv);
  rt::Launcher launcher(options);
  rt::Report report("pipeline_test");
  rt::Rng rng(11);

  const unsigned blocks = options.quick ? 3 : 132, batches = options.quick ? 11 : 61;
  std::vector<int> in(blocks * batches * BLOCK);
  for (int &v : in)
    v = (int)(rng.nonzero() >> 4);
  int *in_device = rt::to_device(in);
  int *out = rt::poisoned<int>(in.size());
  unsigned *quits = rt::poisoned<unsigned>(2 * blocks);
  std::string shape = std::to_string(blocks) + " blocks x " + std::to_string(batches) + " batches";

  auto check_quits = [&](const std::string &what, unsigned groups) {
    std::vector<unsigned> got = rt::to_host(quits, groups);
    unsigned bad = 0;
    for (unsigned q : got)
      bad += q != 1;
    report.check(bad == 0, what + ": quit returns true for exactly one thread",
                 bad ? std::to_string(bad) + " groups wrong" : "");
  };
  auto reset = [&] {
    CHECK(cudaMemset(out, 0xA5, in.size() * sizeof(int)));
    CHECK(cudaMemset(quits, 0, 2 * blocks * sizeof(unsigned)));
  };

  std::vector<int> want_unified(in.size()), want_partitioned(in.size());
  for (unsigned b = 0; b < blocks; b++)
    for (unsigned k = 0; k < batches; k++)
      for (unsigned t = 0; t < BLOCK; t++) {
        want_unified[(b * batches + k) * BLOCK + t] = unified_value(in, b, batches, k, t);
        want_partitioned[(b * batches + k) * BLOCK + t] = partitioned_value(in, b, batches, k, t);
      }

  struct Stages {
    unsigned n;
    const void *unified, *partitioned;
    const char *unified_name, *partitioned_name;
  } stage_kernels[] = {
      {1, (const void *)unified_1, (const void *)partitioned_1, "unified_1", "partitioned_1"},
      {2, (const void *)unified_2, (const void *)partitioned_2, "unified_2", "partitioned_2"},
      {4, (const void *)unified_4, (const void *)partitioned_4, "unified_4", "partitioned_4"},
      {8, (const void *)unified_8, (const void *)partitioned_8, "unified_8", "partitioned_8"},
  };
  for (const Stages &s : stage_kernels) {
    std::string n = std::to_string(s.n) + (s.n == 1 ? " stage" : " stages");
    reset();
    CHECK(launcher.launch(s.unified_name, s.unified, blocks, BLOCK, (const int *)in_device, out, batches, quits));
    report.compare("unified, " + n + ", " + shape, rt::to_host(out, in.size()), want_unified);
    check_quits("unified, " + n, blocks);
    const char *modes[] = {"consumer_wait", "consumer_wait_for", "consumer_try_wait"};
    for (int mode = 0; mode < 3; mode++) {
      if (options.quick && mode != 0 && s.n != 2)
        continue;
      reset();
      CHECK(launcher.launch(s.partitioned_name, s.partitioned, blocks, BLOCK, (const int *)in_device, out, batches,
                            quits, mode));
      report.compare("partitioned (32 producers, 96 consumers, " + std::string(modes[mode]) + "), " + n + ", " +
                         shape,
                     rt::to_host(out, in.size()), want_partitioned);
      check_quits("partitioned, " + n + ", " + modes[mode], blocks);
    }
  }

  // Two half-block pipelines.
  {
    reset();
    LAUNCH(launcher, halves, blocks, BLOCK, (const int *)in_device, out, batches, quits);
    std::vector<int> want(in.size());
    const unsigned h = BLOCK / 2;
    for (unsigned g = 0; g < 2 * blocks; g++)
      for (unsigned k = 0; k < batches; k++)
        for (unsigned t = 0; t < h; t++)
          want[(g * batches + k) * h + t] = in[(g * batches + k) * h + h - 1 - t] ^ (int)((g % 2) * 0x55);
    report.compare("two pipelines of 64 threads in each block (named barriers), 2 stages, " + shape,
                   rt::to_host(out, in.size()), want);
    check_quits("half-block pipelines", 2 * blocks);
  }

  // The per-thread pipeline.
  {
    reset();
    LAUNCH(launcher, per_thread, blocks, BLOCK, (const int *)in_device, out, batches);
    std::vector<int> want(in.size());
    for (size_t i = 0; i < in.size(); i++)
      want[i] = in[i] * 7 + 1;
    report.compare("per-thread pipeline (cp.async groups), 4 stages, " + shape, rt::to_host(out, in.size()), want);
  }

  CHECK(cudaFree(in_device));
  CHECK(cudaFree(out));
  CHECK(cudaFree(quits));
  return report.finish();
}
