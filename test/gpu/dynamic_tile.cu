// expect: cp.async
// expect-converted: 2
// expect-remark: pipelined its loop over 16 stages
//
// The seeds' copy-and-compute loop on dynamic shared memory (extern
// __shared__), with the kernel's hint of the dynamic shared memory it is
// launched with: ferry pipelines it inside that memory, slots one tile's
// extent apart (1 KiB under __launch_bounds__(256): 16 stages in 16 KiB).
// Block sizes 256 and 96 (a partial tile), trip counts 0 to 40, and the
// compute of the seeds: shared[i] * 3 + shared[(i + 1) % blockDim.x].
#include "harness.cuh"

constexpr int kLaunchBytes = 16384;

__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=16384")))
copy_compute(int *__restrict__ out, const int *__restrict__ in, int batches) {
  extern __shared__ int shared[];
  unsigned i = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (int batch = 0; batch < batches; batch++) {
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;
    shared[i] = in[block_batch + i];
    __syncthreads();
    out[block_batch + i] = shared[i] * 3 + shared[(i + 1) % blockDim.x];
    __syncthreads();
  }
}

// The same with 2-byte elements: the block's copies as 16-byte chunks.
__global__ void __launch_bounds__(256) __attribute__((annotate("ferry:dynamic_shared=16384")))
copy_compute_short(unsigned short *__restrict__ out, const unsigned short *__restrict__ in,
                   int batches) {
  extern __shared__ unsigned short half[];
  unsigned i = threadIdx.x;
  size_t grid_size = (size_t)gridDim.x * blockDim.x;
  for (int batch = 0; batch < batches; batch++) {
    size_t block_batch = blockIdx.x * blockDim.x + grid_size * batch;
    half[i] = in[block_batch + i];
    __syncthreads();
    out[block_batch + i] = (unsigned short)(half[i] * 3 + half[(i + 1) % blockDim.x]);
    __syncthreads();
  }
}

template <typename T, typename Kernel>
static int check(Kernel kernel, harness::Rng &rng, harness::Output &out, int threads, int batches) {
  const int blocks = 6;
  size_t n = (size_t)blocks * threads * (batches ? batches : 1);
  std::vector<T> in(n);
  for (T &v : in)
    v = (T)(rng.next() | 1);
  T *d_in = harness::device_copy(in);
  T *d_out = harness::device_poisoned<T>(n);
  kernel<<<blocks, threads, kLaunchBytes>>>(d_out, d_in, batches);
  CHECK_LAUNCH();
  std::vector<T> got = harness::host_copy(d_out, n), want(n);
  std::memset(want.data(), harness::kPoisonByte, n * sizeof(T));
  for (int b = 0; b < batches; b++)
    for (int k = 0; k < blocks; k++)
      for (int t = 0; t < threads; t++) {
        size_t base = ((size_t)b * blocks + k) * threads;
        want[base + t] = (T)(in[base + t] * 3 + in[base + (t + 1) % threads]);
      }
  char what[96];
  std::snprintf(what, sizeof what, "%zu-byte threads=%d batches=%d", sizeof(T), threads, batches);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xD1A7);
  harness::Output out;
  int failures = 0;
  for (int threads : {256, 96})
    for (int batches : {0, 1, 2, 15, 16, 17, 40}) {
      failures += check<int>(copy_compute, rng, out, threads, batches);
      failures += check<unsigned short>(copy_compute_short, rng, out, threads, batches);
    }
  return harness::finish("dynamic_tile", out, argv[1], failures);
}
