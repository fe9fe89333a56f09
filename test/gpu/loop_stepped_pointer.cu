// expect: cp.async
// expect-converted: 4
// expect-remark: pipelined its loop over
// expect-remark: pipelined its loop over S stages chosen per launch
//
// Copy loops whose source pointer is stepped each iteration (issue 16):
// by a constant (`p += kBlocks * kThreads`), by a loop-invariant amount
// (`p += 16 * ld`), the same with 2-byte elements (block-collective
// 16-byte chunks in a versioned ring; a source one element off fails the
// check before the loop, which then runs as written), and a stepped pointer
// in a `k <= hi` loop. Each is pipelined (16 stages); trip counts 0..20.
// Every output is compared with a CPU reference and, by run.sh, bit for
// bit with the plain build.
#include "harness.cuh"

constexpr int kThreads = 128, kBlocks = 3;

template <typename T> __device__ __forceinline__ unsigned mix(const T *tile, unsigned t) {
  return tile[t] * 3u + tile[(t + 1) % kThreads];
}

__global__ void constant_step(unsigned *__restrict__ out, const unsigned *__restrict__ in, int n) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  const unsigned *p = in + blockIdx.x * kThreads;
  for (int k = 0; k < n; k++) {
    tile[t] = p[t];
    p += kBlocks * kThreads;
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

__global__ void invariant_step(unsigned *__restrict__ out, const unsigned *__restrict__ in, int n,
                               int ld) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  const unsigned *p = in + blockIdx.x * kThreads;
  for (int k = 0; k < n; k++) {
    tile[t] = p[t];
    p += 16 * ld;
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

__global__ void collective_step(unsigned *__restrict__ out, const unsigned short *__restrict__ in,
                                int n, int ld, int offset) {
  __shared__ unsigned short tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  const unsigned short *p = in + offset + blockIdx.x * kThreads;
  for (int k = 0; k < n; k++) {
    tile[t] = p[t];
    p += 16 * ld;
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

__global__ void less_equal_step(unsigned *__restrict__ out, const unsigned *__restrict__ in, int lo,
                                int hi) {
  __shared__ unsigned tile[kThreads];
  unsigned t = threadIdx.x, acc = 0;
  const unsigned *p = in + blockIdx.x * kThreads;
  for (int k = lo; k <= hi; k++) {
    tile[t] = p[t];
    p += kBlocks * kThreads;
    __syncthreads();
    acc += mix(tile, t);
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

enum Shape { kConstant, kInvariant, kCollective, kCollectiveOff, kLessEqual };

// Iteration j of block b reads in[offset + (j * kBlocks + b) * kThreads + t]:
// every shape's step is kBlocks * kThreads elements (ld = that / 16).
template <typename T>
static int check(harness::Rng &rng, harness::Output &out, Shape shape, int trips) {
  const int ld = kBlocks * kThreads / 16, offset = shape == kCollectiveOff ? 1 : 0;
  size_t n = (size_t)(trips ? trips : 1) * kBlocks * kThreads + 8;
  std::vector<T> in(n);
  for (T &v : in)
    v = (T)(rng.next() | 1u);
  T *d_in = harness::device_copy(in);
  unsigned *d_out = harness::device_poisoned<unsigned>(kBlocks * kThreads);
  const char *name = "";
  switch (shape) {
  case kConstant:
    name = "constant_step";
    constant_step<<<kBlocks, kThreads>>>(d_out, (const unsigned *)d_in, trips);
    break;
  case kInvariant:
    name = "invariant_step";
    invariant_step<<<kBlocks, kThreads>>>(d_out, (const unsigned *)d_in, trips, ld);
    break;
  case kCollective:
  case kCollectiveOff:
    name = "collective_step";
    collective_step<<<kBlocks, kThreads>>>(d_out, (const unsigned short *)d_in, trips, ld, offset);
    break;
  case kLessEqual:
    name = "less_equal_step";
    less_equal_step<<<kBlocks, kThreads>>>(d_out, (const unsigned *)d_in, 11, 11 + trips - 1);
    break;
  }
  CHECK_LAUNCH();
  std::vector<unsigned> got = harness::host_copy(d_out, kBlocks * kThreads);
  std::vector<unsigned> want(kBlocks * kThreads, 0);
  for (int j = 0; j < trips; j++)
    for (int b = 0; b < kBlocks; b++)
      for (int t = 0; t < kThreads; t++) {
        const T *tile = &in[offset + ((size_t)j * kBlocks + b) * kThreads];
        want[b * kThreads + t] += tile[t] * 3u + tile[(t + 1) % kThreads];
      }
  char what[96];
  std::snprintf(what, sizeof what, "%s trips=%d offset=%d", name, trips, offset);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0x57E99);
  harness::Output out;
  int failures = 0;
  for (int trips = 0; trips <= 20; trips++) {
    failures += check<unsigned>(rng, out, kConstant, trips);
    failures += check<unsigned>(rng, out, kInvariant, trips);
    failures += check<unsigned short>(rng, out, kCollective, trips);
    failures += check<unsigned short>(rng, out, kCollectiveOff, trips);
    failures += check<unsigned>(rng, out, kLessEqual, trips);
  }
  return harness::finish("loop_stepped_pointer", out, argv[1], failures);
}
