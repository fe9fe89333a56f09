// expect: cp.async
// expect-converted: 2
// expect-remark: the barrier that ended each iteration
// ferry-flags: -mllvm -ferry-one-barrier
//
// Rings with one barrier an iteration (pipeline_one_barrier.c, off by
// default: the flag above turns it on): the copy
// of iteration i+S-1 issues just after the copies' barrier, into the slot
// iteration i-1 read, and the barrier that ended each iteration runs only
// where the loop ends. The compute carries state in a second shared array
// across iterations, written after a barrier of its own and read by
// another thread in the next iteration (ordered by the copies' barrier)
// and after the loop (ordered by the barrier the loop ends with). 4-byte
// elements make a ring of per-thread copies (16 stages), 2-byte ones a
// versioned ring of 16-byte chunks whose S the kernel chooses as it runs
// (an offset of one fails the check before the loop, which then runs as
// written). Trip counts 0 to 40 exercise the prologue's S-1 issues, the
// in-loop guard, and loops shorter than the ring; 1 and 8 blocks per
// multiprocessor's worth of blocks choose different S for the chunks.
#include "harness.cuh"

constexpr int kThreads = 128;

template <typename T>
__global__ void carried(unsigned *__restrict__ out, const T *__restrict__ in, int batches,
                        int offset) {
  __shared__ T tile[kThreads];
  __shared__ unsigned partial[kThreads];
  unsigned t = threadIdx.x;
  partial[t] = t;
  __syncthreads();
  for (int b = 0; b < batches; b++) {
    size_t base = ((size_t)b * gridDim.x + blockIdx.x) * kThreads;
    tile[t] = in[base + offset + t];
    __syncthreads();
    unsigned x = partial[(t + 1) % kThreads] + tile[t] * 3u + tile[(t + 5) % kThreads];
    __syncthreads();
    partial[t] = x;
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = partial[(t + 7) % kThreads];
}

template <typename T>
static int check(harness::Rng &rng, harness::Output &out, int blocks, int batches, int offset) {
  size_t n = (size_t)blocks * kThreads * (batches ? batches : 1) + 8;
  std::vector<T> in(n);
  for (T &v : in)
    v = (T)(rng.next() | 1);
  T *d_in = harness::device_copy(in);
  size_t m = (size_t)blocks * kThreads;
  unsigned *d_out = harness::device_poisoned<unsigned>(m);
  carried<T><<<blocks, kThreads>>>(d_out, d_in, batches, offset);
  CHECK_LAUNCH();
  std::vector<unsigned> got = harness::host_copy(d_out, m);
  std::vector<unsigned> want(m);
  for (int k = 0; k < blocks; k++) {
    std::vector<unsigned> partial(kThreads), next(kThreads);
    for (int t = 0; t < kThreads; t++)
      partial[t] = t;
    for (int b = 0; b < batches; b++) {
      size_t base = ((size_t)b * blocks + k) * kThreads + offset;
      for (int t = 0; t < kThreads; t++)
        next[t] = partial[(t + 1) % kThreads] + in[base + t] * 3u + in[base + (t + 5) % kThreads];
      partial.swap(next);
    }
    for (int t = 0; t < kThreads; t++)
      want[(size_t)k * kThreads + t] = partial[(t + 7) % kThreads];
  }
  char what[96];
  std::snprintf(what, sizeof what, "carried<%zu-byte> blocks=%d batches=%d offset=%d", sizeof(T),
                blocks, batches, offset);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  int device = 0, sms = 0;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  harness::Rng rng(0x0BA44);
  harness::Output out;
  int failures = 0;
  for (int blocks : {sms, 8 * sms})
    for (int batches : {0, 1, 2, 3, 7, 15, 16, 17, 40}) {
      failures += check<unsigned>(rng, out, blocks, batches, 0);
      failures += check<unsigned short>(rng, out, blocks, batches, 0);
      failures += check<unsigned short>(rng, out, blocks, batches, 1);
    }
  if (!out.write(argv[1]))
    failures++;
  std::printf("one_barrier_ring: %d failures\n", failures);
  return failures ? 1 : 0;
}
