// expect: cp.async
// expect-converted: 1
// expect-remark: in a loop with no barrier to per-thread cp.async
//
// A block-strided copy loop written with bumped pointers (issue 24):
// `for (i = t; i < n; i += blockDim.x, g += blockDim.x, d += blockDim.x)
// *d = *g;` then one barrier. Every iteration's cp.async stays in flight
// until the wait before that barrier; the destination moves by blockDim.x
// elements each iteration, so no two write one element. Tile lengths below,
// at and above the block, not multiples of it; blocks of 32, 96 and 128.
// Every output is checked against a CPU reference.
#include "harness.cuh"

__global__ void bumped(float *out, const float *in, int n) {
  extern __shared__ float s[];
  const float *g = in + blockIdx.x * n + threadIdx.x;
  float *d = s + threadIdx.x;
  for (int i = threadIdx.x; i < n; i += blockDim.x, g += blockDim.x, d += blockDim.x)
    *d = *g;
  __syncthreads();
  int t = threadIdx.x;
  out[blockIdx.x * blockDim.x + t] = s[(t * 7 + 3) % n] - s[(n - 1) - t % n];
}

int main(int argc, char **argv) {
  if (argc != 2)
    return harness::usage(argv[0]);
  harness::Rng rng(0xB0B9);
  harness::Output out;
  int failures = 0;
  const int grid = 6;
  for (int block : {32, 96, 128})
    for (int n : {1, 31, 96, 200, 1000}) {
      size_t count = (size_t)grid * n, outputs = (size_t)grid * block;
      std::vector<float> in(count), want(outputs);
      for (float &v : in)
        v = rng.nonzero_float();
      for (size_t i = 0; i < outputs; i++) {
        size_t b = i / block, t = i % block;
        want[i] = in[b * n + (t * 7 + 3) % n] - in[b * n + (n - 1) - t % n];
      }
      float *d_in = harness::device_copy(in), *d_out = harness::device_poisoned<float>(outputs);
      bumped<<<grid, block, n * sizeof(float)>>>(d_out, d_in, n);
      CHECK_LAUNCH();
      std::vector<float> got = harness::host_copy(d_out, outputs);
      char what[64];
      std::snprintf(what, sizeof what, "bumped block=%d n=%d", block, n);
      failures += harness::count_mismatches(what, got, want) != 0;
      out.append(got);
      CHECK(cudaFree(d_in));
      CHECK(cudaFree(d_out));
    }
  return harness::finish("copy_loop_bumped", out, argv[1], failures);
}
