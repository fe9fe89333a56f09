// expect: cp.async
// expect-converted: 1
// expect-remark: pipelined its loop over S stages chosen as the kernel runs
// expect-remark: one check before the loop finds every row's addresses fit
// expect-sm_80-ptx: %nsmid
// ferry-flags: -mllvm -ferry-dispatch=never
//
// A ring of 16-byte chunks whose stages follow the bytes in flight
// (pipeline_plan.h, in_flight_stages), converted in place (in a launch
// dispatch's variant the kernel's one static tile takes its ring in the
// launch's dynamic shared memory instead): 2-byte elements (the block-collective
// form by default), a 128-element tile (256-byte slots, 16 of them), a
// 64-bit counter (the check before the loop computes its last iteration
// in 64 bits). The kernel picks, from the grid over the multiprocessors,
// the copy of its loop with 16 stages (up to 8 blocks a multiprocessor), 8
// (up to 16) or 4 (more): grids of 1, 9 and 17 blocks a multiprocessor
// take each. A source shifted by one element is not 16-byte aligned: the
// loop as written. Trip counts 1, 3 and 17 (more than any S). Every output
// is compared with a CPU reference and, by run.sh, bit for bit with the
// plain build.
#include "harness.cuh"

constexpr int kThreads = 128;

__global__ void stream(unsigned *__restrict__ out, const unsigned short *__restrict__ in, long n) {
  __shared__ unsigned short tile[kThreads];
  unsigned t = threadIdx.x;
  unsigned acc = 0;
  for (long b = 0; b < n; b++) {
    tile[t] = in[(b * gridDim.x + blockIdx.x) * kThreads + t];
    __syncthreads();
    acc += tile[t] * 3u + tile[t ^ 1];
    __syncthreads();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

static int check(int blocks, long iterations, int shift, harness::Rng &rng,
                 harness::Output &out) {
  size_t n = (size_t)blocks * iterations * kThreads + shift;
  std::vector<unsigned short> in(n);
  for (unsigned short &v : in)
    v = (unsigned short)rng.next();
  unsigned short *d_in = harness::device_copy(in);
  size_t m = (size_t)blocks * kThreads;
  unsigned *d_out = harness::device_poisoned<unsigned>(m);
  stream<<<blocks, kThreads>>>(d_out, d_in + shift, iterations);
  CHECK_LAUNCH();
  std::vector<unsigned> got = harness::host_copy(d_out, m);
  std::vector<unsigned> want(m);
  const unsigned short *src = in.data() + shift;
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < kThreads; t++) {
      unsigned acc = 0;
      for (long i = 0; i < iterations; i++) {
        size_t row = ((size_t)i * blocks + b) * kThreads;
        acc += src[row + t] * 3u + src[row + (t ^ 1)];
      }
      want[(size_t)b * kThreads + t] = acc;
    }
  out.append(got);
  char what[96];
  std::snprintf(what, sizeof what, "stream blocks=%d iterations=%ld shift=%d", blocks, iterations,
                shift);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  harness::Rng rng(0x1F11E);
  harness::Output out;
  int failures = 0;
  for (int per_sm : {1, 9, 17})
    for (long iterations : {1L, 3L, 17L})
      for (int shift : {0, 1})
        failures += check(sms * per_sm, iterations, shift, rng, out);
  return harness::finish("ring_in_flight", out, argv[1], failures);
}
