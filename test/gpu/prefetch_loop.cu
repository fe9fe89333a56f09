// expect: no cp.async
// expect-remark: prefetched its source into L2
// ferry-flags: -mllvm -ferry-stages=1
//
// (-ferry-stages=1: a range check before the loop now gives the launch
// dispatch's variant a ring; this test is for the prefetch, which takes
// the loops no ring took. range_check.cu tests the rings.)
//
// The seeds' loop as written (extern tile of one block, pointers that may
// alias): ferry-prefetch keeps the copy plain and prefetches its source k
// iterations ahead (k from the blocks per multiprocessor, 1 to 16), with a
// prologue in the first iteration. Every trip count from 0 to 20 (around
// the distance: 16 with one small block per SM, less with more), counters
// counting by 1 (64 bits, != exit) and by 3 (32 bits, < test), block sizes
// 256, 64 and 33, grids of 1 block and of 8 per SM, and the output written
// in place over the input (out == in: what the source may alias), each
// compared with a CPU reference. A prefetch never reads past the last
// iteration: memcheck would see an out-of-bounds address only if the
// prefetch faulted, so the input ends exactly at the last batch.
#include "harness.cuh"

__global__ void by_one(int *out, const int *in, size_t batches) {
  extern __shared__ int tile[];
  size_t t = threadIdx.x;
  size_t grid = (size_t)gridDim.x * blockDim.x;
  for (size_t b = 0; b < batches; b++) {
    size_t base = blockIdx.x * blockDim.x + grid * b;
    tile[t] = in[base + t];
    __syncthreads();
    out[base + t] = tile[t] * 3 + tile[(t + 1) % blockDim.x];
    __syncthreads();
  }
}

__global__ void by_three(int *out, const int *in, unsigned batches) {
  extern __shared__ int tile[];
  unsigned t = threadIdx.x;
  size_t grid = (size_t)gridDim.x * blockDim.x;
  for (unsigned b = 0; b < batches; b += 3) {
    size_t base = blockIdx.x * blockDim.x + grid * b;
    tile[t] = in[base + t];
    __syncthreads();
    out[base + t] = tile[t] - tile[(t + blockDim.x - 1) % blockDim.x];
    __syncthreads();
  }
}

static int run(harness::Rng &rng, harness::Output &out, bool three, int threads, int blocks,
               int trips, bool in_place) {
  size_t n = (size_t)blocks * threads * (trips ? trips : 1);
  std::vector<int> in(n);
  for (int &v : in)
    v = rng.nonzero_int(1 << 20);
  int *d_in = harness::device_copy(in);
  int *d_out = in_place ? d_in : harness::device_copy(in);
  size_t shared = threads * sizeof(int);
  if (three)
    by_three<<<blocks, threads, shared>>>(d_out, d_in, (unsigned)trips);
  else
    by_one<<<blocks, threads, shared>>>(d_out, d_in, (size_t)trips);
  CHECK_LAUNCH();
  std::vector<int> want = in;
  size_t grid = (size_t)blocks * threads;
  for (int b = 0; b < trips; b += three ? 3 : 1)
    for (int k = 0; k < blocks; k++) {
      size_t base = (size_t)k * threads + grid * b;
      std::vector<int> tile(in.begin() + base, in.begin() + base + threads);
      for (int t = 0; t < threads; t++)
        want[base + t] = three ? tile[t] - tile[(t + threads - 1) % threads]
                               : tile[t] * 3 + tile[(t + 1) % threads];
    }
  std::vector<int> got = harness::host_copy(d_out, n);
  char what[96];
  std::snprintf(what, sizeof what, "%s threads=%d blocks=%d trips=%d%s", three ? "by_three" : "by_one",
                threads, blocks, trips, in_place ? " in place" : "");
  out.append(got);
  CHECK(cudaFree(d_in));
  if (!in_place)
    CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  harness::Rng rng(0x9F37C);
  harness::Output out;
  int failures = 0;
  for (int trips = 0; trips <= 20; trips++)
    for (bool three : {false, true})
      for (int threads : {256, 64, 33})
        failures += run(rng, out, three, threads, 1, trips, trips % 2);
  for (int trips : {0, 1, 3, 4, 5, 17})
    for (bool three : {false, true})
      failures += run(rng, out, three, 256, sms * 8, trips, trips % 2 == 0);
  return harness::finish("prefetch_loop", out, argv[1], failures);
}
