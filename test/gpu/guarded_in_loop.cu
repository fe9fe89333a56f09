// expect: cp.async
// expect-converted: 2
// ferry-flags: -mllvm -ferry-collective=always
//
// A copy guarded per thread (threadIdx.x < lim) inside a copy loop, beside
// an unguarded copy of a second tile (found by test/fuzz: the collective
// form took the guarded copy and its row chunks overwrote the elements the
// other threads store, 2..1224 wrong outputs a launch). Now the guarded
// 4-byte copy becomes a per-thread cp.async and the 2-byte one stays
// plain; every lim from 0 to 32 and trip counts 0..5 are compared with a
// CPU reference.
#include "harness.cuh"

template <typename T>
__global__ void guarded(unsigned *__restrict__ out, const T *__restrict__ in, int lim, int n) {
  __shared__ T tile[8][32];
  __shared__ T other[8][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  unsigned acc = 0;
  for (int k = 0; k < n; k++) {
    if (tx < lim)
      tile[ty][tx] = in[blockIdx.x * 256 + k * 256 + ty * 32 + tx];
    else
      tile[ty][tx] = 7;
    other[ty][tx] = in[blockIdx.x * 256 + k * 256 + ty * 32 + tx + 56];
    __syncthreads();
    acc = acc * 31u + tile[ty][tx] + 3u * tile[ty][(tx + 1) % 32] + 5u * other[ty][tx];
    __syncthreads();
  }
  out[blockIdx.x * 256 + ty * 32 + tx] = acc;
}

template <typename T>
static int run(harness::Rng &rng, harness::Output &out, int lim, int n) {
  const int blocks = 4, len = blocks * 256 + n * 256 + 64, outs = blocks * 256;
  std::vector<T> in(len);
  for (T &v : in)
    v = (T)(rng.next() | 8);
  T *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>(outs);
  guarded<T><<<blocks, dim3(32, 8)>>>(d_out, d_in, lim, n);
  CHECK_LAUNCH();
  std::vector<unsigned> want(outs);
  for (int b = 0; b < blocks; b++)
    for (int ty = 0; ty < 8; ty++)
      for (int tx = 0; tx < 32; tx++) {
        unsigned acc = 0;
        for (int k = 0; k < n; k++) {
          auto tile = [&](int x) -> unsigned {
            return x < lim ? (unsigned)in[b * 256 + k * 256 + ty * 32 + x] : 7u;
          };
          acc = acc * 31u + tile(tx) + 3u * tile((tx + 1) % 32) +
                5u * (unsigned)in[b * 256 + k * 256 + ty * 32 + tx + 56];
        }
        want[b * 256 + ty * 32 + tx] = acc;
      }
  std::vector<unsigned> got = harness::host_copy(d_out, outs);
  char what[64];
  std::snprintf(what, sizeof what, "guarded<%zu-byte> lim=%d n=%d", sizeof(T), lim, n);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x6A4D);
  harness::Output out;
  int failures = 0;
  for (int lim = 0; lim <= 32; lim += 4)
    for (int n = 0; n <= 5; n++) {
      failures += run<unsigned short>(rng, out, lim, n);
      failures += run<unsigned>(rng, out, lim, n);
    }
  return harness::finish("guarded_in_loop", out, argv[1], failures);
}
