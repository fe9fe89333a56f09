// expect: cp.async
// expect-converted: 6
// expect-remark: another thread of the block may write the destination
//
// Offsets apart for every pair of threads of the block (issue 24): the
// bitonic merge's tile of cuda-samples' mergeSort, one run copied straight
// (s[t], under t < len_a) and the other mirrored (s[2*S-1-t], under
// t < len_b), in a kernel whose launch bounds keep the block at S threads;
// the same mirror with S = blockDim.x in dynamic shared memory; two fields
// of a struct tile. All six copies convert. `mirror_wide` (launch bounds
// of 2*S, launched with S threads) stays as written: apart for each thread,
// not for every pair. Every output is checked against a CPU reference.
#include "harness.cuh"

constexpr unsigned S = 128;

__global__ void __launch_bounds__(S) mirror_bounded(unsigned *out, const unsigned *in,
                                                    const unsigned *lens) {
  __shared__ unsigned s[2 * S];
  unsigned len_a = lens[2 * blockIdx.x], len_b = lens[2 * blockIdx.x + 1];
  const unsigned *g = in + blockIdx.x * 2 * S;
  s[threadIdx.x] = 0;
  s[threadIdx.x + S] = 0;
  __syncthreads();
  if (threadIdx.x < len_a)
    s[threadIdx.x] = g[threadIdx.x];
  if (threadIdx.x < len_b)
    s[2 * S - 1 - threadIdx.x] = g[S + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 2 * S + threadIdx.x] = s[threadIdx.x] * 3u + s[2 * S - 1 - threadIdx.x];
  out[blockIdx.x * 2 * S + S + threadIdx.x] = s[threadIdx.x + S] ^ s[S - 1 - threadIdx.x];
}

__global__ void mirror_blockdim(unsigned *out, const unsigned *in) {
  extern __shared__ unsigned d[];
  unsigned n = blockDim.x, t = threadIdx.x;
  const unsigned *g = in + blockIdx.x * 2 * n;
  d[t] = g[t];
  d[2 * n - 1 - t] = g[n + t];
  __syncthreads();
  out[blockIdx.x * 2 * n + t] = d[t] + 5u * d[t + n];
  out[blockIdx.x * 2 * n + n + t] = d[(t + 1) % (2 * n)];
}

struct Pair { float x, y; };

__global__ void fields(float *out, const Pair *in) {
  __shared__ Pair s[S];
  int t = threadIdx.x, i = blockIdx.x * S + t;
  s[t].x = in[i].x;
  s[t].y = in[i].y;
  __syncthreads();
  out[i] = s[t].x * s[S - 1 - t].y;
}

