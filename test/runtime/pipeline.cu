// The block pipeline from clang CUDA: the seeds' copy-and-compute loop over
// an N-stage pipeline (N = 1, 2, 4, 8), unified and partitioned, a pipeline
// of a subset of the block, and the bounded consumer waits.
//
// Per stage: producer_acquire waits on the stage's `consumed` barrier by
// parity, producer_commit is the producer's arrival on `produced`, made when
// its cp.async copies land (cp.async.mbarrier.arrive.noinc), consumer_wait
// waits on `produced` by parity, consumer_release arrives on `consumed`; quit
// decrements a reference count and the last thread invalidates the barriers.
//
// RUN: %rt_cuda --cuda-gpu-arch=sm_70 %s -o %t.sm70.ptx
// RUN: FileCheck --check-prefixes=CHECK,SM70 %s < %t.sm70.ptx
// RUN: not grep -E 'mbarrier|cp\.async' %t.sm70.ptx
// RUN: %ptxas -arch=sm_75 %t.sm70.ptx -o /dev/null
// RUN: %rt_cuda --cuda-gpu-arch=sm_80 %s -o %t.sm80.ptx
// RUN: FileCheck --check-prefixes=CHECK,MBAR,SM80 %s < %t.sm80.ptx
// RUN: not grep -E 'mbarrier\.try_wait|shared::cta|ld\.acquire' %t.sm80.ptx
// RUN: %ptxas -arch=sm_80 %t.sm80.ptx -o /dev/null
// RUN: %rt_cuda --cuda-gpu-arch=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck --check-prefixes=CHECK,MBAR,SM90 %s < %t.sm90.ptx
// RUN: not grep -E 'ld\.acquire|nanosleep' %t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o /dev/null

#include <ferry.h>

#define BLOCK 128

// The test's own per-thread copy: cp.async from sm_80 on, a plain copy
// before (the runtime provides the synchronisation, not the copy).
__device__ void copy_int(int *shared_destination, const int *global_source) {
#if __CUDA_ARCH__ >= 800
  __nvvm_cp_async_ca_shared_global_4((__attribute__((address_space(3))) void *)shared_destination,
                                     (__attribute__((address_space(1))) const void *)global_source);
#else
  *shared_destination = *global_source;
#endif
}

template <unsigned N> __device__ void copy_and_compute(ferry_pipeline_t *pipe, int (*stage)[BLOCK],
                                                       const int *in, int *out, int batches) {
  int fetched = 0;
  for (int batch = 0; batch < batches; batch++) {
    for (; fetched < batches && fetched < batch + (int)N; fetched++) {
      ferry_pipeline_producer_acquire(pipe);
      copy_int(&stage[fetched % N][threadIdx.x], &in[fetched * BLOCK + threadIdx.x]);
      ferry_pipeline_producer_commit(pipe);
    }
    ferry_pipeline_consumer_wait(pipe);
    int *data = stage[batch % N];
    out[batch * BLOCK + threadIdx.x] = data[threadIdx.x] + data[(threadIdx.x + 1) % BLOCK];
    ferry_pipeline_consumer_release(pipe);
  }
}

template <unsigned N> __device__ void unified(const int *in, int *out, int batches) {
  __shared__ FERRY_PIPELINE_SHARED_STATE(N) state;
  __shared__ int stage[N][BLOCK];
  ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK(&state);
  copy_and_compute<N>(&pipe, stage, in, out, batches);
  ferry_pipeline_quit(&pipe);
}

// CHECK-LABEL: .entry unified_4(
// Thread 0 initialises 2 x 4 barriers, then the block synchronises.
// MBAR-COUNT-8: mbarrier.init.shared.b64
// SM70-COUNT-8: st.shared.u64
// CHECK: barrier.sync 0;
// Producer acquire waits on a stage's `consumed` barrier by parity; the
// copy; commit is the producer's arrival on `produced` (offset 8 in the
// stage) once its cp.async copies have landed; consumer wait on `produced`
// by parity; release arrives on `consumed` (offset 16).
// SM80-DAG: mbarrier.test_wait.parity.shared.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
// SM90-DAG: mbarrier.try_wait.parity.shared::cta.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};
// MBAR-DAG: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
// MBAR-DAG: cp.async.mbarrier.arrive.noinc.shared.b64 [%rd{{[0-9]+}}+8];
// MBAR-DAG: mbarrier.arrive.shared.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}+16];
// SM70-DAG: ld.acquire.cta.shared.u64
// SM70-DAG: atom.acq_rel.cta.shared.add.u64
// Quit: the last thread out invalidates the 2 x 4 barriers.
// CHECK: atom.acq_rel.cta.shared.add.u32 %r{{[0-9]+}}, [%r{{[0-9]+}}], -1;
// MBAR-COUNT-8: mbarrier.inval.shared.b64
// CHECK: ret;
extern "C" __global__ void unified_1(const int *in, int *out, int batches) { unified<1>(in, out, batches); }
extern "C" __global__ void unified_2(const int *in, int *out, int batches) { unified<2>(in, out, batches); }
extern "C" __global__ void unified_4(const int *in, int *out, int batches) { unified<4>(in, out, batches); }
extern "C" __global__ void unified_8(const int *in, int *out, int batches) { unified<8>(in, out, batches); }

