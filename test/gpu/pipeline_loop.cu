// expect: cp.async
// expect-converted: 3
// expect-remark: pipelined its loop over
//
// Copy-and-compute loops that ferry software-pipelines: the static shared
// tile becomes a ring of stages, a prologue issues the first copies, and
// iteration i ends issuing the copy of iteration i+S. Trip counts 0, 1, 2, 3, 7,
// 8, 9, 15, 16, 17, 21 and 40 exercise the guards of the prologue and of the
// in-loop issue (S is 16 for these tiles); a source offset by one element
// and a strided source use the per-thread form; 2-byte elements the
// collective chunks of a versioned ring (an offset of one fails the check
// before the loop, which then runs as written).
#include "harness.cuh"

constexpr int kThreads = 128;

template <typename T>
__global__ void stream(T *__restrict__ out, const T *__restrict__ in, int batches,
                       int offset) {
  __shared__ T tile[kThreads];
  unsigned t = threadIdx.x;
  for (int b = 0; b < batches; b++) {
    size_t base = ((size_t)b * gridDim.x + blockIdx.x) * kThreads;
    tile[t] = in[base + offset + t];
    __syncthreads();
    out[base + t] = (T)(tile[t] * 3 + tile[(t + 1) % kThreads]);
    __syncthreads();
  }
}

// Every other element: not contiguous, so each thread issues its own copy.
__global__ void strided(int *__restrict__ out, const int *__restrict__ in, int batches) {
  __shared__ int tile[kThreads];
  unsigned t = threadIdx.x;
  for (int b = 0; b < batches; b++) {
    size_t base = ((size_t)b * gridDim.x + blockIdx.x) * kThreads;
    tile[t] = in[2 * (base + t)];
    __syncthreads();
    out[base + t] = tile[kThreads - 1 - t] - tile[t];
    __syncthreads();
  }
}

template <typename T>
static int check_stream(harness::Rng &rng, harness::Output &out, int batches, int offset) {
  const int blocks = 5;
  size_t n = (size_t)blocks * kThreads * (batches ? batches : 1) + 8;
  std::vector<T> in(n);
  for (T &v : in)
    v = (T)(rng.next() | 1);
  T *d_in = harness::device_copy(in);
  size_t m = (size_t)blocks * kThreads * (batches ? batches : 1);
  T *d_out = harness::device_poisoned<T>(m);
  stream<T><<<blocks, kThreads>>>(d_out, d_in, batches, offset);
  CHECK_LAUNCH();
  std::vector<T> got = harness::host_copy(d_out, m);
  std::vector<T> want(m);
  std::memset(want.data(), harness::kPoisonByte, m * sizeof(T));
  for (int b = 0; b < batches; b++)
    for (int k = 0; k < blocks; k++)
      for (int t = 0; t < kThreads; t++) {
        size_t base = ((size_t)b * blocks + k) * kThreads;
        want[base + t] = (T)(in[base + offset + t] * 3 + in[base + offset + (t + 1) % kThreads]);
      }
  char what[96];
  std::snprintf(what, sizeof what, "stream<%zu-byte> batches=%d offset=%d", sizeof(T), batches,
                offset);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

static int check_strided(harness::Rng &rng, harness::Output &out, int batches) {
  const int blocks = 3;
  size_t m = (size_t)blocks * kThreads * batches;
  std::vector<int> in(2 * m);
  for (int &v : in)
    v = rng.nonzero_int(1 << 20);
  int *d_in = harness::device_copy(in);
  int *d_out = harness::device_poisoned<int>(m);
  strided<<<blocks, kThreads>>>(d_out, d_in, batches);
  CHECK_LAUNCH();
  std::vector<int> got = harness::host_copy(d_out, m);
  std::vector<int> want(m);
  for (int b = 0; b < batches; b++)
    for (int k = 0; k < blocks; k++)
      for (int t = 0; t < kThreads; t++) {
        size_t base = ((size_t)b * blocks + k) * kThreads;
        want[base + t] = in[2 * (base + kThreads - 1 - t)] - in[2 * (base + t)];
      }
  char what[64];
  std::snprintf(what, sizeof what, "strided batches=%d", batches);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x919E1);
  harness::Output out;
  int failures = 0;
  for (int batches : {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 21, 40}) {
    failures += check_stream<unsigned>(rng, out, batches, 0);
    failures += check_stream<unsigned>(rng, out, batches, 1);
    failures += check_stream<unsigned short>(rng, out, batches, 0);
    failures += check_stream<unsigned short>(rng, out, batches, 1);
    if (batches)
      failures += check_strided(rng, out, batches);
  }
  if (!out.write(argv[1]))
    failures++;
  std::printf("pipeline_loop: %d failures\n", failures);
  return failures ? 1 : 0;
}
