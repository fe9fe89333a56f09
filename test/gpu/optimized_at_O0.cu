// expect: cp.async
// expect-converted: 5
// expect-remark: pipelined its loop over
// ferry-flags: -O0
//
// The ferry build is compiled at -O0 (the plain build at -O3, as every test
// here): the launch dispatch's variants are optimized (ferry-optimize-
// variants), so the copy loop behind a helper call is pipelined and the
// transpose's rows of a tile, a loop of four, are unrolled and converted,
// as at -O2; launches run the variants. Trip counts 0..17 and 40 exercise
// the ring's guards.
#include "harness.cuh"

constexpr int kThreads = 128;

__device__ int combine(const int *tile, unsigned t) { return tile[t] * 3 + tile[(t + 1) % kThreads]; }

__global__ void stream(int *__restrict__ out, const int *__restrict__ in, int batches) {
  __shared__ int tile[kThreads];
  unsigned t = threadIdx.x;
  for (int b = 0; b < batches; b++) {
    size_t base = ((size_t)b * gridDim.x + blockIdx.x) * kThreads;
    tile[t] = in[base + t];
    __syncthreads();
    out[base + t] = combine(tile, t);
    __syncthreads();
  }
}

constexpr int kTile = 32, kRows = 8;

__global__ void transpose(int *__restrict__ out, const int *__restrict__ in, int side) {
  __shared__ int tile[kTile][kTile + 1];
  int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * side + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    out[(y + j) * side + x] = tile[threadIdx.x][threadIdx.y + j];
}

static int check_stream(harness::Rng &rng, harness::Output &out, int batches) {
  const int blocks = 5;
  size_t m = (size_t)blocks * kThreads * (batches ? batches : 1);
  std::vector<int> in(m);
  for (int &v : in)
    v = rng.nonzero_int(1 << 20);
  int *d_in = harness::device_copy(in);
  int *d_out = harness::device_poisoned<int>(m);
  stream<<<blocks, kThreads>>>(d_out, d_in, batches);
  CHECK_LAUNCH();
  std::vector<int> got = harness::host_copy(d_out, m), want(m);
  std::memset(want.data(), harness::kPoisonByte, m * sizeof(int));
  for (int b = 0; b < batches; b++)
    for (int k = 0; k < blocks; k++)
      for (int t = 0; t < kThreads; t++) {
        size_t base = ((size_t)b * blocks + k) * kThreads;
        want[base + t] = in[base + t] * 3 + in[base + (t + 1) % kThreads];
      }
  char what[64];
  std::snprintf(what, sizeof what, "stream batches=%d", batches);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

static int check_transpose(harness::Rng &rng, harness::Output &out) {
  const int side = 256;
  std::vector<int> in((size_t)side * side);
  for (int &v : in)
    v = rng.nonzero_int(1 << 20);
  int *d_in = harness::device_copy(in);
  int *d_out = harness::device_poisoned<int>(in.size());
  transpose<<<dim3(side / kTile, side / kTile), dim3(kTile, kRows)>>>(d_out, d_in, side);
  CHECK_LAUNCH();
  std::vector<int> got = harness::host_copy(d_out, in.size()), want(in.size());
  for (int y = 0; y < side; y++)
    for (int x = 0; x < side; x++)
      want[(size_t)x * side + y] = in[(size_t)y * side + x];
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches("transpose", got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x00F1);
  harness::Output out;
  int failures = 0;
  for (int batches : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 40})
    failures += check_stream(rng, out, batches);
  failures += check_transpose(rng, out);
  if (!out.write(argv[1]))
    failures++;
  std::printf("optimized_at_O0: %d failures\n", failures);
  return failures ? 1 : 0;
}
