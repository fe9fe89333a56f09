// expect: cp.async
// expect-converted: 3
// expect-remark: converted a guarded 4-byte global-to-shared copy to cp.async.ca with a source size of 0 where the guard of the iteration it issues fails and pipelined its loop
// expect-sm_80-ptx: cp.async.wait_group 	7;
// ferry-flags: -mllvm -ferry-cost-model=false
//
// Guarded copies in rings (issue 13, shape 2): the ring issues iteration
// i+S-1's copy at the top of iteration i, its guard evaluated for that
// iteration, with a source size of 0 (zeros filled) where it fails.
// `matmul`: a 16x16-tiled matrix product with edge checks on both tiles
// (`row < M && k + tx < K`), M, N, K not multiples of the tile (100x70x37),
// K with no iteration (0) and one (5, 16), and exact tiles (64x48x64). The
// cost model finds its tiles read 16 times, where only a ring of 16-byte
// chunks pays, which guarded copies do not take: it keeps them plain by
// default, so the flags above turn it off (both tiles in a ring of 8
// stages). `tail`: a 1-D loop whose last tile runs past n, the loop ferry
// pipelines by default (16 stages; the cost model leaves it alone), n from
// 0 to past several tiles, iterations beyond the data. Values are small
// integers, so float sums are exact and the CPU reference is the GPU's.
#include "harness.cuh"

#define TILE 16

__global__ void matmul(float *C, const float *A, const float *B, int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0;
  for (int k = 0; k < K; k += TILE) {
    As[ty][tx] = (row < M && k + tx < K) ? A[row * K + k + tx] : 0.f;
    Bs[ty][tx] = (k + ty < K && col < N) ? B[(k + ty) * N + col] : 0.f;
    __syncthreads();
    for (int j = 0; j < TILE; j++)
      sum += As[ty][j] * Bs[j][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = sum;
}

__global__ void tail(unsigned *__restrict__ out, const unsigned *__restrict__ in, int n,
                     int iterations) {
  __shared__ unsigned b[256];
  unsigned acc = 0;
  for (int k = 0; k < iterations; k++) {
    int i = k * 256 + threadIdx.x;
    b[threadIdx.x] = i < n ? in[i] : 0u;
    __syncthreads();
    acc = acc * 31u + b[threadIdx.x] + 3u * b[threadIdx.x ^ 1] + 5u * b[255 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

static int run_matmul(harness::Rng &rng, harness::Output &out, int M, int N, int K) {
  std::vector<float> a((size_t)M * K + 1), b((size_t)K * N + 1);
  for (float &v : a)
    v = (float)(rng.next() % 16);
  for (float &v : b)
    v = (float)(rng.next() % 16);
  float *d_a = harness::device_copy(a), *d_b = harness::device_copy(b);
  float *d_c = harness::device_poisoned<float>((size_t)M * N + 1);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul<<<grid, dim3(TILE, TILE)>>>(d_c, d_a, d_b, M, N, K);
  CHECK_LAUNCH();
  std::vector<float> want((size_t)M * N);
  for (int r = 0; r < M; r++)
    for (int c = 0; c < N; c++) {
      float sum = 0;
      for (int k = 0; k < K; k++)
        sum += a[(size_t)r * K + k] * b[(size_t)k * N + c];
      want[(size_t)r * N + c] = sum;
    }
  std::vector<float> got = harness::host_copy(d_c, (size_t)M * N);
  char what[64];
  std::snprintf(what, sizeof what, "matmul %dx%dx%d", M, N, K);
  out.append(got);
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

static int run_tail(harness::Rng &rng, harness::Output &out, int n, int iterations) {
  const int blocks = 3, outs = blocks * 256;
  std::vector<unsigned> in(n + 1);
  for (unsigned &v : in)
    v = (unsigned)(rng.next() | 1);
  unsigned *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>(outs);
  tail<<<blocks, 256>>>(d_out, d_in, n, iterations);
  CHECK_LAUNCH();
  std::vector<unsigned> want(outs);
  for (int blk = 0; blk < blocks; blk++)
    for (int t = 0; t < 256; t++) {
      unsigned acc = 0;
      for (int k = 0; k < iterations; k++) {
        auto at = [&](int x) -> unsigned { return k * 256 + x < n ? in[k * 256 + x] : 0u; };
        acc = acc * 31u + at(t) + 3u * at(t ^ 1) + 5u * at(255 - t);
      }
      want[blk * 256 + t] = acc;
    }
  std::vector<unsigned> got = harness::host_copy(d_out, outs);
  char what[64];
  std::snprintf(what, sizeof what, "tail n=%d iterations=%d", n, iterations);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x6E1D);
  harness::Output out;
  int failures = 0;
  const int shapes[][3] = {{100, 70, 37}, {100, 70, 0}, {100, 70, 5}, {37, 29, 16},
                           {64, 48, 64},  {1, 1, 1},    {33, 17, 200}};
  for (const auto &s : shapes)
    failures += run_matmul(rng, out, s[0], s[1], s[2]);
  const int tails[][2] = {{0, 0}, {0, 3}, {100, 1}, {256, 1}, {300, 2}, {1000, 4},
                          {1000, 7}, {5000, 20}, {4096, 16}, {777, 40}};
  for (const auto &t : tails)
    failures += run_tail(rng, out, t[0], t[1]);
  return harness::finish("guarded_ring", out, argv[1], failures);
}
