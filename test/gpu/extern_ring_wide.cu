// expect: cp.async
// expect-converted: 1
// expect-remark: S stages chosen per launch
//
// The seeds' loop as their users write it, a size_t counter and an extern
// __shared__ tile of one block's bytes (pointers __restrict__): the launch
// dispatch runs the variant whose ring takes its stages from the launch
// (the host gives it up to 16 tiles' bytes, 64 where a block is alone on
// its multiprocessor). Trip counts 0..20, 31..33, 63..65, 100 and 130
// exercise the guards that test the 64-bit counter at the run-time
// distance S - 1; 1, 4 and 8 blocks a multiprocessor, and 64, 256 and
// 1024 threads, change S (from 32 stages, one barrier an iteration).
#include "harness.cuh"

__global__ void seed(int *__restrict__ out, const int *__restrict__ in, size_t batches) {
  extern __shared__ int shared[];
  size_t i = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (size_t batch = 0; batch < batches; batch++) {
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;
    shared[i] = in[block_batch + i];
    __syncthreads();
    out[block_batch + i] = shared[i] * 3 + shared[(i + 1) % blockDim.x];
    __syncthreads();
  }
}

static int check(harness::Rng &rng, harness::Output &out, int blocks, int threads, size_t batches) {
  size_t n = (size_t)blocks * threads * (batches ? batches : 1);
  std::vector<int> in(n);
  for (int &v : in)
    v = rng.nonzero_int(1 << 20);
  int *d_in = harness::device_copy(in);
  int *d_out = harness::device_poisoned<int>(n);
  seed<<<blocks, threads, threads * sizeof(int)>>>(d_out, d_in, batches);
  CHECK_LAUNCH();
  std::vector<int> got = harness::host_copy(d_out, n), want(n);
  std::memset(want.data(), harness::kPoisonByte, n * sizeof(int));
  for (size_t b = 0; b < batches; b++)
    for (int k = 0; k < blocks; k++)
      for (int t = 0; t < threads; t++) {
        size_t base = (b * blocks + k) * threads;
        want[base + t] = in[base + t] * 3 + in[base + (t + 1) % threads];
      }
  char what[96];
  std::snprintf(what, sizeof what, "seed blocks=%d threads=%d batches=%zu", blocks, threads, batches);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xE87);
  harness::Output out;
  int failures = 0, sms = 0, device = 0;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  for (size_t batches = 0; batches <= 20; batches++)
    failures += check(rng, out, sms, 256, batches);
  for (int per_sm : {4, 8})
    for (size_t batches : {1, 7, 16, 17})
      failures += check(rng, out, sms * per_sm, 256, batches);
  for (size_t batches : {3, 15, 100})
    failures += check(rng, out, 5, 64, batches);
  // A block alone on its multiprocessor (8 blocks): up to 64 stages, one
  // barrier an iteration from 32: 256 threads (64 stages of 1 KiB) and
  // 1024 (32 of 4 KiB), trip counts about S and past it.
  for (int threads : {256, 1024})
    for (size_t batches : {2, 31, 32, 33, 63, 64, 65, 130})
      failures += check(rng, out, 8, threads, batches);
  if (!out.write(argv[1]))
    failures++;
  std::printf("extern_ring_wide: %d failures\n", failures);
  return failures ? 1 : 0;
}
