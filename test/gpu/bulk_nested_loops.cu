// expect: cp.async
// expect-converted: 2
// expect-sm_90a-ptx: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// expect-sm_90a-ptx: mbarrier.try_wait.parity
// ferry-flags: -mllvm -ferry-collective=always -mllvm -ferry-bulk=auto -mllvm -ferry-stages=1 -mllvm -ferry-prefetch=never
//
// The bulk form (single stage: -ferry-stages=1) in a copy loop nested in
// another loop, the reproducer of a miscompile: with the outer loop's trip
// count a constant the optimizer peels it, and every iteration of the
// first copy of the inner loop waited for parity 0, so from the second
// phase on threads read the tile before the copy landed, or waited for
// ever. nested<2> is that shape, nested<0> the outer trip count given at
// launch. Inner trip counts 0..5 (0: no phase at all in one outer
// iteration), outer trip counts 1..3, block sizes whose
// rows are bulk copies (1024, 256 threads of 8 bytes), chunks (8 threads:
// 64 bytes) or neither (33 threads), each compared with a CPU reference.
#include "harness.cuh"

template <int FixedOuter>
__global__ void __attribute__((annotate("ferry:dynamic_shared=16384")))
nested(double *__restrict__ out, const double *__restrict__ in, int outer, int hi, size_t win) {
  if (FixedOuter)
    outer = FixedOuter;
  extern __shared__ __align__(16) double tile[];
  const size_t tx = threadIdx.x, bx = blockDim.x;
  const size_t blk = (size_t)blockIdx.x * win;
  double acc = 0;
  int it = 0;
  for (int o = 0; o < outer; o++) {
    for (int k = 0; k < hi; k++) {
      tile[tx] = in[blk + (size_t)o * bx + (size_t)k * bx + tx + 4];
      __syncthreads();
      acc = acc * 0.5 + tile[(tx + bx - 1) % bx] - tile[(tx + 1) % bx] + tile[tx];
      __syncthreads();
      it++;
    }
  }
  out[(size_t)blockIdx.x * bx + tx] = acc + (double)it;
}

static int run(harness::Rng &rng, harness::Output &out, int threads, int outer, int hi) {
  const int blocks = 3;
  const size_t win = (size_t)(outer + hi + 1) * threads + 8;
  const size_t n = win * blocks + 8;
  std::vector<double> in(n);
  for (double &v : in)
    v = rng.nonzero_double();
  double *d_in = harness::device_copy(in);
  const size_t m = (size_t)blocks * threads;
  double *d_out = harness::device_poisoned<double>(m);
  if (outer == 2)
    nested<2><<<blocks, threads, 16384>>>(d_out, d_in, outer, hi, win);
  else
    nested<0><<<blocks, threads, 16384>>>(d_out, d_in, outer, hi, win);
  CHECK_LAUNCH();
  std::vector<double> want(m);
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < threads; t++) {
      double acc = 0;
      int it = 0;
      for (int o = 0; o < outer; o++)
        for (int k = 0; k < hi; k++) {
          auto at = [&](int x) { return in[b * win + (size_t)(o + k) * threads + x + 4]; };
          acc = acc * 0.5 + at((t + threads - 1) % threads) - at((t + 1) % threads) + at(t);
          it++;
        }
      want[(size_t)b * threads + t] = acc + (double)it;
    }
  std::vector<double> got = harness::host_copy(d_out, m);
  char what[80];
  std::snprintf(what, sizeof what, "nested threads=%d outer=%d hi=%d", threads, outer, hi);
  out.append(got);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return harness::count_mismatches(what, got, want) ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xB0B0);
  harness::Output out;
  int failures = 0;
  for (int threads : {1024, 256, 33, 8})
    for (int outer = 1; outer <= 3; outer++)
      for (int hi = 0; hi <= 5; hi++)
        failures += run(rng, out, threads, outer, hi);
  return harness::finish("bulk_nested_loops", out, argv[1], failures);
}
