// expect: cp.async
// expect-converted: 4
// expect-remark: behind a range check before the loop
//
// Copy loops whose pointers are not __restrict__ (issue 12): the loop's
// store may write the copy's source, so ferry pipelines it behind one
// check before the loop that the bytes the copy reads (over the block and
// every iteration) and the bytes the store writes do not overlap; where
// they do, the loop runs as written. Four kernels: the seeds' loop as
// written (size_t counter and index, static tile of 256 ints), the same
// with an int index (exact affine forms), with an unsigned index (may
// wrap: the check bounds the 32-bit index itself), and with the seeds'
// extern tile (the dispatch's variant: a ring in static memory, the loop as
// written on the extern tile). Each runs with
//   - disjoint buffers (the ring runs; the timing in test/gpu/timing/
//     shows it),
//   - out = in + gridDim.x * 256: each block writes the source of its own
//     next batch, which the loop as written reads after the barrier (the
//     check fails: the ring would read it early, before the store),
//   - one block and out = in + 5: each batch writes the first 5 elements
//     of the next batch's source,
// over trip counts 0..5 and 17 and 40 (past the 16-stage prologue). No two
// blocks touch the same element, so the plain build's results are
// deterministic; the ferry build's must match them bit for bit.
#include "harness.cuh"

constexpr int kThreads = 256;

__device__ void compute(int *global_out, const int *shared_in) {
  unsigned i = threadIdx.x;
  global_out[i] = shared_in[i] * 3 + shared_in[(i + 1) % blockDim.x];
}

__global__ void seeds(int *global_out, const int *global_in, size_t batch_sz) {
  __shared__ int shared[kThreads];
  size_t local_idx = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batch_sz; batch++) {
    size_t block_batch_idx = blockIdx.x * blockDim.x + grid_size * batch;
    shared[local_idx] = global_in[block_batch_idx + local_idx];
    __syncthreads();
    compute(global_out + block_batch_idx, shared);
    __syncthreads();
  }
}

// The same with the seeds' extern tile of one block's bytes: the launch
// dispatch's variant takes a ring of its own static memory, the clone the
// extern tile.
__global__ void seeds_extern(int *global_out, const int *global_in, size_t batch_sz) {
  extern __shared__ int shared[];
  size_t local_idx = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batch_sz; batch++) {
    size_t block_batch_idx = blockIdx.x * blockDim.x + grid_size * batch;
    shared[local_idx] = global_in[block_batch_idx + local_idx];
    __syncthreads();
    compute(global_out + block_batch_idx, shared);
    __syncthreads();
  }
}

__global__ void int_index(int *out, const int *in, int batches) {
  __shared__ int tile[kThreads];
  int t = threadIdx.x;
  for (int b = 0; b < batches; b++) {
    int base = (b * (int)gridDim.x + (int)blockIdx.x) * kThreads;
    tile[t] = in[base + t];
    __syncthreads();
    out[base + t] = tile[t] * 3 + tile[(t + 1) % kThreads];
    __syncthreads();
  }
}

__global__ void unsigned_index(int *out, const int *in, unsigned batches) {
  __shared__ int tile[kThreads];
  unsigned t = threadIdx.x;
  for (unsigned b = 0; b < batches; b++) {
    unsigned base = (b * gridDim.x + blockIdx.x) * kThreads;
    tile[t] = in[base + t];
    __syncthreads();
    out[base + t] = tile[t] * 3 + tile[(t + 1) % kThreads];
    __syncthreads();
  }
}

enum Layout { kDisjoint, kOwnNextBatch, kOneBlockShifted };

static int check(harness::Rng &rng, harness::Output &output, int kernel, Layout layout,
                 int batches) {
  int blocks = layout == kOneBlockShifted ? 1 : 3;
  size_t span = (size_t)blocks * kThreads * batches; // elements each side touches
  size_t shift = layout == kDisjoint          ? span + 64
                 : layout == kOwnNextBatch ? (size_t)blocks * kThreads
                                           : 5;
  size_t n = shift + span + 64;
  std::vector<int> memory(n);
  for (int &v : memory)
    v = rng.nonzero_int(1 << 20);
  // The loop as written, block by block: no two blocks share an element.
  std::vector<int> want = memory;
  for (int k = 0; k < blocks; k++)
    for (int b = 0; b < batches; b++) {
      size_t base = ((size_t)b * blocks + k) * kThreads;
      int tile[kThreads];
      for (int t = 0; t < kThreads; t++)
        tile[t] = want[base + t];
      for (int t = 0; t < kThreads; t++)
        want[shift + base + t] = tile[t] * 3 + tile[(t + 1) % kThreads];
    }
  int *d = harness::device_copy(memory);
  int *in = d, *out = d + shift;
  if (kernel == 0)
    seeds<<<blocks, kThreads>>>(out, in, (size_t)batches);
  else if (kernel == 1)
    int_index<<<blocks, kThreads>>>(out, in, batches);
  else if (kernel == 3)
    seeds_extern<<<blocks, kThreads, kThreads * sizeof(int)>>>(out, in, (size_t)batches);
  else
    unsigned_index<<<blocks, kThreads>>>(out, in, (unsigned)batches);
  CHECK_LAUNCH();
  std::vector<int> got = harness::host_copy(d, n);
  static const char *const kernels[] = {"seeds", "int_index", "unsigned_index", "seeds_extern"};
  static const char *const layouts[] = {"disjoint", "own-next-batch", "one-block-shifted"};
  char what[96];
  std::snprintf(what, sizeof what, "%s %s batches=%d", kernels[kernel], layouts[layout],
                batches);
  output.append(got);
  CHECK(cudaFree(d));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x4A11C);
  harness::Output output;
  int failures = 0;
  for (int kernel = 0; kernel < 4; kernel++)
    for (Layout layout : {kDisjoint, kOwnNextBatch, kOneBlockShifted})
      for (int batches : {0, 1, 2, 3, 4, 5, 17, 40})
        failures += check(rng, output, kernel, layout, batches);
  if (!output.write(argv[1]))
    failures++;
  std::printf("range_check: %d failures\n", failures);
  return failures ? 1 : 0;
}
