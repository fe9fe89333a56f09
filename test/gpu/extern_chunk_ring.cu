// expect: cp.async
// expect-converted: 1
// expect-remark: 16-byte cp.async.cg chunks
// expect-remark: S stages chosen per launch
// ferry-flags: -mllvm -ferry-collective=always
//
// The seeds' loop with an extern __shared__ tile of one block's bytes, its
// ring per launch in 16-byte chunks of the block (the form the kernel's
// second variant takes by default; -ferry-collective=always makes it the
// first, so that racecheck and synccheck run it): one check before the
// loop, the loop as written where it fails. Sources offset by 0 and 1
// elements (16-byte aligned or not: the ring or the loop as written), 64,
// 66, 256 and 1024 threads (rows of 256, 264, 1024 and 4096 bytes: 264 is
// no multiple of 16), trip counts 0..20, 31..33, 63..65, 100 and 130, 1, 4
// and 8 blocks a multiprocessor (the launch's S: up to 64 stages where a
// block is alone on its multiprocessor, one barrier an iteration from 32).
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

static int check(harness::Rng &rng, harness::Output &out, int blocks, int threads, size_t batches,
                 int offset) {
  size_t n = (size_t)blocks * threads * (batches ? batches : 1);
  std::vector<int> in(n + offset);
  for (int &v : in)
    v = rng.nonzero_int(1 << 20);
  int *d_in = harness::device_copy(in);
  int *d_out = harness::device_poisoned<int>(n);
  seed<<<blocks, threads, threads * sizeof(int)>>>(d_out, d_in + offset, batches);
  CHECK_LAUNCH();
  std::vector<int> got = harness::host_copy(d_out, n), want(n);
  std::memset(want.data(), harness::kPoisonByte, n * sizeof(int));
  for (size_t b = 0; b < batches; b++)
    for (int k = 0; k < blocks; k++)
      for (int t = 0; t < threads; t++) {
        size_t base = (b * blocks + k) * threads;
        want[base + t] = in[offset + base + t] * 3 + in[offset + base + (t + 1) % threads];
      }
  char what[128];
  std::snprintf(what, sizeof what, "seed blocks=%d threads=%d batches=%zu offset=%d", blocks,
                threads, batches, offset);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xE88);
  harness::Output out;
  int failures = 0, sms = 0, device = 0;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  for (int offset : {0, 1}) {
    for (size_t batches = 0; batches <= 20; batches++)
      failures += check(rng, out, sms, 256, batches, offset);
    for (int per_sm : {4, 8})
      for (size_t batches : {1, 7, 16, 17})
        failures += check(rng, out, sms * per_sm, 256, batches, offset);
    for (int threads : {64, 66})
      for (size_t batches : {3, 15, 100})
        failures += check(rng, out, 5, threads, batches, offset);
    // A block alone on its multiprocessor (8 blocks): up to 64 stages, one
    // barrier an iteration from 32: 256 threads (64 stages of 1 KiB) and
    // 1024 (32 of 4 KiB), trip counts about S and past it.
    for (int threads : {256, 1024})
      for (size_t batches : {2, 31, 32, 33, 63, 64, 65, 130})
        failures += check(rng, out, 8, threads, batches, offset);
  }
  if (!out.write(argv[1]))
    failures++;
  std::printf("extern_chunk_ring: %d failures\n", failures);
  return failures ? 1 : 0;
}