// Warp 0 produces, the other warps consume: `produced` expects 32 arrivals,
// `consumed` the rest of the block.
// CHECK-LABEL: .entry partitioned_2(
// SM70: st.shared.u64
// MBAR: mbarrier.init.shared.b64
// CHECK: barrier.sync 0;
// MBAR: cp.async.mbarrier.arrive.noinc.shared.b64
// CHECK: ret;
extern "C" __global__ void partitioned_2(const int *in, int *out, int batches) {
  __shared__ FERRY_PIPELINE_SHARED_STATE(2) state;
  __shared__ int stage[2][BLOCK];
  const unsigned producers = 32;
  ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK_PARTITIONED(&state, producers);
  if (threadIdx.x < producers) {
    for (int batch = 0; batch < batches; batch++) {
      ferry_pipeline_producer_acquire(&pipe);
      for (unsigned i = threadIdx.x; i < BLOCK; i += producers)
        copy_int(&stage[batch % 2][i], &in[batch * BLOCK + i]);
      ferry_pipeline_producer_commit(&pipe);
    }
  } else {
    for (int batch = 0; batch < batches; batch++) {
      ferry_pipeline_consumer_wait(&pipe);
      for (unsigned i = threadIdx.x - producers; i < BLOCK; i += BLOCK - producers)
        out[batch * BLOCK + i] = stage[batch % 2][i] * 3;
      ferry_pipeline_consumer_release(&pipe);
    }
  }
  ferry_pipeline_quit(&pipe);
}

// The first two warps make a pipeline of their own: one thread initialises,
// the two warps meet at named barrier 1, then attach.
// CHECK-LABEL: .entry subset_2(
// CHECK: barrier.sync 1, 64;
// CHECK: ret;
extern "C" __global__ void subset_2(const int *in, int *out, int batches) {
  __shared__ FERRY_PIPELINE_SHARED_STATE(2) state;
  __shared__ int stage[2][BLOCK];
  if (threadIdx.x >= 64)
    return;
  if (threadIdx.x == 0)
    FERRY_PIPELINE_INIT(&state, 64);
  __nvvm_barrier_sync_cnt(1, 64);
  ferry_pipeline_t pipe = FERRY_PIPELINE_ATTACH(&state);
  for (int batch = 0; batch < batches; batch++) {
    ferry_pipeline_producer_acquire(&pipe);
    copy_int(&stage[batch % 2][threadIdx.x], &in[batch * 64 + threadIdx.x]);
    ferry_pipeline_producer_commit(&pipe);
    ferry_pipeline_consumer_wait(&pipe);
    out[batch * 64 + threadIdx.x] = stage[batch % 2][63 - threadIdx.x];
    ferry_pipeline_consumer_release(&pipe);
  }
  ferry_pipeline_quit(&pipe);
}

// The bounded waits: a non-blocking test, and a wait of at most 1 us.
// CHECK-LABEL: .entry bounded(
// SM80: mbarrier.test_wait.parity.shared.b64
// SM90: mbarrier.test_wait.parity.shared.b64
// CHECK: %globaltimer
// SM90: mbarrier.try_wait.parity.shared::cta.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}}, %r{{[0-9]+}};
extern "C" __global__ void bounded(int *ready) {
  __shared__ FERRY_PIPELINE_SHARED_STATE(2) state;
  ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK(&state);
  ready[0] = ferry_pipeline_consumer_try_wait(&pipe);
  ready[1] = ferry_pipeline_consumer_wait_for(&pipe, 1000);
}

// The head stage's barrier, for copies that complete on it themselves.
// CHECK-LABEL: .entry producer_barrier(
// SM90: mbarrier.expect_tx.relaxed.cta.shared::cta.b64
extern "C" __global__ void producer_barrier() {
  __shared__ FERRY_PIPELINE_SHARED_STATE(4) state;
  ferry_pipeline_t pipe = FERRY_PIPELINE_MAKE_BLOCK(&state);
  ferry_pipeline_producer_acquire(&pipe);
  ferry_barrier_expect_tx(ferry_pipeline_producer_barrier(&pipe), 512);
  ferry_pipeline_producer_commit(&pipe);
}