__global__ void __launch_bounds__(2 * S) mirror_wide(unsigned *out, const unsigned *in) {
  __shared__ unsigned s[2 * S];
  const unsigned *g = in + blockIdx.x * 2 * S;
  s[threadIdx.x] = g[threadIdx.x];
  s[2 * S - 1 - threadIdx.x] = g[S + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 2 * S + threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + S];
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xD15A1);
  harness::Output out;
  int failures = 0;
  const int grid = 7;
  size_t count = (size_t)grid * 2 * S;
  std::vector<unsigned> in(count);
  for (unsigned &v : in)
    v = (unsigned)rng.nonzero_int(1 << 20);
  unsigned *d_in = harness::device_copy(in);

  { // mirror_bounded: lengths 0..S, per block
    std::vector<unsigned> lens(2 * grid);
    const unsigned pick[][2] = {{S, S}, {0, S}, {S, 0}, {1, 127}, {77, 50}, {128, 3}, {0, 0}};
    for (int b = 0; b < grid; b++) {
      lens[2 * b] = pick[b][0];
      lens[2 * b + 1] = pick[b][1];
    }
    std::vector<unsigned> want(count);
    for (int b = 0; b < grid; b++) {
      std::vector<unsigned> s(2 * S, 0);
      for (unsigned t = 0; t < S; t++) {
        if (t < lens[2 * b]) s[t] = in[b * 2 * S + t];
        if (t < lens[2 * b + 1]) s[2 * S - 1 - t] = in[b * 2 * S + S + t];
      }
      for (unsigned t = 0; t < S; t++) {
        want[b * 2 * S + t] = s[t] * 3u + s[2 * S - 1 - t];
        want[b * 2 * S + S + t] = s[t + S] ^ s[S - 1 - t];
      }
    }
    unsigned *d_lens = harness::device_copy(lens), *d_out = harness::device_poisoned<unsigned>(count);
    mirror_bounded<<<grid, S>>>(d_out, d_in, d_lens);
    CHECK_LAUNCH();
    std::vector<unsigned> got = harness::host_copy(d_out, count);
    failures += harness::count_mismatches("mirror_bounded", got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_lens));
    CHECK(cudaFree(d_out));
  }
  for (unsigned n : {32u, 96u, 128u}) { // mirror_blockdim
    size_t used = (size_t)grid * 2 * n;
    std::vector<unsigned> want(used);
    for (int b = 0; b < grid; b++) {
      std::vector<unsigned> d(2 * n);
      for (unsigned t = 0; t < n; t++) {
        d[t] = in[b * 2 * n + t];
        d[2 * n - 1 - t] = in[b * 2 * n + n + t];
      }
      for (unsigned t = 0; t < n; t++) {
        want[b * 2 * n + t] = d[t] + 5u * d[t + n];
        want[b * 2 * n + n + t] = d[(t + 1) % (2 * n)];
      }
    }
    unsigned *d_out = harness::device_poisoned<unsigned>(used);
    mirror_blockdim<<<grid, n, 2 * n * sizeof(unsigned)>>>(d_out, d_in);
    CHECK_LAUNCH();
    std::vector<unsigned> got = harness::host_copy(d_out, used);
    char what[64];
    std::snprintf(what, sizeof what, "mirror_blockdim n=%u", n);
    failures += harness::count_mismatches(what, got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_out));
  }
  { // fields
    size_t pairs = (size_t)grid * S;
    std::vector<Pair> p(pairs);
    for (Pair &v : p) {
      v.x = rng.nonzero_float();
      v.y = rng.nonzero_float();
    }
    std::vector<float> want(pairs);
    for (size_t i = 0; i < pairs; i++) {
      size_t b = i / S, t = i % S;
      want[i] = p[i].x * p[b * S + S - 1 - t].y;
    }
    Pair *d_p = harness::device_copy(p);
    float *d_out = harness::device_poisoned<float>(pairs);
    fields<<<grid, S>>>(d_out, d_p);
    CHECK_LAUNCH();
    std::vector<float> got = harness::host_copy(d_out, pairs);
    failures += harness::count_mismatches("fields", got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_p));
    CHECK(cudaFree(d_out));
  }
  { // mirror_wide, launched with S threads
    std::vector<unsigned> want(count, 0);
    for (int b = 0; b < grid; b++) {
      std::vector<unsigned> s(2 * S);
      for (unsigned t = 0; t < S; t++) {
        s[t] = in[b * 2 * S + t];
        s[2 * S - 1 - t] = in[b * 2 * S + S + t];
      }
      for (unsigned t = 0; t < S; t++)
        want[b * 2 * S + t] = s[t] + s[t + S];
    }
    unsigned *d_out = harness::device_poisoned<unsigned>(count);
    CHECK(cudaMemset(d_out, 0, count * sizeof(unsigned)));
    mirror_wide<<<grid, S>>>(d_out, d_in);
    CHECK_LAUNCH();
    std::vector<unsigned> got = harness::host_copy(d_out, count);
    failures += harness::count_mismatches("mirror_wide", got, want) != 0;
    out.append(got);
    CHECK(cudaFree(d_out));
  }
  CHECK(cudaFree(d_in));
  return harness::finish("disjoint_in_block", out, argv[1], failures);
}
